import { z } from 'zod';
import { trackSchema } from './schemas.js';

/* Contracts of radio, similar tracks and the daily mix */

/** How many tracks a radio request may ask for, and how many recently played ids it may exclude. */
export const RADIO_LIMIT_MAX = 25;
export const RADIO_DEFAULT_LIMIT = 10;
export const RADIO_EXCLUDE_MAX = 200;
/** The player fetches more when fewer than this many radio tracks remain in Up Next. */
export const RADIO_REFILL_BELOW = 3;
export const SIMILAR_TRACKS_LIMIT = 12;
export const DAILY_MIX_SIZE = 30;

export const RADIO_SEED_KINDS = ['track', 'artist', 'genre'] as const;
export type RadioSeedKind = (typeof RADIO_SEED_KINDS)[number];

/** `?seed=track:<id>|artist:<id>|genre:<name>&exclude=<id>,<id>…&limit=`; exclude: most recently played first. */
export const radioQuerySchema = z.object({
  seed: z
    .string()
    .max(120)
    .regex(/^(track|artist|genre):[^,\s][^,]*$/, 'seed must be track:<id>, artist:<id> or genre:<name>'),
  exclude: z
    .string()
    .max(RADIO_EXCLUDE_MAX * 101)
    .regex(/^[^,\s]{1,100}(,[^,\s]{1,100})*$/, 'exclude must be track ids separated by commas')
    .optional(),
  limit: z.coerce.number().int().min(1).max(RADIO_LIMIT_MAX).default(RADIO_DEFAULT_LIMIT),
});
export type RadioQuery = z.infer<typeof radioQuerySchema>;

/** `fresh`: the catalogue's newest public tracks, when nothing nearer is left (a small catalogue). */
export const RADIO_REASON_KINDS = ['co-listened', 'co-liked', 'same-tags', 'same-genre', 'artist', 'fresh'] as const;
export type RadioReasonKind = (typeof RADIO_REASON_KINDS)[number];

/** Why a track is in a radio queue, a similar list or a mix: the web app words it ("Because you played X"). */
export const radioReasonSchema = z.object({
  kind: z.enum(RADIO_REASON_KINDS),
  /** The track it is similar to (co-listened, co-liked, same-tags, same-genre), or null. */
  seedId: z.string().nullable(),
  seedTitle: z.string().nullable(),
  /** The shared tag (same-tags), the genre (same-genre), the artist's name (artist); else null. */
  detail: z.string().nullable(),
});
export type RadioReason = z.infer<typeof radioReasonSchema>;

export const radioItemSchema = z.object({ track: trackSchema, reason: radioReasonSchema });
export type RadioItem = z.infer<typeof radioItemSchema>;

export const radioPageSchema = z.object({
  seed: z.object({ kind: z.enum(RADIO_SEED_KINDS), id: z.string(), label: z.string() }),
  items: z.array(radioItemSchema),
});
export type RadioPage = z.infer<typeof radioPageSchema>;

export const similarTracksSchema = z.object({ items: z.array(radioItemSchema) });
export type SimilarTracks = z.infer<typeof similarTracksSchema>;

/** The signed-in listener's mix of the (UTC) day: the same all day; empty without history or likes. */
export const dailyMixSchema = z.object({ day: z.string(), items: z.array(radioItemSchema) });
export type DailyMix = z.infer<typeof dailyMixSchema>;
