import { z } from 'zod';
import { releaseSummarySchema } from './releases.js';
import { profileSchema, trackSchema } from './schemas.js';

/* What Home and News offer to discover (issue 29): card rows and artists to follow. */

/** How many releases Home's "New releases" row shows. */
export const NEW_RELEASES_LIMIT = 12;
/** How many tracks Home's "Trending" row shows. */
export const TRENDING_LIMIT = 12;
/** "Trending" counts the listens of this many last days. */
export const TRENDING_DAYS = 7;
/** How many artists News suggests following. */
export const ARTIST_SUGGESTIONS_LIMIT = 8;

/** GET /api/releases/new: the newest public releases, newest published first. */
export const newReleasesSchema = z.object({ items: z.array(releaseSummarySchema) });
export type NewReleases = z.infer<typeof newReleasesSchema>;

/**
 * GET /api/charts/trending: the tracks listened to most in the last TRENDING_DAYS days, most first,
 * then (a quiet week, a small catalogue) the most listened of all time.
 */
export const trendingSchema = z.object({ items: z.array(trackSchema) });
export type Trending = z.infer<typeof trendingSchema>;

/** GET /api/artists/suggestions: artists with tracks the viewer does not follow yet, most followed first. */
export const artistSuggestionsSchema = z.object({ items: z.array(profileSchema) });
export type ArtistSuggestions = z.infer<typeof artistSuggestionsSchema>;
