import type { GenreCounts } from '@platter/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { takeInitialAnswer } from '../../../lib/initial-data';
import { queryKeys } from '../../../lib/query-keys';

export function getGenres(signal?: AbortSignal): Promise<GenreCounts> {
  return apiRequest('/api/genres', { schema: 'genreCountsSchema', signal });
}

export const genresQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.genres,
    queryFn: ({ signal }) => getGenres(signal),
    // A signed-out visitor's /home carries them (lib/initial-data.ts).
    initialData: () => takeInitialAnswer<GenreCounts>('/api/genres'),
  });

export function useGenres() {
  return useQuery(genresQueryOptions());
}
