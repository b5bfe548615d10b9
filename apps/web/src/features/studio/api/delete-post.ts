import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useInvalidatePosts } from './invalidate-posts';

/** `DELETE /api/posts/:id` (204). */
export function deletePost(postId: string): Promise<unknown> {
  return apiRequest(`/api/posts/${encodeURIComponent(postId)}`, { method: 'DELETE', schema: 'unreadAnswerSchema' });
}

export function useDeletePost() {
  const invalidate = useInvalidatePosts();
  return useMutation({ mutationFn: deletePost, onSettled: invalidate });
}
