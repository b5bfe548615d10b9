import { useParams } from 'react-router';
import { ArtistView } from '../../features/artist/components/artist-view';
import { useMe } from '../../features/auth/api/get-me';
import { usePlayTrackList } from '../../features/player/hooks/use-play-track-list';
import { AuthorPosts } from '../../features/posts/components/author-posts';
import { ArtistReposts } from '../../features/reposts/components/artist-reposts';
import { ArtistReleases } from '../../features/releases/components/artist-releases';
import { ShareButton } from '../../features/track-actions/components/share-button';
import { artistLink } from '../../lib/share-links';
import { StartRadioButton } from '../../components/start-radio-button';
import { startRadio } from '../radio';
import { TrackActionsHost } from './home/track-actions';

export function ArtistRoute() {
  const { id = '' } = useParams();
  const me = useMe();
  const { activeTrackId, isPlaying, playTrack } = usePlayTrackList();
  const viewer = { id: me.data?.user.id ?? null, isAdmin: me.data?.isAdmin ?? false };
  return (
    // The artist's tracks get the same row actions as the home lists: like, and the '...' menu.
    <TrackActionsHost>
      <ArtistView
        key={id}
        artistId={id}
        signedIn={!!me.data}
        activeTrackId={activeTrackId}
        isPlaying={isPlaying}
        onPlay={playTrack}
        posts={
          <>
            <AuthorPosts authorId={id} viewer={viewer} />
            <ArtistReposts artistId={id} onPlay={playTrack} />
          </>
        }
        actions={
          <>
            <ShareButton url={artistLink(id)} />
            <StartRadioButton onStart={() => startRadio({ kind: 'artist', id, label: '' })} />
          </>
        }
        releases={<ArtistReleases artistId={id} />}
      />
    </TrackActionsHost>
  );
}
