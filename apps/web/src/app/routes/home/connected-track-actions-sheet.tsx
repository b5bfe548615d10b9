import type { Track } from '@platter/shared';
import { useMe } from '../../../features/auth/api/get-me';
import { useLikedIds, useSetLike } from '../../../features/likes/api/likes';
import { SaveOfflineButton } from '../../../features/offline/components/save-offline-button';
import { usePlayerStore } from '../../../features/player/player-store';
import { useAddToPlaylist } from '../../../features/playlists/api/playlist-detail';
import { useCreatePlaylist, useMyPlaylists } from '../../../features/playlists/api/playlists';
import { RepostButton } from '../../../features/reposts/components/repost-button';
import { TrackActionsSheet } from '../../../features/track-actions/components/track-actions-sheet';
import { startRadio } from '../../radio';

/** The '...' sheet of a track, wired to the player's queue, likes and playlists. */
export function ConnectedTrackActionsSheet({ track, onClose }: { track: Track; onClose: () => void }) {
  const me = useMe();
  const signedIn = !!me.data;
  const likedIds = useLikedIds(signedIn);
  const setLike = useSetLike();
  const playlists = useMyPlaylists(signedIn);
  const addToPlaylist = useAddToPlaylist();
  const createPlaylist = useCreatePlaylist();
  const liked = likedIds.data?.has(track.id) ?? false;
  return (
    <TrackActionsSheet
      track={track}
      signedIn={signedIn}
      liked={liked}
      playlists={playlists.data?.items}
      onToggleLike={() => setLike.mutateAsync({ track, liked: !liked })}
      onAddToPlaylist={(playlist) => addToPlaylist.mutateAsync({ playlistId: playlist.id, trackId: track.id })}
      onCreatePlaylist={(name) => createPlaylist.mutateAsync(name)}
      onPlayNext={() => usePlayerStore.getState().playNext([track])}
      onEnqueue={() => usePlayerStore.getState().enqueue([track])}
      onStartRadio={() => startRadio({ kind: 'track', id: track.id, label: track.title }, track)}
      onClose={onClose}
      extraActions={
        <>
          <RepostButton trackId={track.id} signedIn={signedIn} className="sheet__repost" />
          <SaveOfflineButton tracks={[track]} className="sheet__action" fill />
        </>
      }
    />
  );
}
