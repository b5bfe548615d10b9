import type { Decks } from './audio-decks';
import type { AudioLevels } from './audio-levels';
import type { Handover } from './audio-handover';
import { playerActions } from './player-reducer';

/**
 * Reports the elements' events to the store; returns a detach.
 *
 * Events are queued, so one may describe a state the element has already left (a 'pause' from
 * swapping the source arrives after play() was called). Only what still holds is reported, and
 * only for the element that is playing the current entry.
 */
export function attachDeckEvents(decks: Decks, levels: AudioLevels, handover: Handover): () => void {
  const { dispatch } = decks;
  const listenersFor = (element: HTMLAudioElement): Record<string, () => void> => ({
    play: () => element === decks.active && !element.paused && dispatch(playerActions.playing()),
    pause: () => element === decks.active && element.paused && !element.ended && dispatch(playerActions.paused()),
    ended: () => {
      if (element === handover.retiringElement()) {
        handover.stopRetiring();
        return;
      }
      if (element !== decks.active) return;
      if (levels.sleepsAtEnd()) {
        // The sleep timer's "end of track": stay on it, paused.
        dispatch(playerActions.paused());
        levels.sleepDone();
        return;
      }
      // The timer missed (a busy main thread): switch now, still without a reload.
      if (!handover.switchToPrepared()) dispatch(playerActions.ended());
    },
    timeupdate: () => element === decks.active && dispatch(playerActions.timeUpdate(element.currentTime)),
    durationchange: () => element === decks.active && dispatch(playerActions.durationChange(element.duration)),
    error: () => {
      if (element === decks.active) console.error('Ошибка воспроизведения', element.error);
      else handover.dropPrepared();
    },
  });
  const attached = decks.all.map((element) => {
    const listeners = listenersFor(element);
    for (const [type, listener] of Object.entries(listeners)) element.addEventListener(type, listener);
    return { element, listeners };
  });
  return () => {
    for (const { element, listeners } of attached) {
      for (const [type, listener] of Object.entries(listeners)) element.removeEventListener(type, listener);
    }
  };
}
