import type { Post } from '@platter/shared';
import { useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { deleteWithUndo } from '../../../lib/undo-delete';
import { updateCachedPosts } from './post-cache';

/** `DELETE /api/posts/:id` (the author or an admin): 204 with no body. */
export async function deletePost(postId: string): Promise<void> {
  await apiRequest(`/api/posts/${encodeURIComponent(postId)}`, { schema: 'unreadAnswerSchema', method: 'DELETE' });
}

/**
 * Deletes a post with Undo (lib/undo-delete): every list hides it at once, the DELETE goes once
 * the toast has gone, and the cached lists then drop it.
 */
export function useDeletePost() {
  const queryClient = useQueryClient();
  return (post: Post) =>
    deleteWithUndo('post', post.id, `/api/posts/${encodeURIComponent(post.id)}`, (deleted) => {
      if (deleted) updateCachedPosts(queryClient, (items) => items.filter((item) => item.id !== post.id));
      void queryClient.invalidateQueries({ queryKey: queryKeys.posts.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.studio.posts });
    });
}
