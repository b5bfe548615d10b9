import type { ListenResult } from '@platter/shared';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /api/tracks/:id/listens: one counted play (signed in or not). `playedAt` is when a play
 * made offline started; the server counts it at that time and does not count a retry twice.
 */
export function recordListen(trackId: string, playedAt?: string): Promise<ListenResult> {
  return apiRequest(`/api/tracks/${encodeURIComponent(trackId)}/listens`, {
    method: 'POST',
    json: playedAt ? { playedAt } : undefined,
    schema: 'listenResultSchema',
  });
}
