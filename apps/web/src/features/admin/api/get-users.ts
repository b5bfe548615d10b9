import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /api/admin/users?q=&page=`: users whose email or name contains `q`, 50 a page (admins only). */
export const adminUsersQueryOptions = (q: string, page = 1) =>
  queryOptions({
    queryKey: queryKeys.admin.users(q, page),
    queryFn: ({ signal }) => apiRequest('/api/admin/users', { schema: 'adminUserListSchema', query: { q, page: String(page) }, signal }),
  });

export function useAdminUsers(q: string, page = 1) {
  // Typing or paging keeps the last results on screen until the new ones arrive.
  return useQuery({ ...adminUsersQueryOptions(q, page), placeholderData: keepPreviousData });
}
