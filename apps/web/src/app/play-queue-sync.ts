import type { PlayQueueState, Track } from '@platter/shared';
import { useEffect } from 'react';
import { create } from 'zustand';
import { currentEntry, playerActions } from '../features/player/player-reducer';
import { usePlayerStore } from '../features/player/player-store';
import { apiRequest } from '../lib/api-client';

/*
 * Continue on another device (the queue and position saved and offered elsewhere), wired here because it joins the player's queue
 * (features/player) with the signed-in listener's queue on the server (/api/me/play-queue, which
 * OpenSubsonic apps share). While signed in, the player saves its queue, current track and position
 * a moment after each change and every few seconds while playing; at start, a queue saved since by
 * another device (or app) is offered as "Continue from …".
 */

/** When this browser last saved the server's queue: a queue saved later came from elsewhere. */
const SAVED_AT_KEY = 'platter-queue-saved-at';
const SAVE_AFTER_CHANGE_MS = 1500;
const SAVE_WHILE_PLAYING_MS = 10_000;

export interface QueueOffer {
  device: string;
  tracks: Track[];
  index: number;
  positionSec: number;
}

export const useQueueOffer = create<{ offer: QueueOffer | null; set: (offer: QueueOffer | null) => void }>()((set) => ({ offer: null, set: (offer) => set({ offer }) }));

/** "Chrome on Linux": how the other devices name this one. */
export function deviceName(ua: string = navigator.userAgent): string {
  const browser = /Edg\//.test(ua) ? 'Edge' : /Firefox\//.test(ua) ? 'Firefox' : /Chrom(e|ium)\//.test(ua) ? 'Chrome' : /Safari\//.test(ua) ? 'Safari' : 'A browser';
  const os = /Android/.test(ua) ? 'Android' : /iPhone|iPad/.test(ua) ? 'iOS' : /Windows/.test(ua) ? 'Windows' : /Mac OS X/.test(ua) ? 'macOS' : /Linux/.test(ua) ? 'Linux' : null;
  return os ? `${browser} on ${os}` : browser;
}

function savedAt(): string | null {
  try {
    return localStorage.getItem(SAVED_AT_KEY);
  } catch {
    return null;
  }
}

function rememberSavedAt(at: string | null): void {
  try {
    if (at) localStorage.setItem(SAVED_AT_KEY, at);
  } catch {
    // Private mode: the offer may then show this device's own queue; harmless.
  }
}

/** The offer a saved queue makes to this device: none when this device saved it last, or it is empty. */
export function offerOf(state: PlayQueueState, lastSavedHere: string | null): QueueOffer | null {
  const { queue } = state;
  if (!queue || queue.tracks.length === 0 || queue.updatedAt === lastSavedHere) return null;
  const index = Math.max(0, queue.tracks.findIndex((t) => t.id === queue.currentId));
  return { device: queue.changedBy, tracks: queue.tracks, index, positionSec: queue.currentId ? queue.positionMs / 1000 : 0 };
}

function save(): void {
  const player = usePlayerStore.getState();
  const entry = currentEntry(player);
  if (!entry) return;
  const trackIds = player.queue.map((e) => e.track.id).slice(0, 1000);
  apiRequest('/api/me/play-queue', {
    method: 'PUT',
    json: { trackIds, currentId: trackIds.includes(entry.track.id) ? entry.track.id : undefined, positionMs: Math.max(0, Math.round(player.position * 1000)), device: deviceName() },
    schema: 'savedPlayQueueSchema',
  }).then(
    ({ updatedAt }) => rememberSavedAt(updatedAt),
    (error: unknown) => console.warn('play queue not saved', error),
  );
}

/** Plays the offered queue from its track and position. */
export function continueFrom(offer: QueueOffer): void {
  const player = usePlayerStore.getState();
  player.setList(offer.tracks, offer.index);
  if (offer.positionSec > 0) player.dispatch(playerActions.seek(offer.positionSec));
  useQueueOffer.getState().set(null);
}

/** Mounted once (AppRoot): saves while signed in, and asks the server once per sign-in for a queue to continue. */
export function usePlayQueueSync(signedIn: boolean): void {
  useEffect(() => {
    if (!signedIn) {
      useQueueOffer.getState().set(null);
      return;
    }
    let cancelled = false;
    apiRequest('/api/me/play-queue', { schema: 'playQueueStateSchema' }).then(
      (state) => {
        const player = usePlayerStore.getState();
        // Only to a player that is not already busy with something.
        if (!cancelled && !player.playing) useQueueOffer.getState().set(offerOf(state, savedAt()));
      },
      (error: unknown) => console.warn('play queue not read', error),
    );

    let timer: ReturnType<typeof setTimeout> | undefined;
    const later = () => {
      clearTimeout(timer);
      timer = setTimeout(save, SAVE_AFTER_CHANGE_MS);
    };
    let last = usePlayerStore.getState();
    // Only what was played here is saved: a queue restored at start (or offered) is not this device's news.
    let engaged = last.playing;
    const unsubscribe = usePlayerStore.subscribe((state) => {
      const changed = state.queue !== last.queue || state.current !== last.current || state.playing !== last.playing || (state.seek !== last.seek && state.seek !== null);
      last = state;
      if (state.playing) engaged = true;
      if (changed && engaged && state.queue.length > 0) {
        // Something else plays here now: the offer is moot.
        if (state.playing) useQueueOffer.getState().set(null);
        later();
      }
    });
    const ticker = setInterval(() => {
      if (engaged && usePlayerStore.getState().playing) save();
    }, SAVE_WHILE_PLAYING_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
      clearInterval(ticker);
      unsubscribe();
    };
  }, [signedIn]);
}
