import { describe, expect, it } from 'vitest';
import { parseLibraryParams, writeLibraryParams } from './library-params';

describe('parseLibraryParams', () => {
  it('defaults to all genres, no search, page 1', () => {
    expect(parseLibraryParams(new URLSearchParams())).toEqual({ genre: 'All', q: '', page: 1 });
  });

  it('reads a known genre, the search text and the page', () => {
    expect(parseLibraryParams(new URLSearchParams('genre=Hip-Hop&q=night&page=3'))).toEqual({
      genre: 'Hip-Hop',
      q: 'night',
      page: 3,
    });
  });

  it('ignores an unknown genre and a bad page', () => {
    expect(parseLibraryParams(new URLSearchParams('genre=Jazz&page=-2'))).toEqual({ genre: 'All', q: '', page: 1 });
    expect(parseLibraryParams(new URLSearchParams('page=abc')).page).toBe(1);
  });
});

describe('writeLibraryParams', () => {
  it('keeps other params and leaves defaults out of the URL', () => {
    const next = writeLibraryParams(new URLSearchParams('tab=home&genre=Rap&page=2'), { genre: 'All' });
    expect(next.toString()).toBe('tab=home');
  });

  it('a new genre or search goes back to page 1', () => {
    const search = new URLSearchParams('genre=Rap&page=4');
    expect(writeLibraryParams(search, { genre: 'Pop' }).toString()).toBe('genre=Pop');
    expect(writeLibraryParams(search, { q: 'x' }).toString()).toBe('genre=Rap&q=x');
  });

  it('changes only the page when asked to', () => {
    expect(writeLibraryParams(new URLSearchParams('genre=Rap&q=x'), { page: 3 }).toString()).toBe('genre=Rap&q=x&page=3');
  });
});
