import type { Post, PostLikeState } from '@platter/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { patchCachedPost } from './post-cache';

/** `PUT` (like) or `DELETE` (unlike) `/api/posts/:id/like`. */
export function setPostLike(postId: string, liked: boolean): Promise<PostLikeState> {
  return apiRequest(`/api/posts/${encodeURIComponent(postId)}/like`, { schema: 'postLikeStateSchema', method: liked ? 'PUT' : 'DELETE' });
}

/**
 * Likes or unlikes a post: the heart and the count change at once and roll back on failure;
 * the server's answer then sets the exact count.
 */
export function useSetPostLike() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ post, liked }: { post: Post; liked: boolean }) => setPostLike(post.id, liked),
    onMutate: async ({ post, liked }) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.posts.all });
      const likes = Math.max(0, post.likes + (liked ? 1 : -1));
      patchCachedPost(queryClient, post.id, { liked, likes });
    },
    onError: (_error, { post }) => patchCachedPost(queryClient, post.id, { liked: post.liked, likes: post.likes }),
    onSuccess: (state) => patchCachedPost(queryClient, state.postId, { liked: state.liked, likes: state.likes }),
  });
}
