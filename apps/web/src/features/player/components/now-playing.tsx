import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { currentEntry } from '../player-reducer';
import { usePlayerStore } from '../player-store';
import { isRemoteTrack } from '../../../lib/remote-track';
import './now-playing.css';

/**
 * Before anything is picked, an idle line ("Nothing playing · Pick a track to play"). Then the
 * current track's title (a link to its page) and artist (a link to theirs). Plain links: a
 * tap opens them, while a swipe over them stays the bar's (a moved touch never clicks).
 */
export function NowPlaying() {
  const { t } = useTranslation();
  const track = usePlayerStore((state) => currentEntry(state)?.track ?? null);

  // Nothing picked yet: an idle state, not a made-up track (the fallbacks are for tracks without a title or artist).
  if (!track) {
    return (
      <div className="now-playing now-playing--idle" data-testid="now-playing-idle">
        <p className="now-playing__title" data-testid="now-playing-title">
          {t('player.idleTitle')}
        </p>
        <span className="now-playing__artist">{t('player.idleHint')}</span>
      </div>
    );
  }

  const title = track.title || t('player.unknownTrack');
  const artist = track.artist || t('player.unknownArtist');

  // A remote artist's track (issue 30) has no page here: its title and artist are plain text.
  const remote = isRemoteTrack(track);
  return (
    <div className="now-playing">
      {remote ? (
        <p className="now-playing__title" data-testid="now-playing-title" title={title}>
          {title}
        </p>
      ) : (
        <Link className="now-playing__title" data-testid="now-playing-title" title={title} to={paths.track.getHref(track.id)}>
          {title}
        </Link>
      )}
      {track.artistId && !remote ? (
        <Link className="now-playing__artist" data-testid="now-playing-artist" to={paths.artist.getHref(track.artistId)}>
          {artist}
        </Link>
      ) : (
        <span className="now-playing__artist" data-testid="now-playing-artist">
          {artist}
        </span>
      )}
      {track.release && (
        <Link
          className="now-playing__album"
          data-testid="now-playing-album"
          title={t('releases.player.album', { title: track.release.title })}
          to={paths.release.getHref(track.release.id)}
        >
          {track.release.title}
        </Link>
      )}
    </div>
  );
}
