import type { Track } from '@platter/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PauseIcon, PlayIcon } from '../../../components/icons';
import { paths } from '../../../config/paths';

export interface TopTracksProps {
  title: string;
  hint: string;
  entries: readonly { track: Track; count: number }[];
  /** The count in words: '3 listens', '1 like'. */
  formatCount: (count: number) => string;
  empty: string;
  activeTrackId: string | null;
  isPlaying: boolean;
  onPlay: (tracks: readonly Track[], index: number) => void;
  testId: string;
}

/** A ranked list of the artist's tracks: play each here, or open its own page. */
export function TopTracks({ title, hint, entries, formatCount, empty, activeTrackId, isPlaying, onPlay, testId }: TopTracksProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const tracks = entries.map((entry) => entry.track);
  return (
    <section className="dashboard-card" aria-labelledby={headingId} data-testid={testId}>
      <h2 id={headingId} className="dashboard-card__title">
        {title}
      </h2>
      <p className="dashboard-card__hint">{hint}</p>
      {entries.length === 0 ? (
        <p className="status-text">{empty}</p>
      ) : (
        <ol className="dashboard-top" aria-labelledby={headingId}>
          {entries.map(({ track, count }, index) => {
            const playingHere = track.id === activeTrackId && isPlaying;
            return (
              <li key={track.id} className="dashboard-top__item" data-testid="dashboard-top-track">
                <button
                  type="button"
                  className="round-play"
                  aria-label={t(playingHere ? 'tracks.pause' : 'tracks.play', { title: track.title })}
                  onClick={() => onPlay(tracks, index)}
                >
                  {playingHere ? <PauseIcon /> : <PlayIcon />}
                </button>
                <Link className="dashboard-top__title" to={paths.track.getHref(track.id)}>
                  {track.title}
                </Link>
                <span className="dashboard-top__count">{formatCount(count)}</span>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
