import type { Post } from '@platter/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { takeInitialAnswer } from '../../../lib/initial-data';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /api/artists/:id/posts`: an author's posts, the pinned one first, then newest. */
export function getAuthorPosts(authorId: string, signal?: AbortSignal): Promise<{ items: Post[] }> {
  return apiRequest(`/api/artists/${encodeURIComponent(authorId)}/posts`, { schema: 'postListSchema', signal });
}

export const authorPostsQueryOptions = (authorId: string) =>
  queryOptions({
    queryKey: queryKeys.posts.byAuthor(authorId),
    queryFn: ({ signal }) => getAuthorPosts(authorId, signal),
    // A signed-out visitor's /artist/:id carries them (lib/initial-data.ts).
    initialData: () => takeInitialAnswer<{ items: Post[] }>(`/api/artists/${encodeURIComponent(authorId)}/posts`),
  });

export function useAuthorPosts(authorId: string) {
  return useQuery(authorPostsQueryOptions(authorId));
}
