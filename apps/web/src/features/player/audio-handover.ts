import { streamUrl } from '../../lib/playback';
import { playDeck, type Decks } from './audio-decks';
import type { AudioLevels } from './audio-levels';
import { followingEntry, playerActions, type PlayerState, type QueueEntry } from './player-reducer';

/** Preload the following entry once the current one is past this fraction… */
const PRELOAD_FRACTION = 0.5;
/** …or this close to its end (seconds), whichever comes first. */
const PRELOAD_BEFORE_END = 15;
/**
 * Seconds before the end at which the next element is told to play when crossfade is off: about
 * what a preloaded element takes from `play()` to sound, so that it starts as the other stops.
 */
const START_LEAD = 0.02;
/** Within this many seconds of the switch, a precise timer takes over from `timeupdate` (~250 ms apart). */
const SCHEDULE_WINDOW = 0.6;
const FADE_STEP_MS = 50;

/** An element that is still sounding after the player moved on (the tail of a crossfade). */
interface Retiring {
  element: HTMLAudioElement;
  fade: ReturnType<typeof setInterval> | null;
}

/**
 * Gapless playback and crossfade over two elements: once the current entry is past half (or 15 s
 * from its end) the entry that follows it (the same one with repeat on) is loaded into the
 * standby element; a timer started near the end plays it at the moment the current one stops (or
 * `crossfade` seconds before, ramping the two volumes), and the store is told with
 * `advanced(entryId)`. The elements then swap roles.
 */
export function createHandover(decks: Decks, levels: AudioLevels) {
  /** What the standby element holds, loaded ahead. */
  let prepared: { entryId: string; url: string } | null = null;
  let switchTimer: ReturnType<typeof setTimeout> | null = null;
  let retiring: Retiring | null = null;

  function clearSwitchTimer() {
    if (switchTimer !== null) clearTimeout(switchTimer);
    switchTimer = null;
  }

  /** Silences whatever still sounds from the previous entry and restores full volume. */
  function stopRetiring() {
    if (!retiring) return;
    if (retiring.fade !== null) clearInterval(retiring.fade);
    retiring.element.pause();
    levels.setFade(retiring.element, 1);
    retiring = null;
    levels.setFade(decks.active, 1);
  }

  function unprepare() {
    const spare = decks.other();
    prepared = null;
    clearSwitchTimer();
    if (spare && spare !== retiring?.element) {
      spare.pause();
      spare.removeAttribute('src');
      spare.load();
    }
  }

  function crossfadeSeconds(state: PlayerState): number {
    const length = Number.isFinite(decks.active.duration) ? decks.active.duration : 0;
    return Math.min(state.crossfade, length / 2);
  }

  function remaining(): number {
    const { active } = decks;
    return Number.isFinite(active.duration) ? active.duration - active.currentTime : Number.POSITIVE_INFINITY;
  }

  /** Loads the following entry into the standby element once the current one is far enough in. */
  function prepareFollowing(state: PlayerState, following: QueueEntry | null) {
    const spare = decks.other();
    if (!spare || !following || spare === retiring?.element) return;
    const url = streamUrl(following.track);
    if (prepared?.entryId === following.entryId && prepared.url === url) return;
    const duration = decks.active.duration;
    if (!Number.isFinite(duration) || duration <= 0) return;
    const far = decks.active.currentTime >= duration * PRELOAD_FRACTION || remaining() <= PRELOAD_BEFORE_END + crossfadeSeconds(state);
    if (!far) return;
    prepared = { entryId: following.entryId, url };
    clearSwitchTimer();
    spare.preload = 'auto';
    levels.setFade(spare, 1);
    levels.load(spare, following.track, url);
  }

  /** Plays the prepared entry on the standby element and makes it the active one. */
  function switchToPrepared(): boolean {
    const { store, dispatch } = decks;
    const state = store.getState();
    const following = followingEntry(state);
    const spare = decks.other();
    clearSwitchTimer();
    if (!spare || !prepared || !following || following.entryId !== prepared.entryId || !state.wantsToPlay || levels.sleepsAtEnd()) return false;
    const fade = crossfadeSeconds(state);
    const previous = decks.active;
    const loadedEntryIdBefore = decks.loadedEntryId;
    stopRetiring();
    spare.currentTime = 0;
    levels.setFade(spare, fade > 0 ? 0 : 1);
    playDeck(decks, spare, levels.activate);
    decks.makeActive(spare);
    prepared = null;
    decks.loadedEntryId = following.entryId;
    retiring = { element: previous, fade: null };
    if (fade > 0) {
      const started = performance.now();
      const fading = retiring;
      // `fade` is media time; at another speed it passes faster or slower than the clock.
      const fadeMs = (fade * 1000) / (spare.playbackRate || 1);
      fading.fade = setInterval(() => {
        const progress = Math.min(1, (performance.now() - started) / fadeMs);
        levels.setFade(spare, progress);
        levels.setFade(previous, 1 - progress);
        if (progress >= 1) stopRetiring();
      }, FADE_STEP_MS);
    }
    dispatch(playerActions.advanced(following.entryId));
    // The element loaded its metadata while preloading, so no 'durationchange' will come.
    if (following.entryId !== loadedEntryIdBefore) dispatch(playerActions.durationChange(spare.duration));
    // The store's `advanced` keeps the seek it had; nothing to apply to the new element.
    decks.appliedSeekSeq = store.getState().seek?.seq ?? decks.appliedSeekSeq;
    return true;
  }

  /** Near the end, hands over from `timeupdate` to a timer aimed at the switch moment. */
  function scheduleSwitch(state: PlayerState) {
    const following = followingEntry(state);
    const ready = prepared && following && prepared.entryId === following.entryId && state.wantsToPlay && !decks.active.paused;
    if (!ready) {
      clearSwitchTimer();
      return;
    }
    if (switchTimer !== null) return;
    const lead = crossfadeSeconds(state) || START_LEAD;
    const left = remaining() - lead;
    if (left > SCHEDULE_WINDOW) return;
    const aim = () => {
      switchTimer = null;
      const now = remaining() - lead;
      if (decks.active.paused) return;
      // Timers are late or early by a few ms; re-aim until the moment is reached.
      if (now > 0.004) switchTimer = setTimeout(aim, Math.max(0, (now * 1000) / (decks.active.playbackRate || 1) - 2));
      else switchToPrepared();
    };
    switchTimer = setTimeout(aim, Math.max(0, (left * 1000) / (decks.active.playbackRate || 1) - 2));
  }

  return {
    /** The entry the standby element holds, loaded ahead, if any. */
    prepared: () => prepared,
    /** The element still sounding from the previous entry (a crossfade's tail), if any. */
    retiringElement: () => retiring?.element ?? null,
    /** Takes the prepared entry for a skip to it: the standby element is ready. */
    takePrepared() {
      prepared = null;
    },
    /** The standby element failed to load what was prepared: forget it. */
    dropPrepared() {
      if (prepared) prepared = null;
    },
    stopRetiring,
    unprepare,
    switchToPrepared,
    /** After each store update: keeps the standby element holding what follows, and the switch timed. */
    follow(state: PlayerState) {
      const following = followingEntry(state);
      // The queue or repeat changed under a prepared entry: load the right one instead.
      if (prepared && prepared.entryId !== following?.entryId) unprepare();
      prepareFollowing(state, following);
      scheduleSwitch(state);
    },
    stop() {
      clearSwitchTimer();
      stopRetiring();
    },
  };
}

export type Handover = ReturnType<typeof createHandover>;
