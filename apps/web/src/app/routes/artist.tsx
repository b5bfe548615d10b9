import { useParams } from 'react-router';
import { ArtistView } from '../../features/artist/components/artist-view';
import { usePlayTrackList } from '../../features/player/hooks/use-play-track-list';

export function ArtistRoute() {
  const { id = '' } = useParams();
  const { activeTrackId, isPlaying, playTrack } = usePlayTrackList();
  return <ArtistView key={id} artistId={id} activeTrackId={activeTrackId} isPlaying={isPlaying} onPlay={playTrack} />;
}
