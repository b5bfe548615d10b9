import { z } from 'zod';
import { playlistSchema } from './social.js';

/* Playlist import and export as M3U8 and XSPF */

export const PLAYLIST_FORMATS = ['m3u8', 'xspf'] as const;
/** Entries one imported file may hold. */
export const PLAYLIST_IMPORT_MAX_ENTRIES = 5000;
/** Bytes one imported file may have. */
export const PLAYLIST_IMPORT_MAX_BYTES = 2 * 1024 * 1024;

export const playlistExportQuerySchema = z.object({
  format: z.enum(PLAYLIST_FORMATS, { message: 'format must be m3u8 or xspf' }).default('m3u8'),
});

export const playlistImportQuerySchema = z.object({
  /** The new playlist's name; else the file's own title, else "Imported playlist". */
  name: z.string().trim().min(1).max(100, 'A playlist name can be at most 100 characters').optional(),
});

/** An entry of the file that matched no listed track on Platter, and why. */
export const unmatchedEntrySchema = z.object({
  /** 1-based place in the file. */
  position: z.number().int(),
  title: z.string().nullable(),
  artist: z.string().nullable(),
  location: z.string().nullable(),
  reason: z.enum(['no_title', 'not_found', 'artist_differs']),
});
export type UnmatchedEntry = z.infer<typeof unmatchedEntrySchema>;

/** POST /api/playlists/import: the playlist made from the matched entries, and a report of the rest. */
export const playlistImportResultSchema = z.object({
  playlist: playlistSchema,
  format: z.enum(PLAYLIST_FORMATS),
  total: z.number().int(),
  matched: z.number().int(),
  /** The first 500 unmatched entries; `unmatchedTotal` counts them all. */
  unmatched: z.array(unmatchedEntrySchema),
  unmatchedTotal: z.number().int(),
});
export type PlaylistImportResult = z.infer<typeof playlistImportResultSchema>;
