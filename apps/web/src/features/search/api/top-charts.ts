import type { TrackItems } from '@platter/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /api/charts/top`: the 10 most listened tracks. */
export function getTopCharts(signal?: AbortSignal): Promise<TrackItems> {
  return apiRequest('/api/charts/top', { schema: 'trackItemsSchema', signal });
}

export const topChartsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.charts.top, queryFn: ({ signal }) => getTopCharts(signal) });

export function useTopCharts() {
  return useQuery(topChartsQueryOptions());
}
