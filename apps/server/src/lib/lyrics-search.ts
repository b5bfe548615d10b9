import type { LyricsSnippetLine } from '@platter/shared';
import { words } from './spelling.js';

/*
 * Search in lyrics: the query as a phrase for each engine's full-text index, and the
 * engines' highlighted lyrics (FTS5 highlight(), PostgreSQL ts_headline()) cut down to the line a
 * listener recognises, with the matched ranges as offsets (the web marks them; no HTML travels).
 */

/** Where the engines open and close a match in highlighted text; lyrics bodies never hold them. */
export const MARK_OPEN = '\u0002';
export const MARK_CLOSE = '\u0003';
/** A query's words past this many do not make the phrase longer. */
const MAX_WORDS = 12;
/** A query with fewer letters than this matches almost every song: it does not search lyrics. */
export const LYRICS_QUERY_MIN = 3;
/** A snippet line longer than this is cut around its first match. */
export const SNIPPET_MAX = 120;
/** How much of a cut line comes before its first match. */
const SNIPPET_LEAD = 40;

/** The words of a query as the lyrics indexes split them (letters and digits of any script), or [] when too short to search. */
export function lyricsQueryWords(q: string): string[] {
  const found = words(q).slice(0, MAX_WORDS);
  return found.join('').length < LYRICS_QUERY_MIN ? [] : found;
}

/*
 * Whole words only, the last one too: a prefix ("neo*") makes both engines gather every song
 * holding any word that starts so before the first match is known, which the bench measured at
 * 55 ms over 50,000 songs. Results come when the word is complete (typing pauses 300 ms anyway).
 */
const fts5Word = (word: string) => `"${word.replaceAll('ё', 'е')}"`;

/** An FTS5 MATCH expression: the words as one phrase ("in the city"), ё as е as the table holds it. Words hold letters and digits only, so nothing needs escaping. */
export function fts5Phrase(found: string[]): string {
  return fts5Word(found.join(' '));
}

/** An FTS5 MATCH expression: every word, anywhere ("in" AND "the" AND "city"): rowids only, no positions read. */
export function fts5AllWords(found: string[]): string {
  return found.map(fts5Word).join(' AND ');
}

/**
 * Highlighted text of a folded copy (SQLite's lyrics_search holds ё as е) with the original's
 * characters put back: the two line up one for one, the markers aside.
 */
export function withOriginalText(highlighted: string, original: string): string {
  let at = 0;
  let out = '';
  for (let i = 0; i < highlighted.length; i++) {
    const char = highlighted[i]!;
    out += char === MARK_OPEN || char === MARK_CLOSE ? char : (original[at++] ?? char);
  }
  return at === original.length ? out : highlighted;
}

const tsqueryWords = (found: string[]) => found.map((word) => `'${word}'`);

/** A to_tsquery text: the words one after another ('in' <-> 'the' <-> 'city'). */
export function tsqueryPhrase(found: string[]): string {
  return tsqueryWords(found).join(' <-> ');
}

/** A to_tsquery text: every word anywhere ('in' & 'the' & 'city'), which the GIN index answers without reading positions. */
export function tsqueryAllWords(found: string[]): string {
  return tsqueryWords(found).join(' & ');
}

/** Lyrics lines as the indexes hold them: their text, one per line, without the highlight markers. */
export function lyricsBody(lines: ReadonlyArray<{ text: string }>): string {
  return lines.map((line) => line.text.replaceAll(MARK_OPEN, '').replaceAll(MARK_CLOSE, '').replace(/[\n\r]/g, '')).join('\n');
}

const wordCount = (text: string) => words(text).length;

interface Line {
  text: string;
  marks: Array<{ start: number; end: number }>;
}

/** Highlighted text split into lines, a match open at a line's end continuing on the next. */
function parseHighlighted(highlighted: string): Line[] {
  const lines: Line[] = [];
  let line: Line = { text: '', marks: [] };
  let openAt: number | null = null;
  for (const char of highlighted) {
    if (char === MARK_OPEN) openAt = line.text.length;
    else if (char === MARK_CLOSE) {
      if (openAt !== null && openAt < line.text.length) line.marks.push({ start: openAt, end: line.text.length });
      openAt = null;
    } else if (char === '\n') {
      if (openAt !== null && openAt < line.text.length) line.marks.push({ start: openAt, end: line.text.length });
      lines.push(line);
      line = { text: '', marks: [] };
      if (openAt !== null) openAt = 0;
    } else line.text += char;
  }
  if (openAt !== null && openAt < line.text.length) line.marks.push({ start: openAt, end: line.text.length });
  lines.push(line);
  return lines;
}

/** Marks only a space or punctuation apart are one match, up to the query's length (ts_headline marks each word of a phrase). */
function merged(line: Line, queryWords: number): Line {
  const marks: Line['marks'] = [];
  for (const mark of line.marks) {
    const last = marks[marks.length - 1];
    const between = last ? line.text.slice(last.end, mark.start) : '';
    if (last && !/[\p{L}\p{N}]/u.test(between) && wordCount(line.text.slice(last.start, mark.end)) <= queryWords) last.end = mark.end;
    else marks.push({ ...mark });
  }
  return { text: line.text, marks };
}

/** A long line cut to SNIPPET_MAX characters around its first match, with "…" where it was cut. */
function cut(line: Line): LyricsSnippetLine {
  if (line.text.length <= SNIPPET_MAX) return line;
  let start = Math.max(0, (line.marks[0]?.start ?? 0) - SNIPPET_LEAD);
  // Never split a surrogate pair, nor a word where a space is near.
  const space = line.text.lastIndexOf(' ', start);
  if (start > 0 && space >= 0 && start - space < 15) start = space + 1;
  if (/[\uDC00-\uDFFF]/.test(line.text[start] ?? '')) start -= 1;
  let end = Math.min(line.text.length, start + SNIPPET_MAX);
  if (/[\uDC00-\uDFFF]/.test(line.text[end] ?? '')) end += 1;
  const before = start > 0 ? '…' : '';
  const text = `${before}${line.text.slice(start, end)}${end < line.text.length ? '…' : ''}`;
  const shift = before.length - start;
  const marks = line.marks
    .filter((mark) => mark.end > start && mark.start < end)
    .map((mark) => ({ start: Math.max(mark.start, start) + shift, end: Math.min(mark.end, end) + shift }));
  return { text, marks };
}

/**
 * The snippet of highlighted lyrics: the first line where the longest match is (the whole phrase,
 * when a line holds it), with the next line too when the phrase runs on to it. Only that line's
 * longest matches stay marked (ts_headline also marks a phrase's words where they stand alone).
 */
export function lyricsSnippet(highlighted: string, queryWords: number): LyricsSnippetLine[] {
  const lines = parseHighlighted(highlighted).map((line) => merged(line, queryWords));
  const scores = lines.map((line) => Math.max(0, ...line.marks.map((mark) => wordCount(line.text.slice(mark.start, mark.end)))));
  const best = Math.max(...scores);
  if (best === 0) return [];
  const at = scores.indexOf(best);
  const keep = (line: Line, score: number): Line => ({ text: line.text, marks: line.marks.filter((mark) => wordCount(line.text.slice(mark.start, mark.end)) >= score) });
  const first = lines[at]!;
  const snippet = [keep(first, best)];
  const next = lines[at + 1];
  const runsOn = best < queryWords && first.marks.at(-1)?.end === first.text.trimEnd().length && next?.marks[0] && next.text.slice(0, next.marks[0].start).trim() === '';
  if (runsOn && next) snippet.push({ text: next.text, marks: [next.marks[0]!] });
  return snippet.map(cut);
}
