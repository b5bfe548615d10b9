import type { Track } from '@platter/shared';
import { formatTime } from '@platter/shared/format';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { PauseIcon, PlayIcon } from '../../components/icons';
import { Image } from '../../components/image';
import { paths } from '../../config/paths';
import { useMe } from '../../features/auth/api/get-me';
import { CommentsPanel } from '../../features/comments/components/comments-panel';
import { LikeButton } from '../../features/likes/components/like-button';
import { RepostButton } from '../../features/reposts/components/repost-button';
import { SaveOfflineButton } from '../../features/offline/components/save-offline-button';
import { useTrack } from '../../features/player/api/get-track';
import { Waveform } from '../../features/player/components/waveform';
import { usePlayTrackList } from '../../features/player/hooks/use-play-track-list';
import { playerActions } from '../../features/player/player-reducer';
import { usePlayerStore } from '../../features/player/player-store';
import { DownloadButton } from '../../features/track-actions/components/download-button';
import { ShareButton } from '../../features/track-actions/components/share-button';
import { trackLink } from '../../lib/share-links';
import { ApiError } from '../../lib/api-error';
import { rememberTrackSecret } from '../../lib/track-secrets';
import { SimilarTracks } from '../../features/radio/components/similar-tracks';
import { StartRadioButton } from '../../components/start-radio-button';
import { playRadioItems, startRadio } from '../radio';
import { seekCurrent, useCommentMarkers, useCommentsPlayback, useCommentsViewer } from './track-comments';
import './track.css';
import { genreLabel } from '../../lib/genre-label';

/** `/track/:id`: a track's own page (its share link): cover, details, waveform and comments. */
export function TrackRoute() {
  const { id = '' } = useParams();
  // `?s=`: an unlisted track's secret link; the track, its waveform and comments are asked for with it.
  const [search] = useSearchParams();
  rememberTrackSecret(id, search.get('s'));
  return <TrackPage key={id} trackId={id} />;
}

function TrackPage({ trackId }: { trackId: string }) {
  const { t } = useTranslation();
  const track = useTrack(trackId);

  if (track.isPending) return <p className="status-text">{t('trackPage.loading')}</p>;
  if (track.isError) {
    const notFound = track.error instanceof ApiError && track.error.status === 404;
    return (
      <div className="track-missing" role={notFound ? undefined : 'alert'}>
        <h1>{notFound ? t('trackPage.notFound') : t('trackPage.loadError')}</h1>
        {notFound && <p className="status-text">{t('trackPage.notFoundLine')}</p>}
        <Link className="button button--primary" to={paths.home.getHref()}>
          {t('trackPage.back')}
        </Link>
      </div>
    );
  }
  return <TrackDetails track={track.data} />;
}

/** Starts the track as a list of one at `seconds` (a click on its waveform while another plays). */
function startAt(track: Track, seconds: number) {
  const player = usePlayerStore.getState();
  player.setList([track], 0);
  player.dispatch(playerActions.seek(seconds));
}

function TrackDetails({ track }: { track: Track }) {
  const { t } = useTranslation();
  const { activeTrackId, isPlaying, playTrack } = usePlayTrackList();
  const viewer = useCommentsViewer();
  const me = useMe().data;
  const signedIn = !!me;
  const mine = !!me && (me.user.id === track.artistId || me.isAdmin);
  const markers = useCommentMarkers(track.id);
  const playback = useCommentsPlayback(track.id);
  const title = track.title || t('trackPage.unknownTitle');
  const artist = track.artist || t('trackPage.unknownArtist');
  const playingThis = activeTrackId === track.id && isPlaying;

  useEffect(() => {
    document.title = `${title} · ${artist} · Platter`;
  }, [title, artist]);

  return (
    <article className="track-page" data-testid="track-page">
      <div className="track-page__main">
        <header className="track-page__header">
          <Image className="track-page__cover" src={track.image} alt={t('trackPage.cover', { title })} />
          <div className="track-page__identity">
            <h1 className="track-page__title">{title}</h1>
            {track.artistId ? (
              <Link className="track-page__artist" to={paths.artist.getHref(track.artistId)}>
                {artist}
              </Link>
            ) : (
              <span className="track-page__artist">{artist}</span>
            )}
            <dl className="track-page__facts">
              {track.genre && (
                <div>
                  <dt>{t('trackPage.genre')}</dt>
                  <dd>{genreLabel(t, track.genre)}</dd>
                </div>
              )}
              <div>
                <dt>{t('trackPage.duration')}</dt>
                <dd data-testid="track-page-duration">{formatTime(track.duration)}</dd>
              </div>
              {track.release && (
                <div>
                  <dt>{t('releases.release')}</dt>
                  <dd>
                    <Link to={paths.release.getHref(track.release.id)} data-testid="track-page-release">
                      {track.release.title}
                    </Link>
                  </dd>
                </div>
              )}
            </dl>
            {track.tags && track.tags.length > 0 && (
              <ul className="track-page__tags" aria-label={t('releases.tags.label')}>
                {track.tags.map((tag) => (
                  <li key={tag}>
                    <Link className="track-page__tag" to={paths.tag.getHref(tag)}>
                      #{tag}
                    </Link>
                  </li>
                ))}
              </ul>
            )}
            <button
              type="button"
              className="button button--primary track-page__play"
              aria-pressed={playingThis}
              onClick={() => playTrack([track], 0)}
            >
              {playingThis ? <PauseIcon /> : <PlayIcon />}
              {playingThis ? t('trackPage.pause') : t('trackPage.play')}
            </button>
            <div className="track-page__actions">
              <LikeButton track={track} signedIn={signedIn} showCount className="track-page__like" />
              <RepostButton trackId={track.id} signedIn={signedIn} showCount />
              <SaveOfflineButton tracks={[track]} />
              <ShareButton url={track.secret && track.visibility === 'unlisted' ? `${trackLink(track.id)}?s=${encodeURIComponent(track.secret)}` : trackLink(track.id)} />
              {(track.downloadable || mine) && <DownloadButton track={track} />}
              <StartRadioButton onStart={() => startRadio({ kind: 'track', id: track.id, label: title }, track)} />
            </div>
            {track.visibility && track.visibility !== 'public' && (
              <p className="status-text" data-testid="track-page-visibility">
                {t(track.visibility === 'unlisted' ? 'visibility.unlistedNote' : 'visibility.privateNote')}
              </p>
            )}
          </div>
        </header>
        <Waveform
          className="track-page__waveform"
          trackId={track.id}
          duration={track.duration}
          markers={markers}
          onStartAt={(seconds) => startAt(track, seconds)}
        />
        <SimilarTracks trackId={track.id} activeTrackId={activeTrackId} onPlay={(items, index) => playRadioItems({ kind: 'track', id: track.id, label: title }, items, index)} />
      </div>
      <CommentsPanel
        variant="inline"
        trackId={track.id}
        trackOwnerId={track.artistId}
        viewer={viewer}
        playback={playback}
        onSeek={playback ? seekCurrent : (seconds) => startAt(track, seconds)}
      />
    </article>
  );
}
