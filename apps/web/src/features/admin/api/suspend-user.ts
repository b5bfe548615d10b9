import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `POST /api/admin/users/:id/suspend`: ends every session of the user, hides their content, refuses their sign-in. */
export function suspendUser(userId: string, reason?: string) {
  return apiRequest(`/api/admin/users/${encodeURIComponent(userId)}/suspend`, {
    schema: 'adminUserSchema',
    method: 'POST',
    json: reason ? { reason } : {},
  });
}

/** `DELETE /api/admin/users/:id/suspend`: lifts the suspension. */
export function liftSuspension(userId: string) {
  return apiRequest(`/api/admin/users/${encodeURIComponent(userId)}/suspend`, { schema: 'adminUserSchema', method: 'DELETE' });
}

export function useSetSuspended() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, suspended, reason }: { userId: string; suspended: boolean; reason?: string }) => (suspended ? suspendUser(userId, reason) : liftSuspension(userId)),
    onSettled: () => {
      // The user list, the audit log, and every list their content was (or is again) in.
      void queryClient.invalidateQueries({ queryKey: queryKeys.admin.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.tracks.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.profiles.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.artists.all });
    },
  });
}
