import { describe, expect, it } from 'vitest';
import { LYRICS_MAX_LENGTH, currentLyricsLine, lrcStamp, parseLyrics } from './lyrics-lines.js';

describe('parseLyrics', () => {
  it('reads LRC time stamps in milliseconds, with 1, 2 or 3 fraction digits or none', () => {
    const parsed = parseLyrics('[00:01.5]One\n[00:02.25]Two\n[01:03.125]Three\n[10:00]Four');
    expect(parsed).toEqual({
      ok: true,
      kind: 'synced',
      lines: [
        { startMs: 1500, text: 'One' },
        { startMs: 2250, text: 'Two' },
        { startMs: 63125, text: 'Three' },
        { startMs: 600000, text: 'Four' },
      ],
    });
  });

  it('gives a line per stamp and sorts the lines by time', () => {
    const parsed = parseLyrics('[00:10.00][00:30.00]Chorus\n[00:20.00]Verse');
    expect(parsed.ok && parsed.lines).toEqual([
      { startMs: 10000, text: 'Chorus' },
      { startMs: 20000, text: 'Verse' },
      { startMs: 30000, text: 'Chorus' },
    ]);
  });

  it('applies the offset tag (positive shows lines sooner) and never goes below zero', () => {
    const parsed = parseLyrics('[offset:+500]\n[00:00.20]Early\n[00:02.00]Later');
    expect(parsed.ok && parsed.lines).toEqual([
      { startMs: 0, text: 'Early' },
      { startMs: 1500, text: 'Later' },
    ]);
    const later = parseLyrics('[offset:-250]\n[00:01.00]x');
    expect(later.ok && later.lines).toEqual([{ startMs: 1250, text: 'x' }]);
  });

  it('skips ID tags, reads the language tag, keeps empty timed lines and drops word stamps', () => {
    const parsed = parseLyrics('[ar:Someone]\n[ti:Song]\n[la:RU]\n\n[00:01.00]<00:01.00>Hello <00:01.50>world\n[00:04.00]');
    expect(parsed).toEqual({
      ok: true,
      kind: 'synced',
      lang: 'ru',
      lines: [
        { startMs: 1000, text: 'Hello world' },
        { startMs: 4000, text: '' },
      ],
    });
  });

  it('reads text without stamps as plain lyrics, keeping inner blank lines, dropping outer ones', () => {
    expect(parseLyrics('\n[Chorus]\nLa la\n\nLa\n\n')).toEqual({ ok: true, kind: 'plain', lines: [{ text: '[Chorus]' }, { text: 'La la' }, { text: '' }, { text: 'La' }] });
  });

  it('reports malformed input with the line number', () => {
    expect(parseLyrics('[00:01.00]ok\n[00:75.00]bad')).toEqual({ ok: false, message: 'Line 2: seconds must be below 60 in [00:75.00]', line: 2 });
    expect(parseLyrics('[00:01.00]ok\n[1:2x]bad')).toMatchObject({ ok: false, line: 2, message: expect.stringContaining('[mm:ss.xx]') });
    expect(parseLyrics('[00:01.00]ok\nno stamp here')).toMatchObject({ ok: false, line: 2, message: expect.stringContaining('has no time stamp') });
    expect(parseLyrics('[offset:soon]\n[00:01.00]x')).toMatchObject({ ok: false, line: 1, message: expect.stringContaining('offset') });
    expect(parseLyrics('  \n\n')).toMatchObject({ ok: false, message: 'Lyrics are empty: write at least one line' });
    expect(parseLyrics('x'.repeat(LYRICS_MAX_LENGTH + 1))).toMatchObject({ ok: false, message: expect.stringContaining('at most') });
  });
});

describe('lrcStamp', () => {
  it('writes [mm:ss.xx] that parseLyrics reads back', () => {
    expect(lrcStamp(0)).toBe('[00:00.00]');
    expect(lrcStamp(63_125)).toBe('[01:03.13]');
    expect(lrcStamp(600_000)).toBe('[10:00.00]');
    const parsed = parseLyrics(`${lrcStamp(83_450)}x`);
    expect(parsed.ok && parsed.lines[0]!.startMs).toBe(83_450);
  });
});

describe('currentLyricsLine', () => {
  const lines = [{ startMs: 1000, text: 'a' }, { startMs: 2000, text: 'b' }, { startMs: 5000, text: 'c' }];
  it('is the last line started, or -1 before the first', () => {
    expect(currentLyricsLine(lines, 0)).toBe(-1);
    expect(currentLyricsLine(lines, 1000)).toBe(0);
    expect(currentLyricsLine(lines, 4999)).toBe(1);
    expect(currentLyricsLine(lines, 99_000)).toBe(2);
  });
});
