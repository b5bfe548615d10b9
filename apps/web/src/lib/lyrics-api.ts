import type { Lyrics, PutLyrics } from '@platter/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from './api-client';
import { trackSecretQuery } from './track-secrets';

/** A track's lyrics, shared by the player's lyrics panel and the studio's editor. */
export const lyricsQueryKeyPrefix = ['lyrics'] as const;
export const lyricsQueryKey = (trackId: string) => [...lyricsQueryKeyPrefix, trackId] as const;

/** GET /api/tracks/:id/lyrics (with the unlisted secret this tab holds). */
export function getLyrics(trackId: string, signal?: AbortSignal): Promise<Lyrics> {
  return apiRequest(`/api/tracks/${encodeURIComponent(trackId)}/lyrics`, { query: trackSecretQuery(trackId), schema: 'lyricsSchema', signal });
}

export const lyricsQueryOptions = (trackId: string) =>
  queryOptions({ queryKey: lyricsQueryKey(trackId), queryFn: ({ signal }) => getLyrics(trackId, signal), staleTime: 60_000, retry: false });

/** PUT /api/tracks/:id/lyrics (owner or admin). */
export function putLyrics(trackId: string, body: PutLyrics): Promise<Lyrics> {
  return apiRequest(`/api/tracks/${encodeURIComponent(trackId)}/lyrics`, { method: 'PUT', json: body, schema: 'lyricsSchema' });
}

/** DELETE /api/tracks/:id/lyrics (owner or admin). */
export function deleteLyrics(trackId: string): Promise<unknown> {
  return apiRequest(`/api/tracks/${encodeURIComponent(trackId)}/lyrics`, { method: 'DELETE', schema: 'unreadAnswerSchema' });
}
