import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `POST /api/admin/reports/:id/dismiss`: the report was unfounded; the track stays. */
export function dismissReport(reportId: string) {
  return apiRequest(`/api/admin/reports/${encodeURIComponent(reportId)}/dismiss`, { schema: 'reportSchema', method: 'POST' });
}

export function useDismissReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reportId: string) => dismissReport(reportId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.all }),
  });
}
