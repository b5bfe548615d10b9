import { useParams } from 'react-router';
import { ArtistView } from '../../features/artist/components/artist-view';
import { useMe } from '../../features/auth/api/get-me';
import { usePlayTrackList } from '../../features/player/hooks/use-play-track-list';
import { AuthorPosts } from '../../features/posts/components/author-posts';
import { ArtistReposts } from '../../features/reposts/components/artist-reposts';
import { ArtistReleases } from '../../features/releases/components/artist-releases';
import { useArtistReleases } from '../../features/releases/api/releases';
import { useAuthorPosts } from '../../features/posts/api/get-author-posts';
import { useArtistReposts } from '../../features/reposts/api/reposts';
import { ShareButton } from '../../features/track-actions/components/share-button';
import { artistLink } from '../../lib/share-links';
import { StartRadioButton } from '../../components/start-radio-button';
import { FeedLink } from '../../components/feed-link';
import { paths } from '../../config/paths';
import { startRadio } from '../radio';
import { TrackActionsHost } from './home/track-actions';

export function ArtistRoute() {
  const { id = '' } = useParams();
  const me = useMe();
  const { activeTrackId, isPlaying, playTrack } = usePlayTrackList();
  const viewer = { id: me.data?.user.id ?? null, isAdmin: me.data?.isAdmin ?? false };
  // The sections under the header (the same queries as theirs) appear together once all have answered.
  const sectionsPending = [useArtistReleases(id), useAuthorPosts(id), useArtistReposts(id)].some((query) => query.isPending);
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
            <FeedLink pagePath={paths.artist.getHref(id)} />
          </>
        }
        releases={<ArtistReleases artistId={id} />}
        sectionsPending={sectionsPending}
      />
    </TrackActionsHost>
  );
}
