import type { PlaylistDetail, Track } from '@platter/shared';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PauseIcon, PlayIcon } from '../../../components/icons';
import { TrackList } from '../../../components/track-list/track-list';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-error';
import { usePlaylistDetail, useRemoveFromPlaylist, useReorderPlaylist } from '../api/playlist-detail';
import { useUpdatePlaylist } from '../api/playlists';
import { totalDuration } from '../duration';
import { moveEntry } from '../reorder';
import { PlaylistCover } from './playlist-cover';
import { PlaylistCoverControls } from './playlist-cover-controls';
import './playlists.css';

export interface PlaylistDetailsViewProps {
  playlistId: string;
  userId: string | null;
  activeTrackId: string | null;
  isPlaying: boolean;
  onPlay: (tracks: readonly Track[], index: number) => void;
  /** Plays the playlist from its first track (default: `onPlay(tracks, 0)`). */
  onPlayAll?: (tracks: readonly Track[]) => void;
  /** Plays the playlist in shuffled order; without it there is no Shuffle button. */
  onShuffle?: (tracks: readonly Track[]) => void;
  /** Actions on the whole playlist from other features (e.g. Save for offline). */
  renderActions?: (tracks: readonly Track[]) => ReactNode;
}

/** One playlist: cover, Play all and Shuffle, rows like the home list; its owner reorders, removes, shares. */
export function PlaylistDetailsView(props: PlaylistDetailsViewProps) {
  const { playlistId, userId, activeTrackId, isPlaying, onPlay, onPlayAll, onShuffle, renderActions } = props;
  const { t } = useTranslation();
  const detail = usePlaylistDetail(playlistId);
  const back = (
    <Link className="button button--link playlist-details__back" to={paths.home.getHref('playlists')}>
      {t('playlists.back')}
    </Link>
  );
  if (detail.isPending) return <p className="status-text">{t('common.loading')}</p>;
  if (detail.isError) {
    const missing = detail.error instanceof ApiError && (detail.error.status === 404 || detail.error.status === 403);
    return (
      <div className="playlist-details">
        {back}
        <p className={missing ? 'shell-notice' : 'error-text'} role={missing ? undefined : 'alert'}>
          {t(missing ? 'playlists.notFound' : 'playlists.loadError')}
        </p>
      </div>
    );
  }
  const playlist = detail.data;
  const isOwner = playlist.ownerId === userId;
  const tracks = playlist.entries.map((entry) => entry.track);
  const first = tracks[0];
  // Play all pauses and resumes when the playlist already plays from its first track.
  const playingFirst = !!first && first.id === activeTrackId && isPlaying;
  return (
    <div className="playlist-details">
      {back}
      <header className="playlist-details__head">
        <PlaylistCover image={playlist.image} covers={tracks.map((track) => track.image)} size="large" />
        <div className="playlist-details__info">
          <h2 className="playlist-details__name">{playlist.name}</h2>
          <p className="playlist-details__meta">
            {t('playlists.by', { name: playlist.ownerName })} · {t('playlists.trackCount', { count: tracks.length })} ·{' '}
            <span title={t('playlists.duration')} data-testid="playlist-duration">
              <DurationText seconds={totalDuration(tracks)} />
            </span>
          </p>
          {first && (
            <div className="playlist-details__play">
              <button
                type="button"
                className="button button--primary"
                onClick={() => (playingFirst || !onPlayAll ? onPlay(tracks, 0) : onPlayAll(tracks))}
              >
                {playingFirst ? <PauseIcon /> : <PlayIcon />} {t('playlists.playAll')}
              </button>
              {onShuffle && (
                <button type="button" className="button button--secondary" onClick={() => onShuffle(tracks)}>
                  {t('playlists.shuffle')}
                </button>
              )}
            </div>
          )}
        </div>
      </header>
      {(isOwner || renderActions) && (
        // One row of tools under the header: the owner's cover controls and what other features add.
        <div className="playlist-details__tools">
          {isOwner && <PlaylistCoverControls playlist={playlist} />}
          {renderActions?.(tracks)}
        </div>
      )}
      {isOwner && <ShareControls playlist={playlist} />}
      <PlaylistEntries playlist={playlist} editable={isOwner} activeTrackId={activeTrackId} isPlaying={isPlaying} onPlay={onPlay} />
    </div>
  );
}

function DurationText({ seconds }: { seconds: number }) {
  const { t } = useTranslation();
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return <>{t('playlists.minutes', { count: seconds > 0 ? Math.max(1, minutes) : 0 })}</>;
  return <>{t('playlists.hoursMinutes', { hours: Math.floor(minutes / 60), minutes: minutes % 60 })}</>;
}

function ShareControls({ playlist }: { playlist: PlaylistDetail }) {
  const { t } = useTranslation();
  const id = useId();
  const update = useUpdatePlaylist();
  const [copied, setCopied] = useState(false);
  // The switch follows the click at once; the server's answer then takes over.
  const [asked, setAsked] = useState<boolean | null>(null);
  const isPublic = asked ?? playlist.isPublic;
  // The link the server answers with preview tags (name, owner, cover) for a public playlist.
  const link = `${window.location.origin}${paths.playlist.getHref(playlist.id)}`;
  return (
    <section className="playlist-share">
      <label className="playlist-share__toggle">
        <input
          type="checkbox"
          role="switch"
          checked={isPublic}
          disabled={update.isPending}
          onChange={(event) => {
            const next = event.currentTarget.checked;
            setCopied(false);
            setAsked(next);
            update.mutate(
              { id: playlist.id, isPublic: next },
              {
                onError: (error) => console.error('share playlist', error),
                onSettled: () => setAsked(null),
              },
            );
          }}
        />
        <span>{t('playlists.public')}</span>
      </label>
      {isPublic && (
        <div className="playlist-share__link">
          <label htmlFor={id} className="visually-hidden">
            {t('playlists.shareLink')}
          </label>
          <input id={id} className="input" readOnly value={link} onFocus={(event) => event.currentTarget.select()} />
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              void navigator.clipboard
                ?.writeText(link)
                .then(() => setCopied(true))
                .catch((error: unknown) => console.error('copy link', error));
            }}
          >
            {t('playlists.copy')}
          </button>
          <span role="status" className="playlist-share__status">
            {copied ? t('playlists.copied') : ''}
          </span>
        </div>
      )}
    </section>
  );
}

interface PlaylistEntriesProps {
  playlist: PlaylistDetail;
  editable: boolean;
  activeTrackId: string | null;
  isPlaying: boolean;
  onPlay: (tracks: readonly Track[], index: number) => void;
}

function PlaylistEntries({ playlist, editable, activeTrackId, isPlaying, onPlay }: PlaylistEntriesProps) {
  const { t } = useTranslation();
  const reorder = useReorderPlaylist();
  const remove = useRemoveFromPlaylist();
  if (playlist.entries.length === 0) return <p className="status-text">{t('playlists.noTracks')}</p>;
  const tracks = playlist.entries.map((entry) => entry.track);
  const ids = playlist.entries.map((entry) => entry.entryId);
  const move = (index: number, delta: -1 | 1) =>
    reorder.mutate(
      { playlistId: playlist.id, entryIds: moveEntry(ids, index, delta) },
      { onError: (error) => console.error('reorder playlist', error) },
    );
  const tools = (track: Track, index: number) => {
    const entry = playlist.entries[index];
    if (!editable || !entry) return null;
    return (
      <div className="playlist-entry__tools">
        <button
          type="button"
          className="icon-button"
          aria-label={t('playlists.moveUp', { title: track.title })}
          title={t('playlists.moveUp', { title: track.title })}
          disabled={index === 0 || reorder.isPending}
          onClick={() => move(index, -1)}
        >
          ↑
        </button>
        <button
          type="button"
          className="icon-button"
          aria-label={t('playlists.moveDown', { title: track.title })}
          title={t('playlists.moveDown', { title: track.title })}
          disabled={index === playlist.entries.length - 1 || reorder.isPending}
          onClick={() => move(index, 1)}
        >
          ↓
        </button>
        <button
          type="button"
          className="icon-button"
          aria-label={t('playlists.remove', { title: track.title })}
          title={t('playlists.remove', { title: track.title })}
          disabled={remove.isPending}
          onClick={() =>
            remove.mutate(
              { playlistId: playlist.id, entryId: entry.entryId },
              { onError: (error) => console.error('remove from playlist', error) },
            )
          }
        >
          ×
        </button>
      </div>
    );
  };
  return (
    <TrackList
      tracks={tracks}
      activeTrackId={activeTrackId}
      isPlaying={isPlaying}
      onPlay={onPlay}
      label={t('playlists.tracksLabel')}
      rowKey={(_track, index) => playlist.entries[index]?.entryId ?? String(index)}
      renderRowTools={editable ? tools : undefined}
    />
  );
}
