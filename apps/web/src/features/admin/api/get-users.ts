import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /api/admin/users?q=`: users whose email or name contains `q` (admins only). */
export const adminUsersQueryOptions = (q: string) =>
  queryOptions({
    queryKey: queryKeys.admin.users(q),
    queryFn: ({ signal }) => apiRequest('/api/admin/users', { schema: 'adminUserListSchema', query: { q }, signal }),
  });

export function useAdminUsers(q: string) {
  // Typing keeps the last results on screen until the new ones arrive.
  return useQuery({ ...adminUsersQueryOptions(q), placeholderData: keepPreviousData });
}
