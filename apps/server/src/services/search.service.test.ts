import { describe, expect, it } from 'vitest';
import type { ProfileRow } from '../db/schema.js';
import type { ProfileRepository } from '../repositories/profile.repository.js';
import type { TrackRepository } from '../repositories/track.repository.js';
import { SearchService, genresNamedBy } from './search.service.js';

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

describe('SearchService "did you mean"', () => {
  // Known words a typo away, as nearWords gives them: in no order, a word possibly twice.
  const serviceWith = (candidates: Array<{ word: string; tracks: number }>) => {
    const artist = (name: string) => ({ id: name, display_name: name, photo_url: null, status: 'artist', tracks_count: 1, subscribers_count: 0 }) as ProfileRow;
    const tracks = { newestMatches: async () => [], list: async () => [], nearWords: async () => candidates } as unknown as TrackRepository;
    const profiles = { searchArtists: async (q: string) => (q === 'hellp' ? [] : [artist(q)]) } as unknown as ProfileRepository;
    return new SearchService({ tracks, profiles });
  };

  it('takes the closest word, then the most frequent, then the first in byte order, whatever order the candidates come in', async () => {
    const tie = [
      { word: 'help', tracks: 3 },
      { word: 'hello', tracks: 3 },
      { word: 'help', tracks: 3 },
    ];
    for (const candidates of [tie, [...tie].reverse()]) expect((await serviceWith(candidates).search({ q: 'hellp' })).suggestion).toBe('hello');
    expect((await serviceWith([...tie, { word: 'help', tracks: 4 }]).search({ q: 'hellp' })).suggestion).toBe('help');
  });
});
