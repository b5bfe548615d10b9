import type { AdminUser } from '@platter/shared';
import type { Status } from '@platter/shared/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `PUT /api/admin/users/:id/status { status }`: sets a user's status (creator, artist, premium, user). */
export function setUserStatus(userId: string, status: Status) {
  return apiRequest(`/api/admin/users/${encodeURIComponent(userId)}/status`, {
    schema: 'profileSchema',
    method: 'PUT',
    json: { status },
  });
}

export function useSetUserStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, status }: { userId: string; status: Status }) => setUserStatus(userId, status),
    onSuccess: (profile, { userId }) => {
      // Every cached search shows the new status at once, before the refetch below lands.
      queryClient.setQueriesData<{ items: AdminUser[]; page: number; hasMore: boolean }>({ queryKey: [...queryKeys.admin.all, 'users'] }, (list) =>
        list ? { ...list, items: list.items.map((user) => (user.id === userId ? { ...user, status: profile.status } : user)) } : list,
      );
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.admin.all });
      // The badge on the artist's page and the news audience follow the status.
      void queryClient.invalidateQueries({ queryKey: queryKeys.profiles.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.artists.all });
    },
  });
}
