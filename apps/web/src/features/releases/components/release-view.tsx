import type { ReleaseDetail, Track } from '@platter/shared';
import { formatTime } from '@platter/shared/format';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HeartIcon, PauseIcon, PlayIcon } from '../../../components/icons';
import { Image } from '../../../components/image';
import { TrackList } from '../../../components/track-list/track-list';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-error';
import { rememberTrackSecret } from '../../../lib/track-secrets';
import { useRelease, useSetReleaseLike } from '../api/releases';
import './releases.css';

export interface ReleaseViewProps {
  releaseId: string;
  /** `?s=`: an unlisted release's secret link, sent to the API; its tracks' URLs carry it back for playback. */
  secret?: string | null;
  signedIn: boolean;
  activeTrackId: string | null;
  isPlaying: boolean;
  onPlay: (tracks: readonly Track[], index: number) => void;
  /** Adds the tracks after the queue (the player, composed in by the route). */
  onEnqueue: (tracks: readonly Track[]) => void;
  /** The listener's playlists and a way to add tracks to one (the playlists feature, composed in by the route). */
  playlists?: ReadonlyArray<{ id: string; name: string }>;
  onAddToPlaylist?: (playlistId: string, tracks: readonly Track[]) => Promise<void>;
  /** Page actions composed in by the route (Share). */
  actions?: ReactNode;
}

/** /release/:id: cover, title, type, artist, date, its tracks with durations; play, queue, playlist, like, share. */
export function ReleaseView(props: ReleaseViewProps) {
  const { t } = useTranslation();
  const release = useRelease(props.releaseId, props.secret);
  if (release.isPending) return <p className="status-text">{t('releases.loading')}</p>;
  if (release.isError) {
    const notFound = release.error instanceof ApiError && release.error.status === 404;
    return (
      <div className="track-missing" role={notFound ? undefined : 'alert'}>
        <h1>{notFound ? t('releases.notFound') : t('releases.loadError')}</h1>
        {notFound && <p className="status-text">{t('releases.notFoundLine')}</p>}
        <Link className="button button--primary" to={paths.home.getHref()}>
          {t('releases.back')}
        </Link>
      </div>
    );
  }
  return <ReleaseDetails {...props} release={release.data} />;
}

function ReleaseDetails({ release, signedIn, activeTrackId, isPlaying, onPlay, onEnqueue, playlists, onAddToPlaylist, actions }: ReleaseViewProps & { release: ReleaseDetail }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [notice, setNotice] = useState('');
  const [playlistId, setPlaylistId] = useState('');
  const setLike = useSetReleaseLike();
  const tracks = release.tracks;
  const first = tracks[0];
  const playingFirst = !!first && first.id === activeTrackId && isPlaying;

  useEffect(() => {
    document.title = `${release.title} · ${release.artist} · Platter`;
  }, [release.title, release.artist]);
  // A track opened from here (its page, waveform, comments) is asked for with the secret it came with.
  useEffect(() => {
    for (const track of tracks) rememberTrackSecret(track.id, track.secret);
  }, [tracks]);

  const date = new Date(`${release.releaseDate}T00:00:00Z`).toLocaleDateString(i18n.language, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
  const like = () => {
    if (!signedIn) {
      setNotice(t('releases.signInToLike'));
      return;
    }
    setLike.mutate({ id: release.id, liked: !release.liked }, { onError: () => setNotice(t('releases.addFailed')) });
  };
  const addToPlaylist = async () => {
    const playlist = playlists?.find((p) => p.id === playlistId);
    if (!playlist || !onAddToPlaylist) return;
    try {
      await onAddToPlaylist(playlist.id, tracks);
      setNotice(t('releases.addedToPlaylist', { count: tracks.length, name: playlist.name }));
    } catch (error) {
      console.error('add release to playlist', error);
      setNotice(t('releases.addFailed'));
    }
  };

  return (
    <article className="release-page" data-testid="release-page">
      <header className="release-page__header">
        <Image className="release-page__cover" src={release.image} alt={t('releases.cover', { title: release.title })} />
        <div className="release-page__identity">
          <span className="release-page__type">{t(`releases.types.${release.type}`)}</span>
          {release.canEdit && <ReleaseAccessBadge release={release} />}
          <h1 className="release-page__title">{release.title}</h1>
          <Link className="release-page__artist" to={paths.artist.getHref(release.artistId)}>
            {release.artist}
          </Link>
          <p className="release-page__meta">
            <time dateTime={release.releaseDate}>{date}</time> · {t('releases.trackCount', { count: release.trackCount })} ·{' '}
            <span data-testid="release-duration">{formatTime(release.durationSeconds)}</span>
          </p>
          {release.description && <p className="release-page__description">{release.description}</p>}
          <div className="release-page__actions">
            <button type="button" className="button button--primary" disabled={!first} onClick={() => onPlay(tracks, 0)} aria-pressed={playingFirst}>
              {playingFirst ? <PauseIcon /> : <PlayIcon />} {playingFirst ? t('releases.pause') : t('releases.playAll')}
            </button>
            <button
              type="button"
              className="button button--secondary"
              disabled={!first}
              onClick={() => {
                onEnqueue(tracks);
                setNotice(t('releases.addedToQueue'));
              }}
            >
              {t('releases.addToQueue')}
            </button>
            <button
              type="button"
              className={`button button--secondary release-page__like ${release.liked ? 'release-page__like--on' : ''}`}
              aria-pressed={release.liked}
              // The name holds the count it shows (label in name): "Like, 3 likes".
              aria-label={`${release.liked ? t('releases.unlike') : t('releases.like')}, ${t('releases.likes', { count: release.likes })}`}
              onClick={like}
            >
              <HeartIcon /> {t('releases.likes', { count: release.likes })}
            </button>
            {actions}
          </div>
          {signedIn && onAddToPlaylist && first && (
            <div className="release-page__playlist">
              <label className="visually-hidden" htmlFor={`${id}-playlist`}>
                {t('releases.choosePlaylist')}
              </label>
              {playlists && playlists.length > 0 ? (
                <>
                  <select id={`${id}-playlist`} className="input" value={playlistId} onChange={(event) => setPlaylistId(event.currentTarget.value)}>
                    <option value="">{t('releases.choosePlaylist')}</option>
                    {playlists.map((playlist) => (
                      <option key={playlist.id} value={playlist.id}>
                        {playlist.name}
                      </option>
                    ))}
                  </select>
                  <button type="button" className="button button--secondary" disabled={!playlistId} onClick={() => void addToPlaylist()}>
                    {t('releases.addToPlaylist')}
                  </button>
                </>
              ) : (
                <span className="status-text">{t('releases.noPlaylists')}</span>
              )}
            </div>
          )}
          {notice && (
            <p className="release-page__notice" role="status">
              {notice}
            </p>
          )}
        </div>
      </header>
      {tracks.length === 0 ? (
        <p className="status-text">{t('releases.empty')}</p>
      ) : (
        <TrackList tracks={tracks} activeTrackId={activeTrackId} isPlaying={isPlaying} onPlay={onPlay} label={t('releases.tracksLabel', { title: release.title })} />
      )}
    </article>
  );
}

/** For its artist (and admins): who may see the release, and when a scheduled one goes public. */
export function ReleaseAccessBadge({ release }: { release: Pick<ReleaseDetail, 'visibility' | 'publishAt'> }) {
  const { t, i18n } = useTranslation();
  const visibility = release.visibility ?? 'public';
  const when = release.publishAt ? new Date(release.publishAt).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }) : null;
  return (
    <span className={`release-page__badge release-page__badge--${visibility}`} data-testid="release-access-badge">
      {t(`releaseAccess.badge.${visibility}`)}
      {when && ` · ${t('releaseAccess.badge.scheduled', { date: when })}`}
    </span>
  );
}
