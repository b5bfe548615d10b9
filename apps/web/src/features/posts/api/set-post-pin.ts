import type { Post } from '@platter/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `PUT` (pin) or `DELETE` (unpin) `/api/posts/:id/pin`; pinning one post unpins the author's others. */
export function setPostPin(postId: string, pinned: boolean): Promise<Post> {
  return apiRequest(`/api/posts/${encodeURIComponent(postId)}/pin`, { schema: 'postSchema', method: pinned ? 'PUT' : 'DELETE' });
}

/** Pins or unpins a post; the lists refetch, since the order (pinned first) changes with it. */
export function useSetPostPin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ post, pinned }: { post: Post; pinned: boolean }) => setPostPin(post.id, pinned),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.posts.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.studio.posts });
    },
  });
}
