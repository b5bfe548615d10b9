import type { LikeState, Track } from '@platter/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /api/me/liked-ids`: the ids of every track the signed-in listener likes. */
export const likedIdsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.likes.ids,
    queryFn: ({ signal }) => apiRequest('/api/me/liked-ids', { schema: 'likedIdsSchema', signal }),
    select: (data) => new Set(data.ids),
  });

/** Signed out there is nothing to ask: every track is not liked. */
export function useLikedIds(signedIn: boolean) {
  return useQuery({ ...likedIdsQueryOptions(), enabled: signedIn });
}

/** `GET /api/me/likes`: the liked tracks, newest like first. */
export const likedTracksQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.likes.list,
    queryFn: ({ signal }) => apiRequest('/api/me/likes', { schema: 'trackItemsSchema', signal }),
  });

export function useLikedTracks(signedIn: boolean) {
  return useQuery({ ...likedTracksQueryOptions(), enabled: signedIn });
}

/** `PUT` or `DELETE /api/tracks/:id/like`. */
export function setLike(trackId: string, liked: boolean): Promise<LikeState> {
  return apiRequest(`/api/tracks/${encodeURIComponent(trackId)}/like`, {
    schema: 'likeStateSchema',
    method: liked ? 'PUT' : 'DELETE',
  });
}

/**
 * Likes or unlikes a track. The liked ids change at once (optimistically) and roll back on
 * failure; the lists with counts refetch when the server confirms.
 */
export function useSetLike() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ track, liked }: { track: Track; liked: boolean }) => setLike(track.id, liked),
    onMutate: async ({ track, liked }) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.likes.ids });
      const previous = queryClient.getQueryData(likedIdsQueryOptions().queryKey);
      if (previous) {
        const ids = previous.ids.filter((id) => id !== track.id);
        queryClient.setQueryData(likedIdsQueryOptions().queryKey, { ids: liked ? [track.id, ...ids] : ids });
      }
      return { previous };
    },
    onError: (_error, _vars, context) => {
      if (context?.previous) queryClient.setQueryData(likedIdsQueryOptions().queryKey, context.previous);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.likes.all });
      for (const queryKey of [queryKeys.tracks.all, queryKeys.charts.all, queryKeys.search.all, queryKeys.playlists.all, queryKeys.history]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    },
  });
}
