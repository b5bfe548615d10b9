import { describe, expect, it } from 'vitest';
import { SpellingIndex, editDistance, suggestQuery, words } from './spelling.js';

describe('editDistance', () => {
  it('counts insertions, deletions, substitutions and neighbour swaps as one edit', () => {
    expect(editDistance('drive', 'drive', 2)).toBe(0);
    expect(editDistance('drve', 'drive', 2)).toBe(1);
    expect(editDistance('drivee', 'drive', 2)).toBe(1);
    expect(editDistance('drave', 'drive', 2)).toBe(1);
    expect(editDistance('dirve', 'drive', 2)).toBe(1);
    expect(editDistance('город', 'горад', 2)).toBe(1);
  });
  it('gives up past the maximum', () => {
    expect(editDistance('abcdef', 'uvwxyz', 2)).toBe(3);
    expect(editDistance('a', 'abcdef', 2)).toBe(3);
  });
});

describe('SpellingIndex', () => {
  const index = new SpellingIndex();
  for (const text of ['Midnight Drive', 'Drive slow', 'Ночной город', 'Город огней', 'Tokyo Outrun', 'Cowbell Requiem', 'Drift']) index.add(text);

  it('splits words in any script', () => {
    expect(words('Ночной  город, Tokyo-Outrun!')).toEqual(['ночной', 'город', 'tokyo', 'outrun']);
  });

  it('corrects one typo per word and keeps known words', () => {
    expect(index.suggest('midnite drive')).toBeNull(); // two edits in a 7-letter word: too far
    expect(index.suggest('midnigth drive')).toBe('midnight drive');
    expect(index.suggest('ночнй')).toBe('ночной');
    expect(index.suggest('cowbel')).toBe('cowbell');
    expect(index.suggest('requeim')).toBe('requiem');
  });

  it('prefers the more frequent word on a tie and leaves short or unknown words alone', () => {
    expect(index.suggest('driv')).toBe('drive');
    expect(index.suggest('dr')).toBeNull();
    expect(index.suggest('zzzzzz')).toBeNull();
    expect(index.suggest('drive')).toBeNull();
  });
});

describe('suggestQuery', () => {
  it('asks only about words long enough to correct, and answers null when nothing changed', async () => {
    const asked: string[] = [];
    const fix = async (word: string) => {
      asked.push(word);
      return word === 'drfit' ? 'drift' : undefined;
    };
    expect(await suggestQuery('DJ drfit mode', fix)).toBe('dj drift mode');
    expect(asked.sort()).toEqual(['drfit', 'mode']);
    expect(await suggestQuery('drift mode', fix)).toBeNull();
  });
});
