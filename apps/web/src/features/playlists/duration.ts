import type { Track } from '@platter/shared';

/** The playlist's length in seconds; a track whose duration is not known yet counts as 0. */
export function totalDuration(tracks: readonly Pick<Track, 'duration'>[]): number {
  return tracks.reduce((sum, track) => sum + (track.duration ?? 0), 0);
}
