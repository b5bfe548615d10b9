import type { Track } from '@platter/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
import { queryKeys } from '../../../lib/query-keys';
import { takeInitialAnswer } from '../../../lib/initial-data';
import { trackSecretQuery } from '../../../lib/track-secrets';

/** GET /api/tracks/:id: one track, for a shared link (`/home?track=<id>`). */
export function getTrack(trackId: string, signal?: AbortSignal): Promise<Track> {
  // An unlisted track opened by its secret link is asked for with the secret.
  return apiRequest(`/api/tracks/${encodeURIComponent(trackId)}`, { query: trackSecretQuery(trackId), schema: 'trackSchema', signal });
}

/** One track for its own page (`/track/:id`); under `tracks`, so live track events refresh it. */
export const trackQueryOptions = (trackId: string) =>
  queryOptions({
    queryKey: [...queryKeys.tracks.all, 'detail', trackId] as const,
    queryFn: ({ signal }) => getTrack(trackId, signal),
    retry: (failures, error) => !(error instanceof ApiError && error.status === 404) && failures < 2,
    // A signed-out visitor's /track/:id carries the track (lib/initial-data.ts).
    initialData: () => takeInitialAnswer<Track>(`/api/tracks/${encodeURIComponent(trackId)}`),
  });

export function useTrack(trackId: string) {
  return useQuery(trackQueryOptions(trackId));
}
