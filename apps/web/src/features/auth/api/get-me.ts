import type { Me } from '@platter/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The signed-in user and profile, or null when signed out (the server answers 200 null, not an error). */
export function getMe(signal?: AbortSignal): Promise<Me | null> {
  return apiRequest('/api/me', { schema: 'meOrNullSchema', signal });
}

export const meQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.me,
    queryFn: ({ signal }) => getMe(signal),
    staleTime: 5 * 60_000,
  });

export function useMe() {
  return useQuery(meQueryOptions());
}
