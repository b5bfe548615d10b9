import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /api/me/dashboard?days=`: the signed-in artist's listens, subscribers, top tracks and comments. */
export const dashboardQueryOptions = (days: number) =>
  queryOptions({
    queryKey: queryKeys.studio.dashboard(days),
    queryFn: ({ signal }) => apiRequest('/api/me/dashboard', { schema: 'dashboardSchema', query: { days }, signal }),
  });

export function useDashboard(days: number, signedIn: boolean) {
  // Switching the range keeps the previous numbers on screen until the new ones arrive.
  return useQuery({ ...dashboardQueryOptions(days), enabled: signedIn, placeholderData: keepPreviousData });
}
