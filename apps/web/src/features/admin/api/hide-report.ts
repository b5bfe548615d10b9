import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `POST /api/admin/reports/:id/hide`: hides the reported track and resolves its other open reports. */
export function hideReportedTrack(reportId: string) {
  return apiRequest(`/api/admin/reports/${encodeURIComponent(reportId)}/hide`, { schema: 'reportSchema', method: 'POST' });
}

export function useHideReportedTrack() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reportId: string) => hideReportedTrack(reportId),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.admin.all });
      // A hidden track leaves every list.
      void queryClient.invalidateQueries({ queryKey: queryKeys.tracks.all });
    },
  });
}
