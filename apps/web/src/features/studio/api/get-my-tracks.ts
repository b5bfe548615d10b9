import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /api/me/tracks`: my tracks, hidden ones included, newest first. */
export const myTracksQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.studio.tracks,
    queryFn: ({ signal }) => apiRequest('/api/me/tracks', { schema: 'trackItemsSchema', signal }),
  });

export function useMyTracks() {
  return useQuery(myTracksQueryOptions());
}
