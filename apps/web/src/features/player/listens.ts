import type { StoreApi } from 'zustand';
import { recordLocalHistory } from '../../lib/track-history';
import { recordHistory } from './api/record-history';
import { recordListen } from './api/record-listen';
import { reportNowPlaying } from './api/report-now-playing';
import { enqueueListen, flushListenQueue, isNetworkFailure } from './listen-queue';
import { currentEntry, type PlayerState } from './player-reducer';
import { isRemoteTrack } from '../../lib/remote-track';

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
 * and `POST /api/me/now-playing` when signed in, and writes the local and session histories. A listen that cannot reach the
 * server (offline) is queued with the time the play started and sent when the browser is back
 * online, and at the next start of the app.
 */
export function connectListens(store: StoreApi<Pick<PlayerState, 'queue' | 'current' | 'playing' | 'playId'>>, options: ListenOptions): () => void {
  let countedPlayId: number | null = null;

  function check(state: Pick<PlayerState, 'queue' | 'current' | 'playing' | 'playId'>) {
    const entry = currentEntry(state);
    if (!entry || !state.playing || state.playId === countedPlayId) return;
    countedPlayId = state.playId;
    const { track } = entry;
    // A remote artist's track (issue 30) is no track of ours: no listen, history or now playing here.
    if (isRemoteTrack(track)) return;
    recordLocalHistory(track).catch((error: unknown) => console.error('local history not written', track.id, error));
    const playedAt = new Date().toISOString();
    recordListen(track.id).then(
      () => {
        options.onRecorded?.();
        // Evidently online again: anything queued can go too.
        flush();
      },
      (error: unknown) => {
        if (isNetworkFailure(error)) enqueueListen({ trackId: track.id, playedAt });
        else console.error('listen not recorded', track.id, error);
      },
    );
    if (options.isSignedIn()) {
      recordHistory(track.id).then(
        () => options.onRecorded?.(),
        (error: unknown) => console.error('history not recorded', track.id, error),
      );
      // "Playing now" for a linked ListenBrainz: best effort, never in playback's way.
      reportNowPlaying(track.id).catch(() => undefined);
    }
  }

  function flush() {
    flushListenQueue((listen) => recordListen(listen.trackId, listen.playedAt)).then(
      (sent) => {
        if (sent > 0) options.onRecorded?.();
      },
      (error: unknown) => console.error('queued listens not sent', error),
    );
  }

  window.addEventListener('online', flush);
  flush();
  check(store.getState());
  const unsubscribe = store.subscribe(check);
  return () => {
    unsubscribe();
    window.removeEventListener('online', flush);
  };
}
