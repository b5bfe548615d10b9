import type { Comment } from '@platter/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** DELETE /api/comments/:id (its author, the track's owner or an admin): 204. */
export async function deleteComment(commentId: string): Promise<void> {
  await apiRequest(`/api/comments/${encodeURIComponent(commentId)}`, { schema: 'unreadAnswerSchema', method: 'DELETE' });
}

export function useDeleteComment(trackId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (commentId: string) => deleteComment(commentId),
    onSuccess: (_nothing, commentId) => {
      queryClient.setQueryData<Comment[]>(queryKeys.comments.track(trackId), (previous) =>
        previous?.filter((item) => item.id !== commentId),
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.comments.track(trackId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.studio.comments });
    },
  });
}
