import type { ReleaseRepostState, RepostPage, RepostState } from '@platter/shared';
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { takeInitialAnswer } from '../../../lib/initial-data';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /api/tracks/:id/repost`: the count, and whether I reposted it (false signed out). */
export function useRepostState(trackId: string) {
  return useQuery({
    queryKey: queryKeys.reposts.track(trackId),
    queryFn: ({ signal }) => apiRequest(`/api/tracks/${encodeURIComponent(trackId)}/repost`, { schema: 'repostStateSchema', signal }),
    // A signed-out visitor's /track/:id carries it (lib/initial-data.ts).
    initialData: () => takeInitialAnswer<RepostState>(`/api/tracks/${encodeURIComponent(trackId)}/repost`),
  });
}

/** `POST` or `DELETE /api/tracks/:id/repost`; the answer is the new state. News and the artist's list refetch. */
export function useSetRepost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ trackId, reposted }: { trackId: string; reposted: boolean }): Promise<RepostState> =>
      apiRequest(`/api/tracks/${encodeURIComponent(trackId)}/repost`, { schema: 'repostStateSchema', method: reposted ? 'POST' : 'DELETE' }),
    onSuccess: (state) => {
      queryClient.setQueryData(queryKeys.reposts.track(state.trackId), state);
      void queryClient.invalidateQueries({ queryKey: queryKeys.posts.all });
    },
  });
}

/** `GET /api/releases/:id/repost`: a public release's count, and whether I reposted it. */
export function useReleaseRepostState(releaseId: string) {
  return useQuery({
    queryKey: queryKeys.reposts.release(releaseId),
    queryFn: ({ signal }) => apiRequest(`/api/releases/${encodeURIComponent(releaseId)}/repost`, { schema: 'releaseRepostStateSchema', signal }),
    retry: false,
  });
}

/** `PUT` or `DELETE /api/releases/:id/repost`; the answer is the new state. News and the artist's list refetch. */
export function useSetReleaseRepost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ releaseId, reposted }: { releaseId: string; reposted: boolean }): Promise<ReleaseRepostState> =>
      apiRequest(`/api/releases/${encodeURIComponent(releaseId)}/repost`, { schema: 'releaseRepostStateSchema', method: reposted ? 'PUT' : 'DELETE' }),
    onSuccess: (state) => {
      queryClient.setQueryData(queryKeys.reposts.release(state.releaseId), state);
      void queryClient.invalidateQueries({ queryKey: queryKeys.posts.all });
    },
  });
}

export function getArtistReposts(artistId: string, before: string | null, signal?: AbortSignal): Promise<RepostPage> {
  return apiRequest(`/api/artists/${encodeURIComponent(artistId)}/reposts`, { schema: 'repostPageSchema', query: { before }, signal });
}

export const artistRepostsQueryOptions = (artistId: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.reposts.byArtist(artistId),
    queryFn: ({ pageParam, signal }) => getArtistReposts(artistId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // A signed-out visitor's /artist/:id carries the first page (lib/initial-data.ts).
    initialData: () => {
      const first = takeInitialAnswer<RepostPage>(`/api/artists/${encodeURIComponent(artistId)}/reposts`);
      return first ? { pages: [first], pageParams: [null] } : undefined;
    },
  });

export function useArtistReposts(artistId: string) {
  return useInfiniteQuery(artistRepostsQueryOptions(artistId));
}
