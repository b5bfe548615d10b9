import { apiRequest } from '../../../lib/api-client';

/** POST /api/me/history { trackId }: the signed-in listener's server-side history. */
export function recordHistory(trackId: string): Promise<unknown> {
  return apiRequest('/api/me/history', { method: 'POST', json: { trackId }, schema: 'unreadAnswerSchema' });
}
