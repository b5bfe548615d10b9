import { ALL_GENRES, trackListSchema, type TrackList, type TrackListQuery } from '@platter/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type TracksQuery = Pick<TrackListQuery, 'genre' | 'q' | 'page' | 'pageSize'>;

/** `GET /api/tracks`; 'All' and an empty search are left out, which the server reads as no filter. */
export function getTracks(query: TracksQuery, signal?: AbortSignal): Promise<TrackList> {
  return apiRequest('/api/tracks', {
    schema: trackListSchema,
    query: {
      genre: query.genre === ALL_GENRES ? undefined : query.genre,
      q: query.q?.trim() || undefined,
      page: query.page,
      pageSize: query.pageSize,
    },
    signal,
  });
}

export const tracksQueryOptions = (query: TracksQuery) =>
  queryOptions({
    queryKey: queryKeys.tracks.list(query),
    queryFn: ({ signal }) => getTracks(query, signal),
    // The previous page stays on screen while the next one loads, so the list never flashes empty.
    placeholderData: keepPreviousData,
  });

export function useTracks(query: TracksQuery) {
  return useQuery(tracksQueryOptions(query));
}
