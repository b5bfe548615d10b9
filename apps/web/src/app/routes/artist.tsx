import { useParams } from 'react-router';
import { ArtistView } from '../../features/artist/components/artist-view';
import { useMe } from '../../features/auth/api/get-me';
import { usePlayTrackList } from '../../features/player/hooks/use-play-track-list';
import { AuthorPosts } from '../../features/posts/components/author-posts';

export function ArtistRoute() {
  const { id = '' } = useParams();
  const me = useMe();
  const { activeTrackId, isPlaying, playTrack } = usePlayTrackList();
  const viewer = { id: me.data?.user.id ?? null, isAdmin: me.data?.isAdmin ?? false };
  return (
    <ArtistView
      key={id}
      artistId={id}
      signedIn={!!me.data}
      activeTrackId={activeTrackId}
      isPlaying={isPlaying}
      onPlay={playTrack}
      posts={<AuthorPosts authorId={id} viewer={viewer} />}
    />
  );
}
