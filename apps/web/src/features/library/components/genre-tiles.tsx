import { ALL_GENRES, GENRES } from '@platter/shared/constants';
import { useTranslation } from 'react-i18next';
import { genreTileClassName } from '../../../components/genre-tile';
import { useGenres } from '../api/get-genres';
import type { GenreFilter } from '../library-params';
import { genreLabel } from '../../../lib/genre-label';

interface GenreTilesProps {
  selected: GenreFilter;
  onSelect: (genre: GenreFilter) => void;
}

const TILES: readonly GenreFilter[] = [ALL_GENRES, ...GENRES];

export function GenreTiles({ selected, onSelect }: GenreTilesProps) {
  const { t } = useTranslation();
  const { data } = useGenres();

  const countOf = (genre: GenreFilter): number | null => {
    if (!data) return null;
    if (genre === ALL_GENRES) return data.total;
    return data.genres.find((entry) => entry.genre === genre)?.count ?? 0;
  };

  return (
    <ul className="genre-tiles" aria-label={t('library.genres')}>
      {TILES.map((genre) => {
        const count = countOf(genre);
        return (
          <li key={genre}>
            <button
              type="button"
              className={genreTileClassName(genre)}
              aria-pressed={genre === selected}
              onClick={() => onSelect(genre)}
            >
              <span className="genre-tile__name">{genre === ALL_GENRES ? t('library.allGenres') : genreLabel(t, genre)}</span>
              <span className="genre-tile__count" data-testid="genre-count">
                {count === null ? '\u00a0' : t('library.trackCount', { count })}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
