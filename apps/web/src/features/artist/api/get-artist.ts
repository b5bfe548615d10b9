import type { ArtistPage } from '@platter/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { takeInitialAnswer } from '../../../lib/initial-data';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /api/artists/:id`: the public profile plus whether the viewer subscribes (404 for an unknown id). */
export function getArtist(id: string, signal?: AbortSignal): Promise<ArtistPage> {
  return apiRequest(`/api/artists/${encodeURIComponent(id)}`, { schema: 'artistPageSchema', signal });
}

export const artistQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.artists.detail(id),
    queryFn: ({ signal }) => getArtist(id, signal),
    // A signed-out visitor's /artist/:id carries the profile (lib/initial-data.ts).
    initialData: () => takeInitialAnswer<ArtistPage>(`/api/artists/${encodeURIComponent(id)}`),
  });

export function useArtist(id: string) {
  return useQuery(artistQueryOptions(id));
}
