import { describe, expect, it } from 'vitest';
import { snippetPieces } from './lyrics-results';

describe('snippetPieces', () => {
  it('splits a line into plain and marked pieces', () => {
    expect(snippetPieces({ text: 'under the neon rain', marks: [{ start: 10, end: 14 }] })).toEqual([
      { text: 'under the ', marked: false },
      { text: 'neon', marked: true },
      { text: ' rain', marked: false },
    ]);
  });

  it('skips marks out of order, empty or past the end, keeping every character once', () => {
    const line = { text: 'abcdef', marks: [{ start: 2, end: 4 }, { start: 1, end: 3 }, { start: 5, end: 5 }, { start: 5, end: 99 }] };
    const pieces = snippetPieces(line);
    expect(pieces.map((p) => p.text).join('')).toBe('abcdef');
    expect(pieces.filter((p) => p.marked).map((p) => p.text)).toEqual(['cd', 'f']);
  });
});
