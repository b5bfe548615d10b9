import type { StoreApi } from 'zustand';
import { streamUrl } from '../../lib/playback';
import { createDecks, playDeck } from './audio-decks';
import { attachDeckEvents } from './audio-events';
import { createHandover } from './audio-handover';
import { createAudioLevels } from './audio-levels';
import type { GainStageDeps } from './gain-stage';
import { currentEntry, playerActions, type PlayerState } from './player-reducer';
import type { PlayerStore } from './player-store';

/** How `connectAudio` drives the elements beyond the primary one. */
export interface AudioOptions {
  /** A second element; with it, playback is gapless and can crossfade. */
  standby?: HTMLAudioElement;
  /** Told whenever the other element becomes the one playing the current entry. */
  onActiveChange?: (active: HTMLAudioElement) => void;
  /** The Web Audio gain stage's browser parts (tests pass fakes); false levels through the volumes only. */
  webAudio?: GainStageDeps | false;
}

/**
 * Makes `<audio>` elements follow the player store, and reports the playing element's events back.
 * The store stays the source of truth; the elements are only an output. Returns a disconnect.
 *
 * Its parts: `audio-decks.ts` (the elements, which one is active, play() and its refusals),
 * `audio-levels.ts` (volume, crossfade and sleep gains, loudness normalization, speed, equalizer,
 * sleep timer), `audio-handover.ts` (with a standby element: gapless playback and crossfade),
 * `audio-events.ts` (the elements' events back to the store); `sync` below applies each store
 * update to the elements.
 *
 * With the sleep timer at "end of track", the adapter does not switch to the entry that follows:
 * it pauses at the end.
 */
export function connectAudio(primary: HTMLAudioElement, store: StoreApi<PlayerStore>, options: AudioOptions = {}): () => void {
  const { standby, onActiveChange, webAudio = {} } = options;
  const decks = createDecks(standby ? [primary, standby] : [primary], store, onActiveChange);
  const levels = createAudioLevels(decks, webAudio);
  const handover = createHandover(decks, levels);
  const play = (element: HTMLAudioElement) => playDeck(decks, element, levels.activate);

  /** Applies a store update: the volumes, a new entry (or a skip to the prepared one), a seek, play or pause. */
  function sync(state: PlayerState) {
    levels.applyAll(state);
    const entry = currentEntry(state);
    const entryId = entry?.entryId ?? null;
    if (entryId !== decks.loadedEntryId) {
      decks.loadedEntryId = entryId;
      decks.appliedSeekSeq = state.seek?.seq ?? 0;
      handover.stopRetiring();
      const spare = decks.other();
      const prepared = handover.prepared();
      if (entry && spare && prepared?.entryId === entryId && prepared.url === streamUrl(entry.track)) {
        // A skip to the entry that was loaded ahead: use it, it is ready.
        decks.active.pause();
        handover.takePrepared();
        spare.currentTime = 0;
        decks.makeActive(spare);
        // Its metadata came while preloading; tell the store after this update settles.
        const ready = spare;
        queueMicrotask(() => ready === decks.active && decks.dispatch(playerActions.durationChange(ready.duration)));
      } else {
        if (entry) {
          levels.load(decks.active, entry.track, streamUrl(entry.track));
        } else {
          decks.active.removeAttribute('src');
          decks.active.load();
        }
        if (prepared) handover.unprepare();
      }
    } else if (state.seek && state.seek.seq !== decks.appliedSeekSeq) {
      decks.appliedSeekSeq = state.seek.seq;
      decks.active.currentTime = state.seek.to;
    }

    const { active } = decks;
    // An element that just played to its end is paused with its 'ended' event still to come (the
    // 'timeupdate' before it lands here first): playing it again would restart it from zero.
    const endingOnItsOwn = active.ended && state.playing;
    if (entry && state.wantsToPlay && active.paused && !endingOnItsOwn) play(active);
    else if (!state.wantsToPlay && !active.paused) active.pause();
    if (!state.wantsToPlay) handover.stopRetiring();

    if (standby) handover.follow(state);
  }

  const detachEvents = attachDeckEvents(decks, levels, handover);
  sync(store.getState());
  const unsubscribe = store.subscribe((state) => sync(state));
  levels.start();

  return () => {
    unsubscribe();
    levels.stop();
    handover.stop();
    detachEvents();
  };
}
