import type { TrackList, TrackListQuery } from '@platter/shared';
import { ALL_GENRES } from '@platter/shared/constants';
import { type QueryClient, keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, withQuery } from '../../../lib/api-client';
import { takeInitialAnswer } from '../../../lib/initial-data';
import { queryKeys } from '../../../lib/query-keys';

export type TracksQuery = Pick<TrackListQuery, 'genre' | 'q' | 'page' | 'pageSize'>;

/** `GET /api/tracks`; 'All' and an empty search are left out, which the server reads as no filter. */
export function getTracks(query: TracksQuery, signal?: AbortSignal, anchor?: string): Promise<TrackList> {
  return apiRequest('/api/tracks', { schema: 'trackListSchema', query: { ...tracksParams(query), anchor }, signal });
}

function tracksParams(query: TracksQuery) {
  return { genre: query.genre === ALL_GENRES ? undefined : query.genre, q: query.q?.trim() || undefined, page: query.page, pageSize: query.pageSize };
}

/** How far (in pages) a cached page of the same list may be for its anchors to serve: the page dots' reach. */
const ANCHOR_PAGES = 3;

/**
 * An anchor for the page asked for, from a page of the same list already loaded next to it (the
 * one on screen, when moving by a swipe or a dot), so the server seeks to it instead of skipping
 * every track before a deep page. Undefined when no neighbour is loaded: the server then counts.
 */
export function nearbyAnchor(client: QueryClient, query: TracksQuery): string | undefined {
  for (let distance = 1; distance <= ANCHOR_PAGES; distance++) {
    const before = client.getQueryData<TrackList>(queryKeys.tracks.list({ ...query, page: query.page - distance }));
    if (before?.anchors) return before.anchors.last;
    const after = client.getQueryData<TrackList>(queryKeys.tracks.list({ ...query, page: query.page + distance }));
    if (after?.anchors) return after.anchors.first;
  }
  return undefined;
}

export const tracksQueryOptions = (query: TracksQuery, client?: QueryClient) =>
  queryOptions({
    queryKey: queryKeys.tracks.list(query),
    queryFn: ({ signal }) => getTracks(query, signal, client ? nearbyAnchor(client, query) : undefined),
    // The previous page stays on screen while the next one loads, so the list never flashes empty.
    placeholderData: keepPreviousData,
    // A signed-out visitor's /home carries the first page (lib/initial-data.ts).
    initialData: () => takeInitialAnswer<TrackList>(withQuery('/api/tracks', tracksParams(query))),
  });

export function useTracks(query: TracksQuery) {
  return useQuery(tracksQueryOptions(query, useQueryClient()));
}
