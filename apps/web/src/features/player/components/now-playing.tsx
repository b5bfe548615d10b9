import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { currentEntry } from '../player-reducer';
import { usePlayerStore } from '../player-store';
import './now-playing.css';

/**
 * The current track's title (a link to its page) and artist (a link to theirs). Plain links: a
 * tap opens them, while a swipe over them stays the bar's (a moved touch never clicks).
 */
export function NowPlaying() {
  const { t } = useTranslation();
  const track = usePlayerStore((state) => currentEntry(state)?.track ?? null);
  const title = track?.title || t('player.unknownTrack');
  const artist = track?.artist || t('player.unknownArtist');

  return (
    <div className="now-playing">
      {track ? (
        <Link className="now-playing__title" data-testid="now-playing-title" title={title} to={paths.track.getHref(track.id)}>
          {title}
        </Link>
      ) : (
        <p className="now-playing__title" data-testid="now-playing-title" title={title}>
          {title}
        </p>
      )}
      {track?.artistId ? (
        <Link className="now-playing__artist" data-testid="now-playing-artist" to={paths.artist.getHref(track.artistId)}>
          {artist}
        </Link>
      ) : (
        <span className="now-playing__artist" data-testid="now-playing-artist">
          {artist}
        </span>
      )}
      {track?.release && (
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
