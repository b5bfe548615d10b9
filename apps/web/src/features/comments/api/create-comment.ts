import type { Comment, CreateComment } from '@platter/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { trackSecretQuery } from '../../../lib/track-secrets';

/** POST /api/tracks/:id/comments (signed in, rate limited). */
export function createComment(trackId: string, input: CreateComment): Promise<Comment> {
  return apiRequest(`/api/tracks/${encodeURIComponent(trackId)}/comments`, { query: trackSecretQuery(trackId), schema: 'commentSchema', method: 'POST', json: input });
}

/** Posts a comment; it shows at once in this tab, the live event refreshes everyone else. */
export function useCreateComment(trackId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateComment) => createComment(trackId, input),
    onSuccess: (comment) => {
      queryClient.setQueryData<Comment[]>(queryKeys.comments.track(trackId), (previous) =>
        previous && !previous.some((item) => item.id === comment.id) ? [...previous, comment] : previous,
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.comments.track(trackId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.studio.comments });
    },
  });
}
