import type { ReportStatus } from '@platter/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /api/admin/reports?status=`: the moderation queue (admins only). Live through `reports.changed`. */
export const reportsQueryOptions = (status: ReportStatus) =>
  queryOptions({
    queryKey: queryKeys.admin.reports(status),
    queryFn: ({ signal }) => apiRequest('/api/admin/reports', { schema: 'reportListSchema', query: { status }, signal }),
  });

export function useReports(status: ReportStatus) {
  return useQuery(reportsQueryOptions(status));
}
