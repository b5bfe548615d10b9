import type { CreateTrack, Track } from '@platter/shared';
import { apiRequest } from '../../../lib/api-client';

/** Step 3 of an upload: publish the track at the uploaded file's address. */
export function createTrack(input: CreateTrack, signal?: AbortSignal): Promise<Track> {
  return apiRequest('/api/tracks', { method: 'POST', json: input, schema: 'trackSchema', signal });
}
