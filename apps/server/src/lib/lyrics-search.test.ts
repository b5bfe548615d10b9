import { describe, expect, it } from 'vitest';
import {
  MARK_CLOSE as C,
  MARK_OPEN as O,
  SNIPPET_MAX,
  fts5AllWords,
  fts5Phrase,
  lyricsBody,
  lyricsQueryWords,
  lyricsSnippet,
  tsqueryAllWords,
  tsqueryPhrase,
  withOriginalText,
} from './lyrics-search.js';

const marked = (text: string, marks: Array<{ start: number; end: number }>) =>
  marks.reduceRight((out, mark) => `${out.slice(0, mark.start)}[${out.slice(mark.start, mark.end)}]${out.slice(mark.end)}`, text);

describe('lyrics search', () => {
  it('reads a query as words, too short to search under three letters', () => {
    expect(lyricsQueryWords('  In the CITY, of "lights"* ')).toEqual(['in', 'the', 'city', 'of', 'lights']);
    expect(lyricsQueryWords('a b')).toEqual([]);
    expect(lyricsQueryWords('*"()')).toEqual([]);
    expect(lyricsQueryWords('над')).toEqual(['над']);
  });

  it('writes the words as a phrase and as every word, for each engine, whole words only', () => {
    expect(fts5Phrase(['in', 'the', 'ci'])).toBe('"in the ci"');
    expect(fts5Phrase(['ёлки'])).toBe('"елки"');
    expect(fts5AllWords(['in', 'ёлки'])).toBe('"in" AND "елки"');
    expect(tsqueryPhrase(['in', 'the', 'city'])).toBe("'in' <-> 'the' <-> 'city'");
    expect(tsqueryAllWords(['в', 'огнях'])).toBe("'в' & 'огнях'");
  });

  it('keeps the markers out of the indexed text', () => {
    expect(lyricsBody([{ text: `a${O}b${C}` }, { text: 'c' }])).toBe('ab\nc');
  });

  it('picks the line holding the whole phrase and marks only the phrase there', () => {
    // ts_headline marks each word of the phrase, wherever it stands.
    const text = `${O}the${C} night\nin ${O}the${C} ${O}city${C}, ${O}the${C} lights\n${O}the${C} ${O}city${C} sleeps`;
    const [line, ...rest] = lyricsSnippet(text, 2);
    expect(rest).toEqual([]);
    expect(marked(line!.text, line!.marks)).toBe('in [the city], the lights');
  });

  it('gives the next line too when the phrase runs on to it', () => {
    const lines = lyricsSnippet(`Paper ${O}planes fly\nover the${C} harbour`, 4);
    expect(lines.map((line) => marked(line.text, line.marks))).toEqual(['Paper [planes fly]', '[over the] harbour']);
  });

  it('cuts a long line around its first match, the offsets following the cut', () => {
    const before = 'word '.repeat(60);
    const [line] = lyricsSnippet(`${before}${O}needle${C} ${'tail '.repeat(60)}`, 1);
    expect(line!.text.length).toBeLessThanOrEqual(SNIPPET_MAX + 2);
    expect(line!.text.startsWith('…')).toBe(true);
    expect(line!.text.endsWith('…')).toBe(true);
    expect(line!.text.slice(line!.marks[0]!.start, line!.marks[0]!.end)).toBe('needle');
  });

  it('gives nothing when nothing is marked', () => {
    expect(lyricsSnippet('no marks here', 1)).toEqual([]);
  });

  it('puts the original letters back into highlighted folded text', () => {
    expect(withOriginalText(`${O}Елки${C} в огнях`, 'Ёлки в огнях')).toBe(`${O}Ёлки${C} в огнях`);
    expect(withOriginalText(`${O}x${C}`, 'longer')).toBe(`${O}x${C}`);
  });
});
