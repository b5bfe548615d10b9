import { z } from 'zod';

/* Contracts of ListenBrainz scrobbling */

/** The last submission's outcome: `retrying` while the job backs off, `failed` when it gave up (the listens stay queued). */
export const LISTENBRAINZ_STATUSES = ['ok', 'retrying', 'failed'] as const;

/** GET/PUT /api/me/listenbrainz: whether my ListenBrainz account is linked, and how the last submission went. */
export const listenBrainzStateSchema = z.object({
  linked: z.boolean(),
  /** The ListenBrainz user the token belongs to. */
  userName: z.string().nullable(),
  /** A custom server, or null for Platter's configured one. */
  serverUrl: z.string().nullable(),
  lastStatus: z.enum(LISTENBRAINZ_STATUSES).nullable(),
  lastError: z.string().nullable(),
  lastAt: z.string().nullable(),
  /** Listens submitted since linking. */
  submitted: z.number().int(),
  /** Listens waiting to be submitted. */
  pending: z.number().int(),
});
export type ListenBrainzState = z.infer<typeof listenBrainzStateSchema>;

export const linkListenBrainzSchema = z.object({
  token: z
    .string({ message: 'Paste your ListenBrainz user token (listenbrainz.org → Settings → User token)' })
    .trim()
    .min(8, 'That is too short for a ListenBrainz user token: copy the whole token from listenbrainz.org → Settings')
    .max(200, 'That is too long for a ListenBrainz user token')
    .regex(/^[\w-]+$/, 'A ListenBrainz user token has letters, digits and dashes only: copy it again from listenbrainz.org → Settings'),
  /** A self-hosted ListenBrainz (its API root, e.g. https://lb.example.org); omitted or null for the configured one. */
  serverUrl: z
    .url({ message: 'The server must be an address such as https://listenbrainz.example.org' })
    .max(300)
    .nullable()
    .optional(),
});
export type LinkListenBrainz = z.infer<typeof linkListenBrainzSchema>;

/** POST /api/me/now-playing: the track I just started (sent on to ListenBrainz as "playing now"). */
export const nowPlayingSchema = z.object({ trackId: z.string().min(1).max(64) });
export type NowPlaying = z.infer<typeof nowPlayingSchema>;
