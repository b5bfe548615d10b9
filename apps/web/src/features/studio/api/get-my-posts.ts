import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /api/me/posts`: my posts, the pinned one first, then newest. */
export const myPostsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.studio.posts,
    queryFn: ({ signal }) => apiRequest('/api/me/posts', { schema: 'postListSchema', signal }),
  });

export function useMyPosts() {
  return useQuery(myPostsQueryOptions());
}
