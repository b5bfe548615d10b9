import { listenResultSchema, type ListenResult } from '@platter/shared';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/tracks/:id/listens: one counted play (signed in or not). */
export function recordListen(trackId: string): Promise<ListenResult> {
  return apiRequest(`/api/tracks/${encodeURIComponent(trackId)}/listens`, { method: 'POST', schema: listenResultSchema });
}
