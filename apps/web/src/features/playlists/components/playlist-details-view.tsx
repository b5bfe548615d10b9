import type { PlaylistDetail, Track } from '@platter/shared';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-error';
import { usePlaylistDetail, useRemoveFromPlaylist, useReorderPlaylist } from '../api/playlist-detail';
import { useUpdatePlaylist } from '../api/playlists';
import { moveEntry } from '../reorder';
import './playlists.css';

export interface PlaylistDetailsViewProps {
  playlistId: string;
  userId: string | null;
  activeTrackId: string | null;
  isPlaying: boolean;
  onPlay: (tracks: readonly Track[], index: number) => void;
  /** Actions on the whole playlist from other features (e.g. Save for offline). */
  renderActions?: (tracks: readonly Track[]) => ReactNode;
}

/** One playlist: 'title - artist' rows that play the playlist; its owner reorders, removes, shares. */
export function PlaylistDetailsView({ playlistId, userId, activeTrackId, isPlaying, onPlay, renderActions }: PlaylistDetailsViewProps) {
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
  return (
    <div className="playlist-details">
      {back}
      <header className="playlist-details__head">
        <h2 className="playlist-details__name">{playlist.name}</h2>
        <p className="playlist-details__meta">
          {t('playlists.by', { name: playlist.ownerName })} · {t('playlists.trackCount', { count: playlist.entries.length })}
        </p>
      </header>
      {renderActions?.(playlist.entries.map((entry) => entry.track))}
      {isOwner && <ShareControls playlist={playlist} />}
      <PlaylistEntries playlist={playlist} editable={isOwner} activeTrackId={activeTrackId} isPlaying={isPlaying} onPlay={onPlay} />
    </div>
  );
}

function ShareControls({ playlist }: { playlist: PlaylistDetail }) {
  const { t } = useTranslation();
  const id = useId();
  const update = useUpdatePlaylist();
  const [copied, setCopied] = useState(false);
  // The switch follows the click at once; the server's answer then takes over.
  const [asked, setAsked] = useState<boolean | null>(null);
  const isPublic = asked ?? playlist.isPublic;
  const link = `${window.location.origin}${paths.home.playlist(playlist.id)}`;
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
  return (
    <ol className="playlist-entries" aria-label={t('playlists.tracksLabel')}>
      {playlist.entries.map((entry, index) => {
        const label = `${entry.track.title} - ${entry.track.artist}`;
        const active = entry.track.id === activeTrackId;
        return (
          <li key={entry.entryId} className={`playlist-entry ${active ? 'playlist-entry--active' : ''}`} data-testid="playlist-entry">
            <button
              type="button"
              className="playlist-entry__play"
              aria-current={active ? 'true' : undefined}
              aria-pressed={active && isPlaying}
              onClick={() => onPlay(tracks, index)}
            >
              <span className="playlist-entry__number" aria-hidden="true">
                {index + 1}
              </span>
              <span className="playlist-entry__label">{label}</span>
            </button>
            {editable && (
              <div className="playlist-entry__tools">
                <button
                  type="button"
                  className="icon-button"
                  aria-label={t('playlists.moveUp', { title: entry.track.title })}
                  title={t('playlists.moveUp', { title: entry.track.title })}
                  disabled={index === 0 || reorder.isPending}
                  onClick={() => move(index, -1)}
                >
                  ↑
                </button>
                <button
                  type="button"
                  className="icon-button"
                  aria-label={t('playlists.moveDown', { title: entry.track.title })}
                  title={t('playlists.moveDown', { title: entry.track.title })}
                  disabled={index === playlist.entries.length - 1 || reorder.isPending}
                  onClick={() => move(index, 1)}
                >
                  ↓
                </button>
                <button
                  type="button"
                  className="icon-button"
                  aria-label={t('playlists.remove', { title: entry.track.title })}
                  title={t('playlists.remove', { title: entry.track.title })}
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
            )}
          </li>
        );
      })}
    </ol>
  );
}
