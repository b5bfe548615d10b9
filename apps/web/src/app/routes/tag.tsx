import { useParams } from 'react-router';
import { usePlayTrackList } from '../../features/player/hooks/use-play-track-list';
import { TagView } from '../../features/releases/components/tag-view';
import { TrackActionsHost } from './home/track-actions';

/** `/tag/:tag`: the tracks of a tag, newest first. */
export function TagRoute() {
  const { tag = '' } = useParams();
  const { activeTrackId, isPlaying, playTrack } = usePlayTrackList();
  return (
    <TrackActionsHost>
      <TagView key={tag} tag={tag} activeTrackId={activeTrackId} isPlaying={isPlaying} onPlay={playTrack} />
    </TrackActionsHost>
  );
}
