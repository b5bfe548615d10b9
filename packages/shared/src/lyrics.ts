import { z } from 'zod';
import { LYRICS_MAX_LENGTH } from './lyrics-lines.js';

/*
 * Lyrics of a track: plain text, or LRC with time stamps ([mm:ss.xx], several per
 * line, an [offset:±ms] tag). The server parses what the artist sends with `parseLyrics` and keeps
 * the lines; the studio editor previews with the same parser, so both say the same thing.
 */

export const lyricsLineSchema = z.object({
  /** Where the line starts: milliseconds into the audio (synced lyrics only). */
  startMs: z.number().int().min(0).optional(),
  text: z.string(),
});

export const lyricsSchema = z.object({
  kind: z.enum(['synced', 'plain']),
  lines: z.array(lyricsLineSchema),
  /** The language (ISO 639 code), when the artist gave it. */
  lang: z.string().optional(),
  /** The source as the artist wrote it (LRC or plain), for the editor. */
  text: z.string(),
});
export type Lyrics = z.infer<typeof lyricsSchema>;

export const putLyricsSchema = z.object({
  text: z
    .string({ message: 'Lyrics text is required' })
    .max(LYRICS_MAX_LENGTH, `Lyrics can be at most ${LYRICS_MAX_LENGTH.toLocaleString('en')} characters`),
  lang: z
    .string()
    .regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/, 'lang must be a language code such as en or ru')
    .optional(),
});
export type PutLyrics = z.infer<typeof putLyricsSchema>;

