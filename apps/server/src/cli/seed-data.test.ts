import { describe, expect, it } from 'vitest';
import { AscendingIds, randomSource, rareWord, rareWordsFor, seededUuid } from './seed-data.js';

describe('AscendingIds', () => {
  it('holds the UUIDs seededUuid draws from the same seed, in the order their text sorts', () => {
    const n = 20_000;
    const random = randomSource(7);
    const expected = Array.from({ length: n }, () => seededUuid(random)).sort();
    const ids = new AscendingIds(randomSource(7), n);
    expect(ids.length).toBe(n);
    const actual = Array.from({ length: n }, (_, i) => ids.get(i));
    expect(actual).toEqual(expected);
  });

  it('writes every part with its own width and the version and variant digits of a v4 UUID', () => {
    const ids = new AscendingIds(randomSource(1), 2_000);
    for (let i = 0; i < ids.length; i++) expect(ids.get(i)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

describe('rareWordsFor', () => {
  it('keeps a rare word in about 15 titles from a million tracks up, within the distinct words there are', () => {
    expect(rareWordsFor(10_000)).toBe(20_000);
    expect(rareWordsFor(1_000_000)).toBe(20_000);
    expect(rareWordsFor(5_000_000)).toBe(100_000);
    expect(rareWordsFor(10_000_000)).toBe(160_000);
    const words = new Set(Array.from({ length: rareWordsFor(10_000_000) }, (_, i) => rareWord(i)));
    expect(words.size).toBe(160_000);
  });
});
