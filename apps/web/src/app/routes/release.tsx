import type { Track } from '@platter/shared';
import { useParams, useSearchParams } from 'react-router';
import { useMe } from '../../features/auth/api/get-me';
import { usePlayTrackList } from '../../features/player/hooks/use-play-track-list';
import { usePlayerStore } from '../../features/player/player-store';
import { useAddToPlaylist } from '../../features/playlists/api/playlist-detail';
import { useMyPlaylists } from '../../features/playlists/api/playlists';
import { ReleaseView } from '../../features/releases/components/release-view';
import { ReleaseRepostButton } from '../../features/reposts/components/repost-button';
import { ShareButton } from '../../features/track-actions/components/share-button';
import { useRelease } from '../../features/releases/api/releases';
import { EmbedCodeButton } from '../../components/embed-code-button';
import { FeedLink } from '../../components/feed-link';
import { releaseEmbedCode } from '../../lib/share-links';
import { paths } from '../../config/paths';
import { TrackActionsHost } from './home/track-actions';

/** `/release/:id`: a release's page, wired to the player, the listener's playlists and Share. */
export function ReleaseRoute() {
  const { id = '' } = useParams();
  // `?s=`: an unlisted release's secret link: the page and its tracks are asked for with it.
  const [search] = useSearchParams();
  const secret = search.get('s');
  const me = useMe();
  const signedIn = !!me.data;
  const { activeTrackId, isPlaying, playTrack } = usePlayTrackList();
  const playlists = useMyPlaylists(signedIn);
  const addToPlaylist = useAddToPlaylist();
  const addAll = async (playlistId: string, tracks: readonly Track[]) => {
    // One after another, so the playlist keeps the release's order.
    for (const track of tracks) await addToPlaylist.mutateAsync({ playlistId, trackId: track.id });
  };
  return (
    <TrackActionsHost>
      <ReleaseView
        key={id}
        releaseId={id}
        secret={secret}
        signedIn={signedIn}
        activeTrackId={activeTrackId}
        isPlaying={isPlaying}
        onPlay={playTrack}
        onEnqueue={(tracks) => usePlayerStore.getState().enqueue(tracks)}
        playlists={playlists.data?.items}
        onAddToPlaylist={addAll}
        actions={
          <>
            <ReleaseRepost releaseId={id} secret={secret} signedIn={signedIn} />
            <ShareButton url={`${window.location.origin}${paths.release.getHref(id)}${secret ? `?s=${encodeURIComponent(secret)}` : ''}`} />
            <ReleaseEmbedCode releaseId={id} secret={secret} />
            <ReleaseFeed releaseId={id} secret={secret} />
          </>
        }
      />
    </TrackActionsHost>
  );
}

/**
 * Repost, for a public release with a visible track only: the server knows no repost state of any
 * other (its artist opening a scheduled or unlisted one would get a 404 on every load).
 */
function ReleaseRepost({ releaseId, secret, signedIn }: { releaseId: string; secret: string | null; signedIn: boolean }) {
  const release = useRelease(releaseId, secret);
  if (!release.data || (release.data.visibility ?? 'public') !== 'public' || release.data.trackCount === 0) return null;
  return <ReleaseRepostButton releaseId={releaseId} signedIn={signedIn} />;
}

/** The RSS feed link, for a public release with a visible track only: the server has no feed of any other (404). */
function ReleaseFeed({ releaseId, secret }: { releaseId: string; secret: string | null }) {
  const release = useRelease(releaseId, secret);
  if (!release.data || (release.data.visibility ?? 'public') !== 'public' || release.data.trackCount === 0) return null;
  return <FeedLink pagePath={paths.release.getHref(releaseId)} />;
}

/** "Copy embed code" of the release (its title and artist name the iframe), once the release is loaded (shared with ReleaseView's query). */
function ReleaseEmbedCode({ releaseId, secret }: { releaseId: string; secret: string | null }) {
  const release = useRelease(releaseId, secret);
  if (!release.data) return null;
  // An unlisted release's embed carries its secret (the link given, or the artist's own release's).
  const key = secret ?? release.data.secret ?? null;
  return <EmbedCodeButton code={releaseEmbedCode({ id: releaseId, title: release.data.title, artist: release.data.artist, secret: key })} />;
}
