import type { SearchResult } from '@platter/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const SEARCH_LIMIT = 20;

/** `GET /api/search`: tracks and artists matching `q`, and a "did you mean" for a likely typo. */
export function search(q: string, signal?: AbortSignal): Promise<SearchResult> {
  return apiRequest('/api/search', { schema: 'searchResultSchema', query: { q, limit: SEARCH_LIMIT }, signal });
}

export const searchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: queryKeys.search.results(q),
    queryFn: ({ signal }) => search(q, signal),
    // The previous answer stays while the next one loads, so results do not flash away per keystroke.
    placeholderData: keepPreviousData,
  });

export function useSearch(q: string) {
  return useQuery({ ...searchQueryOptions(q), enabled: q !== '' });
}
