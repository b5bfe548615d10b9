import type { NewsPage, RemoteReactionState } from '@platter/shared';
import { type InfiniteData, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type RemoteReactionKind = 'like' | 'repost';

/** Sets a remote track's liked/reposted in every News page held, so the card shows it without a refetch. */
function patchNews(data: InfiniteData<NewsPage> | undefined, uri: string, state: Partial<Pick<RemoteReactionState, 'liked' | 'reposted'>>): InfiniteData<NewsPage> | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      items: page.items.map((item) => (item.kind === 'remote' && item.remoteTrack?.uri === uri ? { ...item, remoteTrack: { ...item.remoteTrack, ...state } } : item)),
    })),
  };
}

/**
 * `PUT`/`DELETE /api/me/federation/likes|reposts?uri=`: likes or reposts a remote track from News
 * (our server sends the Like / Announce, or its Undo, to the track's server). The card turns at once
 * and turns back on failure.
 */
export function useSetRemoteReaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ uri, kind, on }: { uri: string; kind: RemoteReactionKind; on: boolean }) =>
      apiRequest(`/api/me/federation/${kind === 'like' ? 'likes' : 'reposts'}`, { schema: 'remoteReactionStateSchema', method: on ? 'PUT' : 'DELETE', query: { uri } }),
    onMutate: ({ uri, kind, on }) => {
      const field = kind === 'like' ? 'liked' : 'reposted';
      queryClient.setQueryData<InfiniteData<NewsPage>>(queryKeys.posts.news, (data) => patchNews(data, uri, { [field]: on }));
      return { uri, field, was: !on };
    },
    onError: (_error, _variables, context) => {
      if (context) queryClient.setQueryData<InfiniteData<NewsPage>>(queryKeys.posts.news, (data) => patchNews(data, context.uri, { [context.field]: context.was }));
    },
    onSuccess: (state) => queryClient.setQueryData<InfiniteData<NewsPage>>(queryKeys.posts.news, (data) => patchNews(data, state.uri, { liked: state.liked, reposted: state.reposted })),
  });
}

/** `POST /api/me/federation/replies`: a reply to a remote track, sent to its server. */
export function useReplyToRemote() {
  return useMutation({
    mutationFn: ({ uri, text }: { uri: string; text: string }) => apiRequest('/api/me/federation/replies', { schema: 'remoteReplySchema', method: 'POST', json: { uri, text } }),
  });
}
