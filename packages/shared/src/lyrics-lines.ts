/*
 * Lyrics lines, without zod, so the player bar (first paint) can import them from
 * `@platter/shared/lyrics-lines`: the LRC parser the server and the studio's preview share, the
 * stamp writer of "tap to time" and the player's current-line lookup. Schemas: lyrics.ts.
 */

/** The most characters a track's lyrics source may hold. */
export const LYRICS_MAX_LENGTH = 20_000;
/** The most lines (after expanding lines with several stamps). */
export const LYRICS_MAX_LINES = 2_000;

export interface LyricsLine {
  /** Where the line starts: milliseconds into the audio (synced lyrics only). */
  startMs?: number;
  text: string;
}

export type ParsedLyrics = { ok: true; kind: 'synced' | 'plain'; lines: LyricsLine[]; lang?: string } | { ok: false; message: string; line: number };

const STAMP = /^\[(\d{1,3}):(\d{1,2})(?:[.:](\d{1,3}))?\]/;
/** Anything that starts like a time stamp: "[" then digits and ":" (malformed ones are reported). */
const STAMP_LIKE = /^\[\s*\d+\s*:/;
/** ID tags: [ar:Artist], [offset:+200], [la:en] … */
const TAG = /^\[([a-zA-Z#]+):(.*)\]\s*$/;
/** Enhanced LRC's word stamps (<mm:ss.xx>), dropped from the text. */
const WORD_STAMP = /<\d{1,3}:\d{1,2}(?:[.:]\d{1,3})?>/g;

/** Milliseconds of a stamp's fraction: ".5" is 500, ".05" is 50, ".005" is 5. */
const fractionMs = (digits: string | undefined): number => (digits ? Math.round(Number(`0.${digits}`) * 1000) : 0);

/**
 * Parses lyrics: LRC when any line starts with a time stamp, plain text otherwise. Synced lines
 * come sorted by start, each stamp of a line giving one line; the offset tag moves every line
 * (a positive offset shows lines sooner, as LRC says). A malformed line is reported by its number.
 */
export function parseLyrics(source: string): ParsedLyrics {
  if (source.length > LYRICS_MAX_LENGTH) return { ok: false, message: `Lyrics can be at most ${LYRICS_MAX_LENGTH.toLocaleString('en')} characters`, line: 0 };
  const rows = source.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const synced = rows.some((row) => STAMP_LIKE.test(row.trim()));
  if (!synced) {
    const lines = rows.map((row) => row.trimEnd());
    while (lines.length > 0 && lines[0]!.trim() === '') lines.shift();
    while (lines.length > 0 && lines[lines.length - 1]!.trim() === '') lines.pop();
    if (lines.length === 0) return { ok: false, message: 'Lyrics are empty: write at least one line', line: 0 };
    if (lines.length > LYRICS_MAX_LINES) return { ok: false, message: `Lyrics can have at most ${LYRICS_MAX_LINES} lines`, line: LYRICS_MAX_LINES + 1 };
    return { ok: true, kind: 'plain', lines: lines.map((text) => ({ text })) };
  }
  let offset = 0;
  let lang: string | undefined;
  const stamped: Array<{ at: number; text: string; order: number }> = [];
  for (let i = 0; i < rows.length; i++) {
    const number = i + 1;
    let rest = rows[i]!.trim();
    if (rest === '') continue;
    const stamps: number[] = [];
    for (let match = STAMP.exec(rest); match; match = STAMP.exec(rest)) {
      const seconds = Number(match[2]);
      if (seconds >= 60) return { ok: false, message: `Line ${number}: seconds must be below 60 in ${match[0]}`, line: number };
      stamps.push(Number(match[1]) * 60_000 + seconds * 1000 + fractionMs(match[3]));
      rest = rest.slice(match[0].length);
    }
    if (stamps.length === 0) {
      if (STAMP_LIKE.test(rest)) return { ok: false, message: `Line ${number}: the time stamp must be written [mm:ss.xx], e.g. [01:23.45]`, line: number };
      const tag = TAG.exec(rest);
      if (!tag) return { ok: false, message: `Line ${number} has no time stamp: in synced lyrics every line starts with [mm:ss.xx]`, line: number };
      const name = tag[1]!.toLowerCase();
      const value = tag[2]!.trim();
      if (name === 'offset') {
        if (!/^[+-]?\d{1,7}$/.test(value)) return { ok: false, message: `Line ${number}: the offset must be a whole number of milliseconds, e.g. [offset:+200]`, line: number };
        offset = Number(value);
      } else if ((name === 'la' || name === 'lang') && /^[a-z]{2,3}$/i.test(value)) {
        lang = value.toLowerCase();
      }
      continue;
    }
    if (STAMP_LIKE.test(rest)) return { ok: false, message: `Line ${number}: the time stamp must be written [mm:ss.xx], e.g. [01:23.45]`, line: number };
    const text = rest.replace(WORD_STAMP, '').replace(/\s+/g, ' ').trim();
    for (const at of stamps) stamped.push({ at, text, order: stamped.length });
    if (stamped.length > LYRICS_MAX_LINES) return { ok: false, message: `Lyrics can have at most ${LYRICS_MAX_LINES} lines`, line: number };
  }
  if (stamped.length === 0) return { ok: false, message: 'Lyrics have no timed line: add lines that start with [mm:ss.xx]', line: 0 };
  stamped.sort((a, b) => a.at - b.at || a.order - b.order);
  const lines = stamped.map(({ at, text }) => ({ startMs: Math.max(0, at - offset), text }));
  return lang ? { ok: true, kind: 'synced', lines, lang } : { ok: true, kind: 'synced', lines };
}

/** "[mm:ss.xx]" for a time in milliseconds (what the tap-to-time editor writes). */
export function lrcStamp(ms: number): string {
  const centis = Math.max(0, Math.round(ms / 10));
  const minutes = Math.floor(centis / 6000);
  const seconds = Math.floor((centis % 6000) / 100);
  const hundredths = centis % 100;
  const two = (n: number) => String(n).padStart(2, '0');
  return `[${two(minutes)}:${two(seconds)}.${two(hundredths)}]`;
}

/** The index of the line playing at `ms` (the last one started), or -1 before the first. */
export function currentLyricsLine(lines: readonly LyricsLine[], ms: number): number {
  let lo = 0;
  let hi = lines.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if ((lines[mid]!.startMs ?? 0) <= ms) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}
