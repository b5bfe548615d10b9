import { Suspense, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../features/auth/api/get-me';
import { useComments } from '../../features/comments/api/get-comments';
import { commentAuthor } from '../../features/comments/comment-author';
import { CommentsButton } from '../../features/comments/components/comments-button';
import type { CommentsPlayback, CommentsViewer } from '../../features/comments/types';
import type { WaveformMarker } from '../../features/player/components/waveform';
import { currentEntry, playerActions } from '../../features/player/player-reducer';
import { usePlayerStore } from '../../features/player/player-store';
import { lazyNamed } from '../../lib/lazy-named';
import { isRemoteTrack } from '../../lib/remote-track';

/** The panel, its form and list are a chunk loaded when the player's Comments button first opens them. */
const CommentsPanel = lazyNamed(() => import('../../features/comments/components/comments-panel'), 'CommentsPanel');

/*
 * Where the comments feature meets the player: the timed comments become waveform markers, the
 * player's clock becomes the comment form's 'At current time', and a comment's time seeks.
 */

/** The signed-in viewer as the comments need it; null when signed out. */
export function useCommentsViewer(): CommentsViewer | null {
  const me = useMe();
  return useMemo(() => (me.data ? { id: me.data.user.id, isAdmin: me.data.isAdmin } : null), [me.data]);
}

/** The timed comments of a track as waveform markers (tooltip: 'name: text'). */
export function useCommentMarkers(trackId: string | null): WaveformMarker[] {
  const { t } = useTranslation();
  const comments = useComments(trackId);
  return useMemo(
    () =>
      (comments.data ?? []).flatMap((comment) =>
        comment.positionSec === null
          ? []
          : [{ id: comment.id, positionSec: comment.positionSec, title: `${commentAuthor(comment, t)}: ${comment.text}` }],
      ),
    [comments.data, t],
  );
}

/** The player's clock while `trackId` is its current track; null otherwise. */
export function useCommentsPlayback(trackId: string | null): CommentsPlayback | null {
  const isCurrent = usePlayerStore((state) => !!trackId && currentEntry(state)?.track.id === trackId);
  const playing = usePlayerStore((state) => state.wantsToPlay);
  return useMemo(
    () => (isCurrent ? { playing, currentTime: () => usePlayerStore.getState().position } : null),
    [isCurrent, playing],
  );
}

/** Seeks the player when the track is current (a comment's 'at m:ss'). */
export function seekCurrent(seconds: number) {
  usePlayerStore.getState().dispatch(playerActions.seek(seconds));
}

/** The comments button of the player bar and the side panel (bottom sheet) it opens, for the current track. */
export function usePlayerComments() {
  // A remote artist's track (issue 30) has no comments here: as if none played.
  const trackId = usePlayerStore((state) => {
    const track = currentEntry(state)?.track;
    return track && !isRemoteTrack(track) ? track.id : null;
  });
  const ownerId = usePlayerStore((state) => currentEntry(state)?.track.artistId ?? null);
  const title = usePlayerStore((state) => currentEntry(state)?.track.title ?? '');
  const artist = usePlayerStore((state) => currentEntry(state)?.track.artist ?? '');
  const track = useMemo(() => ({ title, artist }), [title, artist]);
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const markers = useCommentMarkers(trackId);
  const comments = useComments(trackId);
  const viewer = useCommentsViewer();
  const playback = useCommentsPlayback(trackId);

  const button = (
    <CommentsButton
      ref={buttonRef}
      className="player-button player-button--toggle"
      open={open && !!trackId}
      disabled={!trackId}
      count={comments.data?.length ?? 0}
      onToggle={() => setOpen(!open)}
    />
  );
  const panel =
    open && trackId ? (
      <Suspense fallback={null}>
        <CommentsPanel
          key={trackId}
          variant="dock"
          trackId={trackId}
          track={track}
          trackOwnerId={ownerId}
          viewer={viewer}
          playback={playback}
          onSeek={seekCurrent}
          onClose={() => {
            setOpen(false);
            // The panel (and whatever had the focus in it) goes away: the focus goes back to its button.
            buttonRef.current?.focus();
          }}
        />
      </Suspense>
    ) : null;
  return { markers, button, panel };
}
