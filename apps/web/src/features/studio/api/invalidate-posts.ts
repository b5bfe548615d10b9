import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';

/** After any change to my posts: the studio list, and the posts shown on pages and in news. */
export function useInvalidatePosts() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.studio.posts }),
      queryClient.invalidateQueries({ queryKey: queryKeys.posts.all }),
    ]);
}
