import type { Genre } from '@platter/shared/constants';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { genreTileClassName } from '../../../components/genre-tile';
import { paths } from '../../../config/paths';
import { genreLabel } from '../../../lib/genre-label';

/** The genres a query names, as the home page's genre tiles; each opens that genre's list on home. */
export function GenreResults({ genres, onOpen }: { genres: readonly Genre[]; onOpen: () => void }) {
  const { t } = useTranslation();
  return (
    <section className="search__section">
      <h2 className="search__heading">{t('search.genres')}</h2>
      <ul className="search__genres" aria-label={t('search.genres')}>
        {genres.map((genre) => (
          <li key={genre}>
            <Link className={genreTileClassName(genre)} to={paths.home.getHref('home', { genre })} onClick={onOpen}>
              <span className="genre-tile__name">{genreLabel(t, genre)}</span>
              <span className="genre-tile__count">{t('search.openGenre', { genre: genreLabel(t, genre) })}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
