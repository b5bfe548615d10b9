import { formatTime, type Track } from '@platter/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { HeartIcon, PauseIcon, PlayIcon } from '../icons';
import { useTrackRowActions } from './track-row-actions';
import './track-list.css';

export interface TrackListProps {
  tracks: readonly Track[];
  /** The track the player has loaded, highlighted in the list. */
  activeTrackId: string | null;
  isPlaying: boolean;
  /** Plays `tracks` as the active list, starting at `index`. */
  onPlay: (tracks: readonly Track[], index: number) => void;
  /** The number shown on the first row (continues across pages). */
  firstNumber?: number;
  label: string;
}

export function TrackList({ tracks, activeTrackId, isPlaying, onPlay, firstNumber = 1, label }: TrackListProps) {
  const { t } = useTranslation();
  const rowActions = useTrackRowActions();
  return (
    <ol className="track-list" aria-label={label}>
      {tracks.map((track, index) => {
        const active = track.id === activeTrackId;
        const playingHere = active && isPlaying;
        const liked = rowActions?.isLiked(track.id) ?? false;
        return (
          // The whole row is the click target; the button inside gives keyboard users the same
          // action through the bubbling click, so it needs no handler of its own.
          <li
            key={`${track.id}-${index}`}
            className={`track-row ${active ? 'track-row--active' : ''}`}
            data-testid="track-row"
            aria-current={active ? 'true' : undefined}
            onClick={() => onPlay(tracks, index)}
          >
            <button
              type="button"
              className="track-row__play"
              aria-label={t(playingHere ? 'tracks.pause' : 'tracks.play', { title: track.title })}
            >
              <span className="track-row__number" aria-hidden="true">
                {firstNumber + index}
              </span>
              <span className="track-row__icon">{playingHere ? <PauseIcon /> : <PlayIcon />}</span>
            </button>
            <div className="track-row__main">
              <span className="track-row__title">{track.title}</span>
              <Link
                className="track-row__artist"
                to={paths.artist.getHref(track.artistId)}
                onClick={(event) => event.stopPropagation()}
              >
                {track.artist}
              </Link>
            </div>
            <span className="track-row__genre">{track.genre}</span>
            <span
              className={`track-row__likes ${liked ? 'track-row__likes--liked' : ''}`}
              title={t('likes.count', { count: track.likes })}
              data-testid="track-likes"
              data-liked={liked ? 'true' : undefined}
            >
              <HeartIcon aria-hidden="true" />
              <span aria-hidden="true">{track.likes}</span>
              <span className="visually-hidden">
                {t('likes.count', { count: track.likes })}
                {liked ? `, ${t('likes.likedByYou')}` : ''}
              </span>
            </span>
            <span className="track-row__duration">{formatTime(track.duration)}</span>
            {rowActions && (
              // The menu acts on the track; a click inside it must not also play the row.
              <div className="track-row__actions" onClick={(event) => event.stopPropagation()}>
                {rowActions.render(track)}
              </div>
            )}
          </li>
        );
      })}
    </ol>
  );
}
