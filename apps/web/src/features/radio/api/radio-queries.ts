import { useQuery } from '@tanstack/react-query';
import { fetchDailyMix, fetchSimilar } from '../../../lib/radio';

/** `GET /api/tracks/:id/similar`. */
export function useSimilarTracks(trackId: string) {
  return useQuery({ queryKey: ['radio', 'similar', trackId], queryFn: ({ signal }) => fetchSimilar(trackId, signal) });
}

/** `GET /api/me/daily-mix`: only signed in. */
export function useDailyMix(signedIn: boolean) {
  return useQuery({ queryKey: ['radio', 'daily-mix'], queryFn: ({ signal }) => fetchDailyMix(signal), enabled: signedIn, staleTime: 10 * 60_000 });
}
