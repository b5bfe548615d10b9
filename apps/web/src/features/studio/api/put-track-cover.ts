import type { Track } from '@platter/shared';
import { putImageBody } from '../../../lib/put-image-body';

/** `PUT /api/tracks/:id/cover` with the image as the body: the track's new cover. */
export function putTrackCover(trackId: string, image: Blob): Promise<Track> {
  return putImageBody(`/api/tracks/${encodeURIComponent(trackId)}/cover`, image, 'trackSchema');
}
