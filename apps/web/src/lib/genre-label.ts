import type { TFunction } from 'i18next';

/**
 * A genre's name as the interface language says it ("Trap" is «Трэп» in Russian). The stored value
 * stays English (the API's genre, filters, links); only what is shown is translated. A genre the
 * app has no name for shows as stored.
 */
export function genreLabel(t: TFunction, genre: string): string {
  return t(`genreNames.${genre}`, { defaultValue: genre });
}
