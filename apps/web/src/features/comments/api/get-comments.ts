import type { Comment } from '@platter/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiRequest } from '../../../lib/api-client';
import { takeInitialAnswer } from '../../../lib/initial-data';
import { queryKeys } from '../../../lib/query-keys';
import { trackSecretQuery } from '../../../lib/track-secrets';
import { isHidden, useHiddenIds } from '../../../lib/undo-delete';

/** GET /api/tracks/:id/comments: oldest first. */
export async function getComments(trackId: string, signal?: AbortSignal): Promise<Comment[]> {
  const { items } = await apiRequest(`/api/tracks/${encodeURIComponent(trackId)}/comments`, { query: trackSecretQuery(trackId), schema: 'commentListSchema', signal });
  return oldestFirst(items);
}

/** Oldest first whatever the source (a just-posted comment is appended to the cache too). */
function oldestFirst(items: Comment[]): Comment[] {
  return items.toSorted((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0));
}

/** Kept fresh by `comment.added` / `comment.deleted` (lib/live-updates), so no polling. */
export const commentsQueryOptions = (trackId: string) =>
  queryOptions({
    queryKey: queryKeys.comments.track(trackId),
    queryFn: ({ signal }) => getComments(trackId, signal),
    staleTime: 60_000,
    // A signed-out visitor's /track/:id carries them (lib/initial-data.ts).
    initialData: () => {
      const answer = takeInitialAnswer<{ items: Comment[] }>(`/api/tracks/${encodeURIComponent(trackId)}/comments`);
      return answer ? oldestFirst(answer.items) : undefined;
    },
  });

/** The comments of a track, without those deleted a moment ago (their Undo toast shows); idle while there is no track. */
export function useComments(trackId: string | null) {
  const hidden = useHiddenIds('comment');
  const select = useCallback((comments: Comment[]) => (hidden === '' ? comments : comments.filter((comment) => !isHidden(hidden, comment.id))), [hidden]);
  return useQuery({ ...commentsQueryOptions(trackId ?? ''), enabled: !!trackId, select });
}
