import type { EmailDigestSettings, NotificationPage, NotificationSettings, UnreadCount, UpdateEmailDigestSettings, UpdateNotificationSettings } from '@platter/shared';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /api/notifications/unread`: the sidebar's count (live: `notifications.changed` refetches it). */
export const unreadCountQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.notifications.unread,
    queryFn: ({ signal }) => apiRequest('/api/notifications/unread', { schema: 'unreadCountSchema', signal }),
  });

export function useUnreadCount(signedIn: boolean) {
  return useQuery({ ...unreadCountQueryOptions(), enabled: signedIn });
}

/** `GET /api/notifications`: grouped notifications, newest first, a page at a time. */
export function getNotifications(before: string | null, signal?: AbortSignal): Promise<NotificationPage> {
  return apiRequest('/api/notifications', { schema: 'notificationPageSchema', query: { before }, signal });
}

export const notificationsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.notifications.list,
    queryFn: ({ pageParam, signal }) => getNotifications(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export function useNotifications(signedIn: boolean) {
  return useInfiniteQuery({ ...notificationsQueryOptions(), enabled: signedIn });
}

/** `POST /api/notifications/read`: the count drops to 0 at once; the list refetches. */
export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<UnreadCount> => apiRequest('/api/notifications/read', { schema: 'unreadCountSchema', method: 'POST' }),
    onSuccess: (count) => {
      queryClient.setQueryData(queryKeys.notifications.unread, count);
      void queryClient.invalidateQueries({ queryKey: queryKeys.notifications.list });
    },
  });
}

export function useNotificationSettings(signedIn: boolean) {
  return useQuery({
    queryKey: queryKeys.notifications.settings,
    queryFn: ({ signal }) => apiRequest('/api/notifications/settings', { schema: 'notificationSettingsSchema', signal }),
    enabled: signedIn,
  });
}

export function useUpdateNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: UpdateNotificationSettings): Promise<NotificationSettings> =>
      apiRequest('/api/notifications/settings', { schema: 'notificationSettingsSchema', method: 'PUT', json: changes }),
    onSuccess: (settings) => queryClient.setQueryData(queryKeys.notifications.settings, settings),
  });
}

/** `GET /api/notifications/email`: which kinds come in my daily email digest. */
export function useEmailDigestSettings(signedIn: boolean) {
  return useQuery({
    queryKey: queryKeys.notifications.email,
    queryFn: ({ signal }) => apiRequest('/api/notifications/email', { schema: 'emailDigestSettingsSchema', signal }),
    enabled: signedIn,
  });
}

/** `PUT /api/notifications/email`, with the app's language (the digests are written in it). */
export function useUpdateEmailDigestSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: UpdateEmailDigestSettings): Promise<EmailDigestSettings> =>
      apiRequest('/api/notifications/email', { schema: 'emailDigestSettingsSchema', method: 'PUT', json: changes }),
    // The box shows the change at once, and goes back should the server refuse it.
    onMutate: async ({ language: _language, ...changes }) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.notifications.email });
      const before = queryClient.getQueryData<EmailDigestSettings>(queryKeys.notifications.email);
      if (before) queryClient.setQueryData<EmailDigestSettings>(queryKeys.notifications.email, { ...before, ...changes });
      return { before };
    },
    onError: (_error, _changes, context) => {
      if (context?.before) queryClient.setQueryData(queryKeys.notifications.email, context.before);
    },
    onSuccess: (settings) => queryClient.setQueryData(queryKeys.notifications.email, settings),
  });
}

/** `POST /api/email/unsubscribe?u=&sig=`: the link of an email, signed out; every notification email off. */
export function useUnsubscribe() {
  return useMutation({
    mutationFn: ({ u, sig }: { u: string; sig: string }) => apiRequest('/api/email/unsubscribe', { schema: 'unsubscribeResultSchema', method: 'POST', query: { u, sig } }),
  });
}
