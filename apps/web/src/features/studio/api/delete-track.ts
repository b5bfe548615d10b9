import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `DELETE /api/tracks/:id` (204): the track, its file, likes, comments and playlist entries. */
export function deleteTrack(trackId: string): Promise<unknown> {
  return apiRequest(`/api/tracks/${encodeURIComponent(trackId)}`, { method: 'DELETE', schema: 'unreadAnswerSchema' });
}

export function useDeleteTrack() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTrack,
    onSettled: () =>
      Promise.all(
        [queryKeys.studio.all, queryKeys.tracks.all, queryKeys.genres, queryKeys.charts.all, queryKeys.playlists.all, queryKeys.me].map(
          (queryKey) => queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
