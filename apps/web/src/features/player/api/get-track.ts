import { trackSchema, type Track } from '@platter/shared';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/tracks/:id: one track, for a shared link (`/home?track=<id>`). */
export function getTrack(trackId: string, signal?: AbortSignal): Promise<Track> {
  return apiRequest(`/api/tracks/${encodeURIComponent(trackId)}`, { schema: trackSchema, signal });
}
