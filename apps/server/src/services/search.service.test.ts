import { describe, expect, it } from 'vitest';
import { genresNamedBy } from './search.service.js';

describe('genresNamedBy', () => {
  it('names a genre exactly, in any case, by a prefix of three letters or with one typo', () => {
    for (const q of ['phonk', 'Phonk', ' PHONK ', 'pho', 'phnk', 'phonck', 'phokn']) expect(genresNamedBy(q)).toEqual(['Phonk']);
    expect(genresNamedBy('hip hop')).toEqual(['Hip-Hop']);
    expect(genresNamedBy('Hip-Hop')).toEqual(['Hip-Hop']);
    expect(genresNamedBy('hiphp')).toEqual(['Hip-Hop']);
  });

  it('prefers a genre named outright over one a typo away, and names nothing for short or unrelated queries', () => {
    expect(genresNamedBy('trap')).toEqual(['Trap']);
    expect(genresNamedBy('rap')).toEqual(['Rap']);
    expect(genresNamedBy('ph')).toEqual([]);
    expect(genresNamedBy('midnight')).toEqual([]);
    expect(genresNamedBy('phonk drift')).toEqual([]);
  });
});
