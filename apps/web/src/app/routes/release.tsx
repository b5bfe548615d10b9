import type { Track } from '@platter/shared';
import { useParams, useSearchParams } from 'react-router';
import { useMe } from '../../features/auth/api/get-me';
import { usePlayTrackList } from '../../features/player/hooks/use-play-track-list';
import { usePlayerStore } from '../../features/player/player-store';
import { useAddToPlaylist } from '../../features/playlists/api/playlist-detail';
import { useMyPlaylists } from '../../features/playlists/api/playlists';
import { ReleaseView } from '../../features/releases/components/release-view';
import { ShareButton } from '../../features/track-actions/components/share-button';
import { paths } from '../../config/paths';
import { TrackActionsHost } from './home/track-actions';

/** `/release/:id`: a release's page, wired to the player, the listener's playlists and Share. */
export function ReleaseRoute() {
  const { id = '' } = useParams();
  // `?s=`: an unlisted release's secret link (issue 13): the page and its tracks are asked for with it.
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
        actions={<ShareButton url={`${window.location.origin}${paths.release.getHref(id)}${secret ? `?s=${encodeURIComponent(secret)}` : ''}`} />}
      />
    </TrackActionsHost>
  );
}
