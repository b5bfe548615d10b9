import type { ArtistSummary } from '@platter/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Image } from '../../../components/image';
import { paths } from '../../../config/paths';

export function ArtistCards({ artists, onOpen }: { artists: readonly ArtistSummary[]; onOpen: () => void }) {
  const { t } = useTranslation();
  return (
    <section className="search__section">
      <h2 className="search__heading">{t('search.artists')}</h2>
      <ul className="artist-cards" aria-label={t('search.artists')}>
        {artists.map((artist) => (
          <li key={artist.id}>
            <Link className="artist-card" to={paths.artist.getHref(artist.id)} onClick={onOpen}>
              <span className="artist-card__avatar" aria-hidden="true">
                {artist.photoURL ? <Image src={artist.photoURL} alt="" /> : artist.displayName.slice(0, 1).toUpperCase()}
              </span>
              <span className="artist-card__name">{artist.displayName}</span>
              <span className="artist-card__meta">{t('search.artistTracks', { count: artist.tracks })}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
