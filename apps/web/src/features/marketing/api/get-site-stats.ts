import type { SiteStats } from '@platter/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { fetchJson, isCount, isRecord } from '../lib/fetch-json';

/** The shape of siteStatsSchema (@platter/shared), checked without zod (see lib/fetch-json.ts). */
const isSiteStats = (body: unknown): body is SiteStats =>
  isRecord(body) && isCount(body.tracks) && isCount(body.artists) && isCount(body.users);

/** `GET /api/stats`: the real figures (tracks, artists, users) the landing shows instead of marketing claims. */
export const getSiteStats = (signal?: AbortSignal) => fetchJson('/api/stats', isSiteStats, signal);

export const siteStatsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.site.stats,
    queryFn: ({ signal }) => getSiteStats(signal),
    staleTime: 60_000,
  });

export function useSiteStats() {
  return useQuery(siteStatsQueryOptions());
}
