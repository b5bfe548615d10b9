import type { Me } from '@platter/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { takeInitialAnswer } from '../../../lib/initial-data';
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
    // A signed-out visitor's public page says so (lib/initial-data.ts); asked again at once, quietly,
    // so a page that came from a cache can never keep someone signed out.
    initialData: () => takeInitialAnswer<Me | null>('/api/me'),
    initialDataUpdatedAt: 0,
  });

export function useMe() {
  return useQuery(meQueryOptions());
}
