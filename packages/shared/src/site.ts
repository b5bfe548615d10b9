import { z } from 'zod';

/* Contracts of the public site: the Android download, real figures for the landing, offline listens. */

/**
 * GET /api/app/download: where the Android package is. `kind` 'file' is an .apk in
 * DATA_DIR/downloads served by Platter at `url` (same origin, so the page can show real progress);
 * 'remote' is ANDROID_APK_URL (opened in a new window); 'none' means no package: offer the PWA.
 */
export const appDownloadSchema = z.object({
  kind: z.enum(['file', 'remote', 'none']),
  url: z.string().nullable(),
  fileName: z.string().nullable(),
  /** Bytes, when Platter serves the file. */
  size: z.number().int().nullable(),
});
export type AppDownload = z.infer<typeof appDownloadSchema>;

/** GET /api/stats: real figures the landing page shows instead of marketing claims. */
export const siteStatsSchema = z.object({
  tracks: z.number().int(),
  artists: z.number().int().describe('profiles with at least one visible track'),
  users: z.number().int(),
});
export type SiteStats = z.infer<typeof siteStatsSchema>;

/** POST /api/tracks/:id/listens body (optional): when the play started, for listens queued offline. */
export const recordListenSchema = z.preprocess(
  // No body at all (the usual online play) is the same as an empty one.
  (v) => v ?? {},
  z.object({
    playedAt: z.iso.datetime({ offset: true, message: 'playedAt must be an ISO date-time such as 2026-11-21T10:00:00Z' }).optional(),
  }),
);
export type RecordListen = z.input<typeof recordListenSchema>;
