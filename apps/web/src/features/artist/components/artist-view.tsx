import type { Track } from '@platter/shared';
import { useTranslation } from 'react-i18next';
import { TrackList } from '../../../components/track-list/track-list';
import { ApiError } from '../../../lib/api-error';
import { useArtistTracks } from '../api/get-artist-tracks';
import { useProfile } from '../api/get-profile';
import { ArtistHeader } from './artist-header';
import './artist.css';

export interface ArtistViewProps {
  artistId: string;
  activeTrackId: string | null;
  isPlaying: boolean;
  onPlay: (tracks: readonly Track[], index: number) => void;
}

export function ArtistView({ artistId, activeTrackId, isPlaying, onPlay }: ArtistViewProps) {
  const { t } = useTranslation();
  const profile = useProfile(artistId);
  const tracks = useArtistTracks(artistId);

  if (profile.isPending) return <p className="status-text">{t('artist.loading')}</p>;
  if (profile.isError) {
    const notFound = profile.error instanceof ApiError && profile.error.status === 404;
    return (
      <div className="artist-missing" role={notFound ? undefined : 'alert'}>
        <h1>{notFound ? t('artist.notFound') : t('artist.loadError')}</h1>
        {notFound && <p>{t('artist.notFoundLine')}</p>}
      </div>
    );
  }

  return (
    <article className="artist">
      <ArtistHeader profile={profile.data} />
      <section className="artist__tracks" aria-labelledby="artist-tracks-title">
        <h2 id="artist-tracks-title">{t('artist.tracks')}</h2>
        {tracks.isPending ? (
          <p className="status-text">{t('common.loading')}</p>
        ) : tracks.isError ? (
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
