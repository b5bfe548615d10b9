import type { Post } from '@platter/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { updateCachedPosts } from './post-cache';

/** `DELETE /api/posts/:id` (the author or an admin): 204 with no body. */
export async function deletePost(postId: string): Promise<void> {
  await apiRequest(`/api/posts/${encodeURIComponent(postId)}`, { schema: 'unreadAnswerSchema', method: 'DELETE' });
}

/** Deletes a post and drops it from every cached list at once. */
export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (post: Post) => deletePost(post.id),
    onSuccess: (_data, post) => updateCachedPosts(queryClient, (items) => items.filter((item) => item.id !== post.id)),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.posts.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.studio.posts });
    },
  });
}
