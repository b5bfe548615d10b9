import { useQuery } from '@tanstack/react-query';
import type { SimilarTracks } from '@platter/shared';
import { takeInitialAnswer } from '../../../lib/initial-data';
import { fetchDailyMix, fetchSimilar } from '../../../lib/radio';

/** `GET /api/tracks/:id/similar`. */
export function useSimilarTracks(trackId: string) {
  return useQuery({
    queryKey: ['radio', 'similar', trackId],
    queryFn: ({ signal }) => fetchSimilar(trackId, signal),
    // A signed-out visitor's /track/:id carries them (lib/initial-data.ts).
    initialData: () => takeInitialAnswer<SimilarTracks>(`/api/tracks/${encodeURIComponent(trackId)}/similar`),
  });
}

/** `GET /api/me/daily-mix`: only signed in. */
export function useDailyMix(signedIn: boolean) {
  return useQuery({ queryKey: ['radio', 'daily-mix'], queryFn: ({ signal }) => fetchDailyMix(signal), enabled: signedIn, staleTime: 10 * 60_000 });
}
