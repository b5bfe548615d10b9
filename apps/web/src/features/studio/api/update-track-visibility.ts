import type { Track, UpdateTrackVisibility } from '@platter/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `PATCH /api/tracks/:id/visibility { visibility?, publishAt?, downloadable? }` (owner or admin). */
export function updateTrackVisibility(trackId: string, changes: UpdateTrackVisibility): Promise<Track> {
  return apiRequest(`/api/tracks/${encodeURIComponent(trackId)}/visibility`, { method: 'PATCH', json: changes, schema: 'trackSchema' });
}

/** `POST /api/tracks/:id/secret`: a new secret link for an unlisted track; the old one stops working. */
export function resetTrackSecret(trackId: string): Promise<Track> {
  return apiRequest(`/api/tracks/${encodeURIComponent(trackId)}/secret`, { method: 'POST', schema: 'trackSchema' });
}

/**
 * Every list a track shows in: it joins or leaves them when its visibility changes, and they show
 * its title, genre and cover, so an edit refetches them too (`useEditTrack`).
 */
export const TRACK_LISTING_KEYS = [
  queryKeys.studio.all,
  queryKeys.tracks.all,
  queryKeys.genres,
  queryKeys.charts.all,
  queryKeys.search.all,
  queryKeys.playlists.all,
  queryKeys.likes.all,
  queryKeys.history,
  queryKeys.artists.all,
  queryKeys.profiles.all,
  queryKeys.me,
];

export function useResetTrackSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetTrackSecret,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.studio.all }),
  });
}
