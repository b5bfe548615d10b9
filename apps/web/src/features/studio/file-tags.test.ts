import { describe, expect, it } from 'vitest';
import { byTagOrder, lrcTime, lyricsFromTags, matchGenre } from './file-tags';

describe('file tags', () => {
  it("maps a file's genre onto Platter's, whatever its spelling, else none", () => {
    expect(matchGenre(['hip hop'])).toBe('Hip-Hop');
    expect(matchGenre(['HIP-HOP'])).toBe('Hip-Hop');
    expect(matchGenre(['Ambient', 'Trap'])).toBe('Trap');
    expect(matchGenre(['Electronic;Dance'])).toBe('Dance');
    expect(matchGenre(['Jazz'])).toBeUndefined();
    expect(matchGenre([])).toBeUndefined();
  });

  it('writes SYLT lines (milliseconds) as LRC, and prefers them to plain lyrics', () => {
    expect(lrcTime(0)).toBe('[00:00.00]');
    expect(lrcTime(61_234)).toBe('[01:01.23]');
    const synced = { timeStampFormat: 2, syncText: [{ text: 'First', timestamp: 1000 }, { text: 'Second', timestamp: 2500 }] };
    expect(lyricsFromTags([{ text: 'plain' }, synced], [])).toBe('[00:01.00]First\n[00:02.50]Second');
  });

  it('takes USLT text, or a Vorbis LYRICS / UNSYNCEDLYRICS comment', () => {
    expect(lyricsFromTags([{ text: 'a\r\nb', syncText: [] }], [])).toBe('a\nb');
    // SYLT in MPEG frames cannot be timed: not used.
    expect(lyricsFromTags([{ timeStampFormat: 1, syncText: [{ text: 'x', timestamp: 10 }] }], [])).toBeUndefined();
    expect(lyricsFromTags([], [{ id: 'UNSYNCEDLYRICS', value: 'la la' }])).toBe('la la');
    expect(lyricsFromTags([], [{ id: 'TITLE', value: 'no' }])).toBeUndefined();
  });

  it('orders files by disc, then track number, then name (natural order), untagged last', () => {
    const entry = (name: string, discNo?: number, trackNo?: number) => ({ name, tags: { discNo, trackNo } });
    const ordered = byTagOrder([entry('10 z.mp3'), entry('2 y.mp3'), entry('b.mp3', 2, 1), entry('a.mp3', 1, 2), entry('c.mp3', 1, 1)]);
    expect(ordered.map((e) => e.name)).toEqual(['c.mp3', 'a.mp3', '2 y.mp3', '10 z.mp3', 'b.mp3']);
  });
});
