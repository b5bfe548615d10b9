import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /api/me/comments`: comments on my tracks, newest first. */
export const myCommentsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.studio.comments,
    queryFn: ({ signal }) => apiRequest('/api/me/comments', { schema: 'studioCommentListSchema', signal }),
  });

export function useMyComments() {
  return useQuery(myCommentsQueryOptions());
}
