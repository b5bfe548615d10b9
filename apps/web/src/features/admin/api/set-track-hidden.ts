import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `PUT /api/admin/tracks/:id/hidden { hidden }`: hides a track or brings it back. */
export function setTrackHidden(trackId: string, hidden: boolean) {
  return apiRequest(`/api/admin/tracks/${encodeURIComponent(trackId)}/hidden`, {
    schema: 'trackSchema',
    method: 'PUT',
    json: { hidden },
  });
}

export function useSetTrackHidden() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ trackId, hidden }: { trackId: string; hidden: boolean }) => setTrackHidden(trackId, hidden),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.admin.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.tracks.all });
    },
  });
}
