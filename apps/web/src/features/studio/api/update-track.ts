import type { Track, UpdateTrack, UpdateTrackVisibility } from '@platter/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { putTrackCover } from './put-track-cover';
import { TRACK_LISTING_KEYS, updateTrackVisibility } from './update-track-visibility';

/** `PATCH /api/tracks/:id { title?, genre? }` (owner or admin): the updated track. */
export function updateTrack(trackId: string, changes: UpdateTrack): Promise<Track> {
  return apiRequest(`/api/tracks/${encodeURIComponent(trackId)}`, { method: 'PATCH', json: changes, schema: 'trackSchema' });
}

export interface EditTrackInput {
  trackId: string;
  /** The new title and/or genre; null when neither changed. */
  changes: UpdateTrack | null;
  /** A new cover image, PUT after the title and genre. */
  cover: Blob | null;
  /** Visibility, scheduled release or download toggle changes; null or absent when none changed. */
  access?: UpdateTrackVisibility | null;
}

/** Which request of an edit failed, so the dialog can put its message next to the right field. */
export class EditTrackError extends Error {
  override readonly name = 'EditTrackError';

  constructor(
    readonly step: 'details' | 'cover' | 'visibility',
    override readonly cause: Error,
  ) {
    super(cause.message);
  }
}

async function editTrack({ trackId, changes, cover, access }: EditTrackInput): Promise<Track | null> {
  let track: Track | null = null;
  if (access) {
    try {
      track = await updateTrackVisibility(trackId, access);
    } catch (error) {
      throw new EditTrackError('visibility', error instanceof Error ? error : new Error(String(error)));
    }
  }
  if (changes) {
    try {
      track = await updateTrack(trackId, changes);
    } catch (error) {
      throw new EditTrackError('details', error instanceof Error ? error : new Error(String(error)));
    }
  }
  if (cover) {
    try {
      track = await putTrackCover(trackId, cover);
    } catch (error) {
      throw new EditTrackError('cover', error instanceof Error ? error : new Error(String(error)));
    }
  }
  return track;
}

/** Edits a track; everything that lists tracks (by title, genre or cover) refetches. */
export function useEditTrack() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editTrack,
    onSettled: () =>
      Promise.all(TRACK_LISTING_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
