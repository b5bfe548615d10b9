import type { Track } from '@platter/shared';
import { formatTime } from '@platter/shared/format';
import type { ComponentType, CSSProperties, LiHTMLAttributes, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { HeartIcon, PauseIcon, PlayIcon } from '../icons';
import { Image } from '../image';
import { useTrackRowActions, type TrackRowActions } from './track-row-actions';
import './track-list.css';
import { genreLabel } from '../../lib/genre-label';

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
  /** Tools of one row from the list's owner (a playlist's reorder and remove), after the menu. */
  renderRowTools?: (track: Track, index: number) => ReactNode;
  /** The row's key (default: the track id and the index); a playlist keys by entry. */
  rowKey?: (track: Track, index: number) => string;
  /** A line under the artist (search shows the lyrics a query matched). */
  renderRowDetail?: (track: Track, index: number) => ReactNode;
  /** The element of a row instead of <li> (a playlist's sortable row); gets the row's key. */
  Row?: ComponentType<TrackRowElementProps>;
  /** Wraps the list (a playlist's drag and drop context). */
  wrapList?: (list: ReactNode) => ReactNode;
}

export type TrackRowElementProps = LiHTMLAttributes<HTMLLIElement> & { rowKey: string; children: ReactNode };

const PlainRow = ({ rowKey: _rowKey, ...props }: TrackRowElementProps) => <li {...props} />;

const stop = (event: { stopPropagation: () => void }) => event.stopPropagation();

export function TrackList({ tracks, activeTrackId, isPlaying, onPlay, firstNumber = 1, label, renderRowTools, rowKey, renderRowDetail, Row = PlainRow, wrapList }: TrackListProps) {
  const { t } = useTranslation();
  const rowActions = useTrackRowActions();
  const list = (
    // The number column is as wide as the longest number on the page (a page deep in a million tracks is 7 digits).
    <ol className="track-list" aria-label={label} style={{ '--track-number-digits': String(firstNumber + tracks.length - 1).length } as CSSProperties}>
      {tracks.map((track, index) => {
        const active = track.id === activeTrackId;
        const playingHere = active && isPlaying;
        const tools = renderRowTools?.(track, index);
        const key = rowKey?.(track, index) ?? `${track.id}-${index}`;
        return (
          // The whole row is the click target; the button inside gives keyboard users the same
          // action through the bubbling click, so it needs no handler of its own.
          <Row
            key={key}
            rowKey={key}
            className={`track-row ${active ? 'track-row--active' : ''}`}
            data-testid="track-row"
            aria-current={active ? 'true' : undefined}
            onClick={() => onPlay(tracks, index)}
          >
            <span className="track-row__number" aria-hidden="true">
              {firstNumber + index}
            </span>
            <button
              type="button"
              className="track-row__play"
              aria-label={t(playingHere ? 'tracks.pause' : 'tracks.play', { title: track.title })}
            >
              {/* Fixed size, placeholder first: the row never moves when the cover arrives. */}
              <Image className="track-row__cover" src={track.image} alt="" width={44} height={44} loading="lazy" decoding="async" />
              <span className="track-row__icon">{playingHere ? <PauseIcon /> : <PlayIcon />}</span>
            </button>
            <div className="track-row__main">
              <span className="track-row__title">{track.title}</span>
              <Link className="track-row__artist" to={paths.artist.getHref(track.artistId)} onClick={stop}>
                {track.artist}
              </Link>
              {renderRowDetail?.(track, index)}
            </div>
            <span className="track-row__genre">{genreLabel(t, track.genre)}</span>
            <RowLike track={track} rowActions={rowActions} />
            <span className="track-row__duration">{formatTime(track.duration)}</span>
            {(rowActions || tools) && (
              // The menu and the tools act on the track; a click inside must not also play the row.
              <div className="track-row__actions" onClick={stop}>
                {rowActions?.render(track)}
                {tools}
              </div>
            )}
          </Row>
        );
      })}
    </ol>
  );
  return wrapList ? wrapList(list) : list;
}

/** The heart: a like toggle with the count when the provider can like, else the count alone. */
function RowLike({ track, rowActions }: { track: Track; rowActions: TrackRowActions | null }) {
  const { t } = useTranslation();
  const liked = rowActions?.isLiked(track.id) ?? false;
  const pending = rowActions?.pendingLike?.(track.id) ?? null;
  const likes = Math.max(0, track.likes + (pending === null ? 0 : pending ? 1 : -1));
  const count = t('likes.count', { count: likes });
  const className = `track-row__likes ${liked ? 'track-row__likes--liked' : ''}`;
  const toggleLike = rowActions?.toggleLike;
  if (toggleLike) {
    return (
      <button
        type="button"
        className={`${className} track-row__like`}
        data-testid="track-likes"
        data-liked={liked ? 'true' : undefined}
        aria-pressed={liked}
        title={count}
        onClick={(event) => {
          // Liking is not playing: the row's click must not start the track.
          event.stopPropagation();
          toggleLike(track);
        }}
      >
        <HeartIcon aria-hidden="true" />
        <span aria-hidden="true">{likes}</span>
        <span className="visually-hidden">
          {t('likes.toggle', { title: track.title })}, {count}
        </span>
      </button>
    );
  }
  return (
    <span className={className} title={count} data-testid="track-likes" data-liked={liked ? 'true' : undefined}>
      <HeartIcon aria-hidden="true" />
      <span aria-hidden="true">{track.likes}</span>
      <span className="visually-hidden">
        {count}
        {liked ? `, ${t('likes.likedByYou')}` : ''}
      </span>
    </span>
  );
}
