import type { SubscriptionState } from '@platter/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { artistQueryOptions } from './get-artist';

/** `PUT` (subscribe) or `DELETE` (unsubscribe) `/api/artists/:id/subscription`; both are idempotent. */
export function setSubscription(artistId: string, subscribed: boolean): Promise<SubscriptionState> {
  return apiRequest(`/api/artists/${encodeURIComponent(artistId)}/subscription`, {
    schema: 'subscriptionStateSchema',
    method: subscribed ? 'PUT' : 'DELETE',
  });
}

/**
 * Subscribes or unsubscribes. The page takes the server's answer (the relation and the exact
 * subscriber count), then my subscriptions and my news refetch, since both follow from it.
 */
export function useSetSubscription(artistId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (subscribed: boolean) => setSubscription(artistId, subscribed),
    onSuccess: (state) => {
      queryClient.setQueryData(artistQueryOptions(artistId).queryKey, (page) =>
        page ? { ...page, subscribed: state.subscribed, subscribers: state.subscribers } : page,
      );
    },
    onSettled: () => {
      for (const queryKey of [queryKeys.artists.all, queryKeys.profiles.all, queryKeys.subscriptions, queryKeys.posts.news, queryKeys.me]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    },
  });
}
