import type { Comment } from '@platter/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { trackSecretQuery } from '../../../lib/track-secrets';

/** GET /api/tracks/:id/comments: oldest first. */
export async function getComments(trackId: string, signal?: AbortSignal): Promise<Comment[]> {
  const { items } = await apiRequest(`/api/tracks/${encodeURIComponent(trackId)}/comments`, { query: trackSecretQuery(trackId), schema: 'commentListSchema', signal });
  // Oldest first whatever the source (a just-posted comment is appended to the cache too).
  return items.toSorted((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0));
}

/** Kept fresh by `comment.added` / `comment.deleted` (lib/live-updates), so no polling. */
export const commentsQueryOptions = (trackId: string) =>
  queryOptions({
    queryKey: queryKeys.comments.track(trackId),
    queryFn: ({ signal }) => getComments(trackId, signal),
    staleTime: 60_000,
  });

/** The comments of a track; idle while there is no track. */
export function useComments(trackId: string | null) {
  return useQuery({ ...commentsQueryOptions(trackId ?? ''), enabled: !!trackId });
}
