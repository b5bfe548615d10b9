import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
import { queryKeys } from '../../../lib/query-keys';
import { useServerConfig } from '../../../lib/server-config';

export type RemoteReplies = Array<{ uri: string; content: string; createdAt: string; actor: { uri: string; name: string; url: string | null; handle: string | null } }>;

/**
 * `GET /api/tracks/:id/fediverse`'s replies: answers to a public track from other servers (issue 30).
 * Asked only of a server that federates; a track that is not public has none (its 404 is no error here).
 */
export function useRemoteReplies(trackId: string) {
  const federates = useServerConfig().data?.federation === true;
  return useQuery({
    queryKey: queryKeys.comments.fediverse(trackId),
    queryFn: async ({ signal }): Promise<RemoteReplies> => {
      try {
        return (await apiRequest(`/api/tracks/${encodeURIComponent(trackId)}/fediverse`, { schema: 'remoteReactionsSchema', signal })).replies;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return [];
        throw error;
      }
    },
    enabled: trackId !== '' && federates,
    retry: false,
    // No live event carries them (they arrive through the inbox): asked again on each visit after a few seconds.
    staleTime: 5_000,
  });
}
