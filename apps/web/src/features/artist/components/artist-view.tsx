import type { Track } from '@platter/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TrackList } from '../../../components/track-list/track-list';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-error';
import { useArtist } from '../api/get-artist';
import { useArtistTracks } from '../api/get-artist-tracks';
import { ArtistHeader } from './artist-header';
import './artist.css';

export interface ArtistViewProps {
  artistId: string;
  signedIn: boolean;
  activeTrackId: string | null;
  isPlaying: boolean;
  onPlay: (tracks: readonly Track[], index: number) => void;
  /** The artist's posts, composed in by the route (another feature). */
  posts?: ReactNode;
  /** Page actions composed in by the route (Share). */
  actions?: ReactNode;
  /** The artist's releases, composed in by the route (another feature). */
  releases?: ReactNode;
  /**
   * Whether `releases` and `posts` are still loading: everything under the header waits for them
   * and for the tracks, then appears at once, so no section pushes another down as it arrives.
   */
  sectionsPending?: boolean;
}

/** /artist/:id: the header (cover, avatar, badge, counts, Subscribe), the posts and every track. */
export function ArtistView({ artistId, signedIn, activeTrackId, isPlaying, onPlay, posts, actions, releases, sectionsPending = false }: ArtistViewProps) {
  const { t } = useTranslation();
  const artist = useArtist(artistId);
  const tracks = useArtistTracks(artistId);

  if (artist.isPending) {
    // The header's banner and avatar hold their place while the artist loads: nothing jumps when it arrives.
    return (
      <article className="artist" aria-busy="true">
        <header className="artist-header">
          <div className="artist-header__cover" />
          <div className="artist-header__body">
            <span className="artist-header__avatar artist-header__avatar--pending" aria-hidden="true" />
            <p className="status-text artist-header__identity">{t('artist.loading')}</p>
          </div>
        </header>
      </article>
    );
  }
  if (artist.isError) {
    const notFound = artist.error instanceof ApiError && artist.error.status === 404;
    return (
      <div className="artist-missing" role={notFound ? undefined : 'alert'}>
        <h1>{notFound ? t('artist.notFound') : t('artist.loadError')}</h1>
        {notFound && <p>{t('artist.notFoundLine')}</p>}
        <Link className="button button--secondary" to={paths.home.getHref()}>
          {t('artist.backHome')}
        </Link>
      </div>
    );
  }

  if (sectionsPending || tracks.isPending) {
    return (
      <article className="artist">
        <ArtistHeader artist={artist.data} signedIn={signedIn} actions={actions} />
        <div className="shell-main__pending" aria-busy="true" />
      </article>
    );
  }

  return (
    <article className="artist">
      <ArtistHeader artist={artist.data} signedIn={signedIn} actions={actions} />
      {releases}
      {posts}
      <section className="artist__tracks" aria-labelledby="artist-tracks-title">
        <h2 id="artist-tracks-title">{t('artist.tracks')}</h2>
        {tracks.isError ? (
          <p className="error-text" role="alert">
            {t('artist.tracksLoadError')}
          </p>
        ) : tracks.data.items.length === 0 ? (
          <p className="status-text">{t('artist.noTracks')}</p>
        ) : (
          <TrackList
            tracks={tracks.data.items}
            activeTrackId={activeTrackId}
            isPlaying={isPlaying}
            onPlay={onPlay}
            label={t('artist.tracks')}
          />
        )}
      </section>
    </article>
  );
}
