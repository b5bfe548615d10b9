import type { StoreApi } from 'zustand';
import { playerActions } from './player-reducer';
import type { PlayerStore } from './player-store';

/**
 * The `<audio>` elements the adapter drives and which of them plays the current entry: the state
 * its parts (levels, handover, events, store sync) share.
 */
export interface Decks {
  /** The primary element and, for gapless playback, the standby one. */
  readonly all: readonly HTMLAudioElement[];
  /** The element playing the current entry. */
  active: HTMLAudioElement;
  /** The entry the active element holds. */
  loadedEntryId: string | null;
  /** The store's last seek applied to the active element. */
  appliedSeekSeq: number;
  readonly store: StoreApi<PlayerStore>;
  readonly dispatch: PlayerStore['dispatch'];
  /** The element that is not the active one (the standby), if there are two. */
  other(): HTMLAudioElement | null;
  /** Makes `element` the one playing the current entry, and says so (`onActiveChange`). */
  makeActive(element: HTMLAudioElement): void;
}

export function createDecks(all: readonly HTMLAudioElement[], store: StoreApi<PlayerStore>, onActiveChange?: (active: HTMLAudioElement) => void): Decks {
  const decks: Decks = {
    all,
    active: all[0]!,
    loadedEntryId: null,
    appliedSeekSeq: store.getState().seek?.seq ?? 0,
    store,
    dispatch: (action) => store.getState().dispatch(action),
    other: () => all.find((deck) => deck !== decks.active) ?? null,
    makeActive: (element) => {
      decks.active = element;
      onActiveChange?.(element);
    },
  };
  return decks;
}

/**
 * Plays an element. A refusal is reported to the store only for the active element: an
 * interrupted play() (a newer load or pause) is nothing, a NotAllowedError (no tap on this page
 * yet: a remote command, a restored queue) makes the player ask for one.
 */
export function playDeck(decks: Decks, element: HTMLAudioElement, beforePlay: () => void) {
  // The first play follows a listener's gesture: the AudioContext may start then.
  beforePlay();
  element.play().catch((error: unknown) => {
    // A newer load or pause interrupted this play(); the newer intent already rules.
    if (error instanceof DOMException && error.name === 'AbortError') return;
    const blocked = error instanceof DOMException && error.name === 'NotAllowedError';
    if (blocked) console.warn('The browser waits for a tap before it plays sound', error);
    else console.error('Ошибка воспроизведения', error);
    if (element === decks.active) decks.dispatch(playerActions.playFailed(blocked));
  });
}
