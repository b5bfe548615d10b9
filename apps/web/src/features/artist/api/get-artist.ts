import type { ArtistPage } from '@platter/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /api/artists/:id`: the public profile plus whether the viewer subscribes (404 for an unknown id). */
export function getArtist(id: string, signal?: AbortSignal): Promise<ArtistPage> {
  return apiRequest(`/api/artists/${encodeURIComponent(id)}`, { schema: 'artistPageSchema', signal });
}

export const artistQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.artists.detail(id),
    queryFn: ({ signal }) => getArtist(id, signal),
  });

export function useArtist(id: string) {
  return useQuery(artistQueryOptions(id));
}
