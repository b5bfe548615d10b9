import type { Waveform } from '@platter/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { takeInitialAnswer } from '../../../lib/initial-data';
import { queryKeys } from '../../../lib/query-keys';
import { trackSecretQuery } from '../../../lib/track-secrets';

/** GET /api/tracks/:id/waveform: the peaks once computed, or the status while they are not. */
export function getWaveform(trackId: string, signal?: AbortSignal): Promise<Waveform> {
  return apiRequest(`/api/tracks/${encodeURIComponent(trackId)}/waveform`, { query: trackSecretQuery(trackId), schema: 'waveformSchema', signal });
}

/** Ready peaks never change; a pending waveform is refetched when `track.waveform` arrives (live-updates). */
export const waveformQueryOptions = (trackId: string) =>
  queryOptions({
    queryKey: queryKeys.waveform(trackId),
    queryFn: ({ signal }) => getWaveform(trackId, signal),
    staleTime: 10 * 60_000,
    // A signed-out visitor's /track/:id carries them (lib/initial-data.ts).
    initialData: () => takeInitialAnswer<Waveform>(`/api/tracks/${encodeURIComponent(trackId)}/waveform`),
  });

export function useWaveform(trackId: string) {
  return useQuery(waveformQueryOptions(trackId));
}
