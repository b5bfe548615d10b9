import type { StoreApi } from 'zustand';
import { currentEntry, playerActions } from './player-reducer';
import type { PlayerStore } from './player-store';

/** Lets the OS media keys and lock screen drive the player. A no-op where the API is missing. */
export function connectMediaSession(store: StoreApi<PlayerStore>): () => void {
  if (typeof navigator === 'undefined' || !('mediaSession' in navigator)) return () => {};
  const session = navigator.mediaSession;
  const dispatch = store.getState().dispatch;
  const handlers: [MediaSessionAction, () => void][] = [
    ['play', () => dispatch(playerActions.play())],
    ['pause', () => dispatch(playerActions.pause())],
    ['nexttrack', () => dispatch(playerActions.next())],
    ['previoustrack', () => dispatch(playerActions.previous())],
  ];
  for (const [action, handler] of handlers) {
    try {
      session.setActionHandler(action, handler);
    } catch {
      // Browsers reject the actions they do not support; the others still work.
    }
  }

  let shownEntryId: string | null = null;
  const unsubscribe = store.subscribe((state) => {
    const entry = currentEntry(state);
    if ((entry?.entryId ?? null) === shownEntryId) return;
    shownEntryId = entry?.entryId ?? null;
    session.metadata = entry && typeof MediaMetadata !== 'undefined'
      ? new MediaMetadata({ title: entry.track.title, artist: entry.track.artist })
      : null;
  });

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
