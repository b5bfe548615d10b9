import type { StoreApi } from 'zustand';
import { recordLocalHistory } from '../../lib/track-history';
import { recordHistory } from './api/record-history';
import { recordListen } from './api/record-listen';
import { currentEntry, type PlayerState } from './player-reducer';

export interface ListenOptions {
  /** Whether a listener is signed in now (the server history needs a session). */
  isSignedIn: () => boolean;
  /** Told after the server counted a listen or stored history, e.g. to refresh views. */
  onRecorded?: () => void;
}

/**
 * The listen rule: a play counts once per playback *start* of an entry, when the audio element
 * first reports `playing` for it. A start is a pick from a list, next/previous, the advance at the
 * end of a track, or a restart by repeat (each grows the store's `playId`). Resuming after a pause,
 * seeking, or re-picking the track that is already current are not starts.
 *
 * Each counted start posts `POST /api/tracks/:id/listens` (signed out too), `POST /api/me/history`
 * when signed in, and writes the local and session histories.
 */
export function connectListens(store: StoreApi<Pick<PlayerState, 'queue' | 'current' | 'playing' | 'playId'>>, options: ListenOptions): () => void {
  let countedPlayId: number | null = null;

  function check(state: Pick<PlayerState, 'queue' | 'current' | 'playing' | 'playId'>) {
    const entry = currentEntry(state);
    if (!entry || !state.playing || state.playId === countedPlayId) return;
    countedPlayId = state.playId;
    const { track } = entry;
    recordLocalHistory(track);
    const requests: Promise<unknown>[] = [recordListen(track.id)];
    if (options.isSignedIn()) requests.push(recordHistory(track.id));
    for (const request of requests) {
      request.then(
        () => options.onRecorded?.(),
        (error: unknown) => console.error('listen not recorded', track.id, error),
      );
    }
  }

  check(store.getState());
  return store.subscribe(check);
}
