import type { TrackList } from '@platter/shared';
import { MAX_PAGE_SIZE } from '@platter/shared/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, withQuery } from '../../../lib/api-client';
import { takeInitialAnswer } from '../../../lib/initial-data';
import { queryKeys } from '../../../lib/query-keys';

/** All of an artist's tracks; the page size is the server's maximum. */
export function getArtistTracks(artistId: string, signal?: AbortSignal): Promise<TrackList> {
  return apiRequest('/api/tracks', {
    schema: 'trackListSchema',
    query: { artistId, page: 1, pageSize: MAX_PAGE_SIZE },
    signal,
  });
}

export const artistTracksQueryOptions = (artistId: string) =>
  queryOptions({
    queryKey: queryKeys.tracks.list({ artistId, page: 1, pageSize: MAX_PAGE_SIZE }),
    queryFn: ({ signal }) => getArtistTracks(artistId, signal),
    // A signed-out visitor's /artist/:id carries them (lib/initial-data.ts).
    initialData: () => takeInitialAnswer<TrackList>(withQuery('/api/tracks', { artistId, page: 1, pageSize: MAX_PAGE_SIZE })),
  });

export function useArtistTracks(artistId: string) {
  return useQuery(artistTracksQueryOptions(artistId));
}
