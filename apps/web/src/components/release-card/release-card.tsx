import type { ReleaseSummary } from '@platter/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { Image } from '../image';
import './release-card.css';

/** A grid of releases (artist page, search, studio): cover, title, type and year, each a link to its page. */
export function ReleaseCards({ releases, label, showArtist = false }: { releases: readonly ReleaseSummary[]; label: string; showArtist?: boolean }) {
  const { t } = useTranslation();
  return (
    <ul className="release-cards" aria-label={label}>
      {releases.map((release) => (
        <li key={release.id} className="release-card" data-testid="release-card">
          <Link className="release-card__link" to={paths.release.getHref(release.id)}>
            <Image className="release-card__cover" src={release.image} alt="" width={160} height={160} loading="lazy" decoding="async" />
            <span className="release-card__title">{release.title}</span>
            <span className="release-card__meta">
              {showArtist ? `${release.artist} · ` : ''}
              {t(`releases.types.${release.type}`)} · {release.releaseDate.slice(0, 4)}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
