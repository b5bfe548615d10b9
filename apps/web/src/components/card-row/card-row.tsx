import type { ReleaseSummary, Track } from '@platter/shared';
import { formatTime } from '@platter/shared/format';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { PlayIcon } from '../icons';
import { Image } from '../image';
import './card-row.css';

/**
 * A titled, horizontally scrolling row of cards (Home's daily mix, new releases and trending, a
 * track's similar tracks): one line of cards that scrolls sideways, by touch, wheel or keyboard.
 */
export function CardRow({ title, actions, children, testId, note }: { title: string; actions?: ReactNode; children: ReactNode; testId?: string; note?: ReactNode }) {
  const titleId = useId();
  return (
    <section className="card-row" aria-labelledby={titleId} data-testid={testId}>
      <header className="card-row__header">
        <h2 id={titleId} className="card-row__title">
          {title}
        </h2>
        {note}
        {actions && <div className="card-row__actions">{actions}</div>}
      </header>
      {/* Focusable, so a keyboard scrolls it with the arrow keys. */}
      <div className="card-row__scroller" role="region" aria-labelledby={titleId} tabIndex={0}>
        {children}
      </div>
    </section>
  );
}

/** A group of cards inside a row, under one line saying why they are there ("Same genre: Trap"). */
export function CardGroup({ caption, label, children }: { caption?: string; label: string; children: ReactNode }) {
  return (
    <div className="card-group">
      {caption && <p className="card-group__caption">{caption}</p>}
      <ul className="card-group__cards" aria-label={label}>
        {children}
      </ul>
    </div>
  );
}

/** A track as a card: artwork with a play button, title (its page), artist (their page) and duration. */
export function TrackCard({ track, active = false, onPlay }: { track: Track; active?: boolean; onPlay: () => void }) {
  const { t } = useTranslation();
  return (
    <li className={`media-card ${active ? 'media-card--active' : ''}`} data-testid="track-card" data-track-id={track.id}>
      <div className="media-card__art">
        <Image className="media-card__cover" src={track.image ?? track.release?.image ?? null} alt="" width={128} height={128} loading="lazy" decoding="async" />
        <button type="button" className="media-card__play" aria-label={t('discover.play', { title: track.title })} aria-current={active ? 'true' : undefined} onClick={onPlay}>
          <PlayIcon />
        </button>
      </div>
      <Link className="media-card__title" to={paths.track.getHref(track.id)}>
        {track.title}
      </Link>
      <span className="media-card__meta">
        <Link className="media-card__artist" to={paths.artist.getHref(track.artistId)}>
          {track.artist}
        </Link>
        {track.duration ? <span className="media-card__duration"> · {formatTime(track.duration)}</span> : null}
      </span>
    </li>
  );
}

/** A release as a card: cover with a play button, title (its page), artist, type and track count. */
export function ReleaseTile({ release, onPlay }: { release: ReleaseSummary; onPlay?: () => void }) {
  const { t } = useTranslation();
  return (
    <li className="media-card" data-testid="release-tile" data-release-id={release.id}>
      <div className="media-card__art">
        <Image className="media-card__cover" src={release.image} alt="" width={128} height={128} loading="lazy" decoding="async" />
        {onPlay && (
          <button type="button" className="media-card__play" aria-label={t('discover.play', { title: release.title })} onClick={onPlay}>
            <PlayIcon />
          </button>
        )}
      </div>
      <Link className="media-card__title" to={paths.release.getHref(release.id)}>
        {release.title}
      </Link>
      <span className="media-card__meta">
        <Link className="media-card__artist" to={paths.artist.getHref(release.artistId)}>
          {release.artist}
        </Link>
      </span>
      <span className="media-card__meta">
        {t(`releases.types.${release.type}`)} · {t('discover.tracks', { count: release.trackCount })}
      </span>
    </li>
  );
}
