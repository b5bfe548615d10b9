import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /api/me/history`: what the signed-in listener played on any device, newest first, one per track. */
export const historyQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.history,
    queryFn: ({ signal }) => apiRequest('/api/me/history', { schema: 'historySchema', signal }),
  });

export function useServerHistory(signedIn: boolean) {
  return useQuery({ ...historyQueryOptions(), enabled: signedIn });
}
