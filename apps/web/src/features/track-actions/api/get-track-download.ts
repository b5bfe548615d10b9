import type { TrackDownload } from '@platter/shared';
import { apiRequest } from '../../../lib/api-client';
import { trackSecretQuery } from '../../../lib/track-secrets';

/** `GET /api/tracks/:id/download`: a signed link to the original file, valid for ten minutes. */
export function getTrackDownload(trackId: string): Promise<TrackDownload> {
  return apiRequest(`/api/tracks/${encodeURIComponent(trackId)}/download`, { query: trackSecretQuery(trackId), schema: 'trackDownloadSchema' });
}
