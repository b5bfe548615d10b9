import type { UserRole } from '@platter/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `PUT /api/admin/users/:id/role { role }`: listener, artist or admin. */
export function setUserRole(userId: string, role: UserRole) {
  return apiRequest(`/api/admin/users/${encodeURIComponent(userId)}/role`, { schema: 'adminUserSchema', method: 'PUT', json: { role } });
}

export function useSetUserRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: UserRole }) => setUserRole(userId, role),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.admin.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.artists.all });
    },
  });
}
