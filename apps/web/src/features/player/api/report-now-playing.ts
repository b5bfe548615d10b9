import { apiRequest } from '../../../lib/api-client';

/** POST /api/me/now-playing { trackId }: passed on to the listener's linked ListenBrainz as "playing now". */
export function reportNowPlaying(trackId: string): Promise<unknown> {
  return apiRequest('/api/me/now-playing', { method: 'POST', json: { trackId }, schema: 'unreadAnswerSchema' });
}
