import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /api/me/dashboard?days=`: the studio's stat cards read its totals. */
export const dashboardQueryOptions = (days: number) =>
  queryOptions({
    queryKey: queryKeys.studio.dashboard(days),
    queryFn: ({ signal }) => apiRequest('/api/me/dashboard', { query: { days }, schema: 'dashboardSchema', signal }),
  });

export function useDashboard(days: number) {
  return useQuery(dashboardQueryOptions(days));
}
