import type { Comment } from '@platter/shared';
import { useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { deleteWithUndo } from '../../../lib/undo-delete';

/** DELETE /api/comments/:id (its author, the track's owner or an admin): 204. */
export async function deleteComment(commentId: string): Promise<void> {
  await apiRequest(`/api/comments/${encodeURIComponent(commentId)}`, { schema: 'unreadAnswerSchema', method: 'DELETE' });
}

/**
 * Deletes a comment with Undo (lib/undo-delete): the lists hide it at once (useComments), the
 * DELETE goes once the toast has gone, and the cache then drops it.
 */
export function useDeleteComment(trackId: string) {
  const queryClient = useQueryClient();
  return (commentId: string) =>
    deleteWithUndo('comment', commentId, `/api/comments/${encodeURIComponent(commentId)}`, (deleted) => {
      if (deleted) queryClient.setQueryData<Comment[]>(queryKeys.comments.track(trackId), (previous) => previous?.filter((item) => item.id !== commentId));
      void queryClient.invalidateQueries({ queryKey: queryKeys.comments.track(trackId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.studio.comments });
    });
}
