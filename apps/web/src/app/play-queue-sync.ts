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
 * another device (or app) is offered as "Continue from …". Continuing hands the music over
 * (remote-control.ts: the player that plays stops and says where); "Not now" is remembered for
 * that playback (device, queue and track), so a reload does not offer it again.
 */

/** When this browser last saved the server's queue: a queue saved later came from elsewhere. */
const SAVED_AT_KEY = 'platter-queue-saved-at';
/** The playback whose offer the listener turned down ("Not now"): see offerKey. */
const DISMISSED_KEY = 'platter-queue-dismissed';
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

function dismissedKey(): string | null {
  try {
    return localStorage.getItem(DISMISSED_KEY);
  } catch {
    return null;
  }
}

/** A short fingerprint of a text (FNV-1a, 32 bits): the queue's ids, without keeping them all. */
function fingerprint(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(36);
}

/**
 * Which playback an offer is: the device, its queue and the track it is at (not the position, which
 * moves on while it plays). Something new played there (another track, another queue) is another.
 */
export function offerKey(offer: Pick<QueueOffer, 'device' | 'tracks' | 'index'>): string {
  return [offer.device, offer.tracks[offer.index]?.id ?? '', fingerprint(offer.tracks.map((t) => t.id).join(' '))].join('|');
}

/** The offer a saved queue makes to this device: none when this device saved it last, it is empty, or its playback was turned down here. */
export function offerOf(state: PlayQueueState, lastSavedHere: string | null, dismissed: string | null = null): QueueOffer | null {
  const { queue } = state;
  if (!queue || queue.tracks.length === 0 || queue.updatedAt === lastSavedHere) return null;
  const index = Math.max(0, queue.tracks.findIndex((t) => t.id === queue.currentId));
  const offer = { device: queue.changedBy, tracks: queue.tracks, index, positionSec: queue.currentId ? queue.positionMs / 1000 : 0 };
  return dismissed !== null && offerKey(offer) === dismissed ? null : offer;
}

/** "Not now": hides the offer, and keeps it hidden (over reloads) until something new plays elsewhere. */
export function dismissOffer(offer: QueueOffer): void {
  try {
    localStorage.setItem(DISMISSED_KEY, offerKey(offer));
  } catch {
    // Without storage it is hidden until the next load only.
  }
  useQueueOffer.getState().set(null);
}

/** What this device does with the server's queue; one at a time (AppRoot mounts the sync once). */
const local: { timer: ReturnType<typeof setTimeout> | undefined; engaged: boolean } = { timer: undefined, engaged: false };

function save(): Promise<void> {
  const player = usePlayerStore.getState();
  const entry = currentEntry(player);
  if (!entry) return Promise.resolve();
  const trackIds = player.queue.map((e) => e.track.id).slice(0, 1000);
  return apiRequest('/api/me/play-queue', {
    method: 'PUT',
    json: { trackIds, currentId: trackIds.includes(entry.track.id) ? entry.track.id : undefined, positionMs: Math.max(0, Math.round(player.position * 1000)), device: deviceName() },
    schema: 'savedPlayQueueSchema',
  }).then(
    ({ updatedAt }) => rememberSavedAt(updatedAt),
    (error: unknown) => console.warn('play queue not saved', error),
  );
}

/** This device played something whose save is still to come (a moment after each change). */
export function hasUnsavedChange(): boolean {
  return local.timer !== undefined;
}

/**
 * Another device continues what plays here: pause, save the queue where it stopped (so the other
 * reads it), and save no more until something plays here again (a later save would win over theirs).
 */
export function handOver(): Promise<void> {
  const player = usePlayerStore.getState();
  player.dispatch(playerActions.pause());
  clearTimeout(local.timer);
  local.timer = undefined;
  local.engaged = false;
  return save();
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
        if (!cancelled && !player.playing) useQueueOffer.getState().set(offerOf(state, savedAt(), dismissedKey()));
      },
      (error: unknown) => console.warn('play queue not read', error),
    );

    const later = () => {
      clearTimeout(local.timer);
      local.timer = setTimeout(() => {
        local.timer = undefined;
        void save();
      }, SAVE_AFTER_CHANGE_MS);
    };
    let last = usePlayerStore.getState();
    // Only what was played here is saved: a queue restored at start (or offered) is not this device's news.
    local.engaged = last.playing;
    const unsubscribe = usePlayerStore.subscribe((state) => {
      const changed = state.queue !== last.queue || state.current !== last.current || state.playing !== last.playing || (state.seek !== last.seek && state.seek !== null);
      last = state;
      // (Not while a pause is on its way: a handover's pause must not save over the one continuing.)
      if (state.playing && state.wantsToPlay) local.engaged = true;
      if (changed && local.engaged && state.queue.length > 0) {
        // Something else plays here now: the offer is moot.
        if (state.playing) useQueueOffer.getState().set(null);
        later();
      }
    });
    const ticker = setInterval(() => {
      if (local.engaged && usePlayerStore.getState().playing) void save();
    }, SAVE_WHILE_PLAYING_MS);
    return () => {
      cancelled = true;
      clearTimeout(local.timer);
      local.timer = undefined;
      local.engaged = false;
      clearInterval(ticker);
      unsubscribe();
    };
  }, [signedIn]);
}
