import type { StoreApi } from 'zustand';
import { currentEntry, playerActions, type PlayerState } from './player-reducer';
import type { PlayerStore } from './player-store';

/**
 * Makes an `<audio>` element follow the player store, and reports the element's events back.
 * The store stays the source of truth; the element is only an output. Returns a disconnect.
 */
export function connectAudio(audio: HTMLAudioElement, store: StoreApi<PlayerStore>): () => void {
  const dispatch = (action: Parameters<PlayerStore['dispatch']>[0]) => store.getState().dispatch(action);
  let loadedEntryId: string | null = null;
  let appliedSeekSeq = store.getState().seek?.seq ?? 0;

  function play() {
    audio.play().catch((error: unknown) => {
      // A newer load or pause interrupted this play(); the newer intent already rules.
      if (error instanceof DOMException && error.name === 'AbortError') return;
      console.error('Ошибка воспроизведения', error);
      dispatch(playerActions.playFailed());
    });
  }

  function sync(state: PlayerState) {
    const entry = currentEntry(state);
    const entryId = entry?.entryId ?? null;
    if (entryId !== loadedEntryId) {
      loadedEntryId = entryId;
      appliedSeekSeq = state.seek?.seq ?? 0;
      if (entry) {
        audio.src = entry.track.url;
      } else {
        audio.removeAttribute('src');
        audio.load();
      }
    } else if (state.seek && state.seek.seq !== appliedSeekSeq) {
      appliedSeekSeq = state.seek.seq;
      audio.currentTime = state.seek.to;
    }

    if (entry && state.wantsToPlay && audio.paused) play();
    else if (!state.wantsToPlay && !audio.paused) audio.pause();
  }

  // Events are queued, so one may describe a state the element has already left (a 'pause'
  // from swapping the source arrives after play() was called). Only report what still holds.
  const listeners: Record<string, () => void> = {
    play: () => !audio.paused && dispatch(playerActions.playing()),
    pause: () => audio.paused && dispatch(playerActions.paused()),
    ended: () => dispatch(playerActions.ended()),
    timeupdate: () => dispatch(playerActions.timeUpdate(audio.currentTime)),
    durationchange: () => dispatch(playerActions.durationChange(audio.duration)),
    error: () => console.error('Ошибка воспроизведения', audio.error),
  };
  for (const [type, listener] of Object.entries(listeners)) audio.addEventListener(type, listener);

  sync(store.getState());
  const unsubscribe = store.subscribe((state) => sync(state));

  return () => {
    unsubscribe();
    for (const [type, listener] of Object.entries(listeners)) audio.removeEventListener(type, listener);
  };
}
