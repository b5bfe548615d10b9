import type { CreatePost } from '@platter/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useInvalidatePosts } from './invalidate-posts';

/** `POST /api/posts { text }` (201). */
export function createPost(input: CreatePost) {
  return apiRequest('/api/posts', { method: 'POST', json: input, schema: 'postSchema' });
}

export function useCreatePost() {
  const invalidate = useInvalidatePosts();
  return useMutation({ mutationFn: createPost, onSuccess: invalidate });
}
