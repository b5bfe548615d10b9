import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /api/admin/audit?page=`: every admin action, newest first, 50 a page. */
export const auditQueryOptions = (page: number) =>
  queryOptions({
    queryKey: queryKeys.admin.audit(page),
    queryFn: ({ signal }) => apiRequest('/api/admin/audit', { schema: 'auditListSchema', query: { page: String(page) }, signal }),
  });

export function useAuditLog(page: number) {
  return useQuery({ ...auditQueryOptions(page), placeholderData: keepPreviousData });
}
