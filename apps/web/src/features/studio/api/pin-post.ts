import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useInvalidatePosts } from './invalidate-posts';

/** `PUT /api/posts/:id/pin` pins (unpinning my other posts); `DELETE` unpins. */
export function setPostPinned({ postId, pinned }: { postId: string; pinned: boolean }) {
  return apiRequest(`/api/posts/${encodeURIComponent(postId)}/pin`, { method: pinned ? 'PUT' : 'DELETE', schema: 'postSchema' });
}

export function useSetPostPinned() {
  const invalidate = useInvalidatePosts();
  return useMutation({ mutationFn: setPostPinned, onSettled: invalidate });
}
