import type { StoreApi } from 'zustand';
import { SEEK_STEP } from './player-commands';
import { currentEntry, playerActions, type PlayerState } from './player-reducer';
import type { PlayerStore } from './player-store';

/** Shown by lock screens and media notifications for a track without a cover. */
export const MEDIA_ARTWORK: MediaImage[] = [{ src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' }];

/** The track's cover (an absolute URL: the OS fetches it outside the page), else the app's icon. */
export function mediaArtwork(image: string | null | undefined): MediaImage[] {
  if (!image) return MEDIA_ARTWORK;
  const src = typeof location === 'undefined' ? image : new URL(image, location.href).href;
  return [{ src }, ...MEDIA_ARTWORK];
}

/**
 * Lets the OS media keys, the lock screen and the media notification drive the player: title,
 * artist and artwork; play, pause, next, previous, seek to a point and seek ±5 s; the playback
 * state and position. A no-op where the API is missing.
 *
 * There is no like here: the Media Session API has no standard 'like' action (Chromium rejects
 * unknown ones), so the lock screen cannot offer one without faking another action's meaning.
 */
export function connectMediaSession(store: StoreApi<PlayerStore>): () => void {
  if (typeof navigator === 'undefined' || !('mediaSession' in navigator)) return () => {};
  const session = navigator.mediaSession;
  const dispatch = store.getState().dispatch;
  const position = () => store.getState().position;
  const handlers: [MediaSessionAction, MediaSessionActionHandler][] = [
    ['play', () => dispatch(playerActions.play())],
    ['pause', () => dispatch(playerActions.pause())],
    ['nexttrack', () => dispatch(playerActions.next())],
    ['previoustrack', () => dispatch(playerActions.previous())],
    ['seekto', (details) => details.seekTime !== undefined && dispatch(playerActions.seek(details.seekTime))],
    ['seekbackward', (details) => dispatch(playerActions.seek(position() - (details.seekOffset ?? SEEK_STEP)))],
    ['seekforward', (details) => dispatch(playerActions.seek(position() + (details.seekOffset ?? SEEK_STEP)))],
  ];
  for (const [action, handler] of handlers) {
    try {
      session.setActionHandler(action, handler);
    } catch {
      // Browsers reject the actions they do not support; the others still work.
    }
  }

  let shownEntryId: string | null = null;
  let shownDuration: number | null = null;
  let shownSeekSeq: number | null = null;
  const update = (state: PlayerState) => {
    const entry = currentEntry(state);
    if ((entry?.entryId ?? null) !== shownEntryId) {
      shownEntryId = entry?.entryId ?? null;
      session.metadata =
        entry && typeof MediaMetadata !== 'undefined'
          ? new MediaMetadata({
              title: entry.track.title,
              artist: entry.track.artist,
              ...(entry.track.release ? { album: entry.track.release.title } : {}),
              artwork: mediaArtwork(entry.track.image ?? entry.track.release?.image ?? null),
            })
          : null;
    }
    session.playbackState = !entry ? 'none' : state.playing ? 'playing' : 'paused';
    // The position only needs telling when the timeline changes (a new duration or a seek);
    // the browser extrapolates it while playing.
    const seekSeq = state.seek?.seq ?? 0;
    if (state.duration !== shownDuration || seekSeq !== shownSeekSeq) {
      shownDuration = state.duration;
      shownSeekSeq = seekSeq;
      try {
        if (state.duration && typeof session.setPositionState === 'function') {
          session.setPositionState({ duration: state.duration, position: Math.min(state.position, state.duration), playbackRate: 1 });
        }
      } catch {
        // An inconsistent moment (position past a shorter new duration): the next update fixes it.
      }
    }
  };
  update(store.getState());
  const unsubscribe = store.subscribe(update);

  return () => {
    unsubscribe();
    for (const [action] of handlers) {
      try {
        session.setActionHandler(action, null);
      } catch {
        // Same as above: unsupported actions were never set.
      }
    }
  };
}
