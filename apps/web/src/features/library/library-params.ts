import { ALL_GENRES, GENRES, type Genre } from '@platter/shared/constants';

export type GenreFilter = Genre | typeof ALL_GENRES;

/** The home tab's URL state: `?genre=&q=&page=`. Defaults stay out of the URL. */
export interface LibraryParams {
  genre: GenreFilter;
  q: string;
  page: number;
}

export function parseLibraryParams(search: URLSearchParams): LibraryParams {
  const genre = search.get('genre');
  const page = Number.parseInt(search.get('page') ?? '', 10);
  return {
    genre: GENRES.includes(genre as Genre) ? (genre as Genre) : ALL_GENRES,
    q: search.get('q') ?? '',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/**
 * Applies a change to the search params, keeping unrelated ones (such as `tab`).
 * A new genre or search starts again from page 1.
 */
export function writeLibraryParams(search: URLSearchParams, patch: Partial<LibraryParams>): URLSearchParams {
  const next = { ...parseLibraryParams(search), ...patch };
  if (patch.page === undefined && (patch.genre !== undefined || patch.q !== undefined)) next.page = 1;
  const result = new URLSearchParams(search);
  const set = (key: string, value: string, isDefault: boolean) =>
    isDefault ? result.delete(key) : result.set(key, value);
  set('genre', next.genre, next.genre === ALL_GENRES);
  set('q', next.q, next.q === '');
  set('page', String(next.page), next.page === 1);
  return result;
}
