import type { GenreCounts } from '@platter/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function getGenres(signal?: AbortSignal): Promise<GenreCounts> {
  return apiRequest('/api/genres', { schema: 'genreCountsSchema', signal });
}

export const genresQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.genres,
    queryFn: ({ signal }) => getGenres(signal),
  });

export function useGenres() {
  return useQuery(genresQueryOptions());
}
