import type { StoreApi } from 'zustand';
import type { Track } from '@platter/shared';
import { normalizationGain, streamUrl, usePlaybackPreferences } from '../../lib/playback';
import { currentEntry, followingEntry, playerActions, type PlayerState, type QueueEntry } from './player-reducer';
import type { PlayerStore } from './player-store';
import { effectiveEqGains } from './equalizer';
import { createGainStage, type GainStageDeps } from './gain-stage';
import { createSleepRunner, SLEEP_OFF } from './sleep-timer';
import { useSoundSettings } from './sound-settings';

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
 * Makes `<audio>` elements follow the player store, and reports the playing element's events back.
 * The store stays the source of truth; the elements are only an output.
 *
 * With a second (standby) element, playback is gapless: once the current entry is past half
 * (or 15 s from its end) the entry that follows it (the same one with repeat on) is loaded into
 * the standby element; a timer started near the end plays it at the moment the current one stops
 * (or `crossfade` seconds before, ramping the two volumes), and the adapter tells the store with
 * `advanced(entryId)`. The elements then swap roles. Returns a disconnect.
 *
 * An element's volume is the listener's volume times its crossfade gain (0–1, 1 outside a fade),
 * so a fade ramps within the chosen volume and a volume change during a fade keeps the ramp;
 * mute is the elements' own `muted`.
 *
 * Loudness normalization multiplies in a track's level: through each element's gain node once the
 * Web Audio gain stage routes them (gain-stage.ts; quiet tracks are then raised, up to the
 * target and the true-peak ceiling), else through the volume (loud tracks turned down only).
 *
 * The listener's sound settings (sound-settings.ts) apply to both elements alike: the playback
 * speed (pitch preserved) to each element, the equalizer to the stage's shared chain, and a timed
 * sleep's fade-out multiplies into both volumes like the crossfade gain. With the sleep timer at
 * "end of track", the adapter does not switch to the entry that follows: it pauses at the end.
 */
export interface AudioOptions {
  /** A second element; with it, playback is gapless and can crossfade. */
  standby?: HTMLAudioElement;
  /** Told whenever the other element becomes the one playing the current entry. */
  onActiveChange?: (active: HTMLAudioElement) => void;
  /** The Web Audio gain stage's browser parts (tests pass fakes); false levels through the volumes only. */
  webAudio?: GainStageDeps | false;
}

export function connectAudio(primary: HTMLAudioElement, store: StoreApi<PlayerStore>, options: AudioOptions = {}): () => void {
  const { standby, onActiveChange, webAudio = {} } = options;
  const dispatch = (action: Parameters<PlayerStore['dispatch']>[0]) => store.getState().dispatch(action);
  const decks = standby ? [primary, standby] : [primary];
  let active = primary;
  let loadedEntryId: string | null = null;
  let appliedSeekSeq = store.getState().seek?.seq ?? 0;
  /** What the standby element holds, loaded ahead. */
  let prepared: { entryId: string; url: string } | null = null;
  let switchTimer: ReturnType<typeof setTimeout> | null = null;
  let retiring: Retiring | null = null;
  /** Each element's crossfade gain; the volume it sounds at is this times the listener's volume. */
  const fadeGain = new Map<HTMLAudioElement, number>(decks.map((deck) => [deck, 1]));
  /** The track each element holds, for its loudness normalization gain. */
  const loaded = new Map<HTMLAudioElement, Track>();
  const preferences = usePlaybackPreferences;
  const sound = useSoundSettings;
  /** A timed sleep's fade-out (1 outside it), on every element's volume. */
  let sleepFade = 1;
  const stage = webAudio
    ? createGainStage(
        decks,
        () => {
          decks.forEach((deck) => applyVolume(deck));
          sound.getState().setEqStatus('active');
        },
        webAudio,
        () => sound.getState().setEqStatus('unavailable'),
      )
    : null;
  sound.getState().setEqStatus(stage ? 'pending' : 'unavailable');
  const sleepRunner = createSleepRunner(
    (level) => {
      sleepFade = level;
      decks.forEach((deck) => applyVolume(deck));
    },
    () => {
      dispatch(playerActions.pause());
      sound.getState().setSleep(SLEEP_OFF);
    },
  );
  const sleepsAtEnd = () => sound.getState().sleep.kind === 'endOfTrack';

  /** The chosen speed, pitch preserved; `defaultPlaybackRate` is what a new load starts at. */
  function applySpeed(element: HTMLAudioElement) {
    const { speed } = sound.getState();
    element.preservesPitch = true;
    if (element.defaultPlaybackRate !== speed) element.defaultPlaybackRate = speed;
    if (element.playbackRate !== speed) element.playbackRate = speed;
  }

  function load(element: HTMLAudioElement, track: Track, url: string) {
    loaded.set(element, track);
    stage?.beforeLoad(element, url);
    element.src = url;
    applySpeed(element);
    applyVolume(element);
  }

  function levelGain(element: HTMLAudioElement, raise: boolean): number {
    const track = loaded.get(element);
    return track && preferences.getState().normalize ? normalizationGain(track, { raise }) : 1;
  }

  function applyVolume(element: HTMLAudioElement, state: PlayerState = store.getState()) {
    const routed = stage?.routed(element) ?? false;
    const level = levelGain(element, routed);
    // Routed, the level goes on the gain node (past 1 if need be) and the volume keeps the rest.
    if (routed) stage?.setLevel(element, level);
    const volume = Math.min(1, Math.max(0, state.volume * (fadeGain.get(element) ?? 1) * sleepFade * (routed ? 1 : level)));
    if (element.volume !== volume) element.volume = volume;
    if (element.muted !== state.muted) element.muted = state.muted;
  }

  function setFade(element: HTMLAudioElement, gain: number) {
    fadeGain.set(element, gain);
    applyVolume(element);
  }

  const other = () => decks.find((deck) => deck !== active) ?? null;

  function play(element: HTMLAudioElement) {
    // The first play follows a listener's gesture: the AudioContext may start then.
    stage?.activate();
    element.play().catch((error: unknown) => {
      // A newer load or pause interrupted this play(); the newer intent already rules.
      if (error instanceof DOMException && error.name === 'AbortError') return;
      // NotAllowedError: no tap on this page yet (a remote command, a restored queue); the player asks for one.
      const blocked = error instanceof DOMException && error.name === 'NotAllowedError';
      if (blocked) console.warn('The browser waits for a tap before it plays sound', error);
      else console.error('Ошибка воспроизведения', error);
      if (element === active) dispatch(playerActions.playFailed(blocked));
    });
  }

  function clearSwitchTimer() {
    if (switchTimer !== null) clearTimeout(switchTimer);
    switchTimer = null;
  }

  /** Silences whatever still sounds from the previous entry and restores full volume. */
  function stopRetiring() {
    if (!retiring) return;
    if (retiring.fade !== null) clearInterval(retiring.fade);
    retiring.element.pause();
    setFade(retiring.element, 1);
    retiring = null;
    setFade(active, 1);
  }

  function unprepare() {
    const spare = other();
    prepared = null;
    clearSwitchTimer();
    if (spare && spare !== retiring?.element) {
      spare.pause();
      spare.removeAttribute('src');
      spare.load();
    }
  }

  function crossfadeSeconds(state: PlayerState): number {
    const length = Number.isFinite(active.duration) ? active.duration : 0;
    return Math.min(state.crossfade, length / 2);
  }

  function remaining(): number {
    return Number.isFinite(active.duration) ? active.duration - active.currentTime : Number.POSITIVE_INFINITY;
  }

  /** Loads the following entry into the standby element once the current one is far enough in. */
  function prepareFollowing(state: PlayerState, following: QueueEntry | null) {
    const spare = other();
    if (!spare || !following || spare === retiring?.element) return;
    const url = streamUrl(following.track);
    if (prepared?.entryId === following.entryId && prepared.url === url) return;
    const duration = active.duration;
    if (!Number.isFinite(duration) || duration <= 0) return;
    const far = active.currentTime >= duration * PRELOAD_FRACTION || remaining() <= PRELOAD_BEFORE_END + crossfadeSeconds(state);
    if (!far) return;
    prepared = { entryId: following.entryId, url };
    clearSwitchTimer();
    spare.preload = 'auto';
    setFade(spare, 1);
    load(spare, following.track, url);
  }

  /** Plays the prepared entry on the standby element and makes it the active one. */
  function switchToPrepared(): boolean {
    const state = store.getState();
    const following = followingEntry(state);
    const spare = other();
    clearSwitchTimer();
    if (!spare || !prepared || !following || following.entryId !== prepared.entryId || !state.wantsToPlay || sleepsAtEnd()) return false;
    const fade = crossfadeSeconds(state);
    const previous = active;
    const loadedEntryIdBefore = loadedEntryId;
    stopRetiring();
    spare.currentTime = 0;
    setFade(spare, fade > 0 ? 0 : 1);
    play(spare);
    active = spare;
    onActiveChange?.(active);
    prepared = null;
    loadedEntryId = following.entryId;
    retiring = { element: previous, fade: null };
    if (fade > 0) {
      const started = performance.now();
      const fading = retiring;
      // `fade` is media time; at another speed it passes faster or slower than the clock.
      const fadeMs = (fade * 1000) / (spare.playbackRate || 1);
      fading.fade = setInterval(() => {
        const progress = Math.min(1, (performance.now() - started) / fadeMs);
        setFade(spare, progress);
        setFade(previous, 1 - progress);
        if (progress >= 1) stopRetiring();
      }, FADE_STEP_MS);
    }
    dispatch(playerActions.advanced(following.entryId));
    // The element loaded its metadata while preloading, so no 'durationchange' will come.
    if (following.entryId !== loadedEntryIdBefore) dispatch(playerActions.durationChange(spare.duration));
    // The store's `advanced` keeps the seek it had; nothing to apply to the new element.
    appliedSeekSeq = store.getState().seek?.seq ?? appliedSeekSeq;
    return true;
  }

  /** Near the end, hands over from `timeupdate` to a timer aimed at the switch moment. */
  function scheduleSwitch(state: PlayerState) {
    const following = followingEntry(state);
    const ready = prepared && following && prepared.entryId === following.entryId && state.wantsToPlay && !active.paused;
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
      if (active.paused) return;
      // Timers are late or early by a few ms; re-aim until the moment is reached.
      if (now > 0.004) switchTimer = setTimeout(aim, Math.max(0, (now * 1000) / (active.playbackRate || 1) - 2));
      else switchToPrepared();
    };
    switchTimer = setTimeout(aim, Math.max(0, (left * 1000) / (active.playbackRate || 1) - 2));
  }

  function sync(state: PlayerState) {
    for (const deck of decks) applyVolume(deck, state);
    const entry = currentEntry(state);
    const entryId = entry?.entryId ?? null;
    if (entryId !== loadedEntryId) {
      loadedEntryId = entryId;
      appliedSeekSeq = state.seek?.seq ?? 0;
      stopRetiring();
      const spare = other();
      if (entry && spare && prepared?.entryId === entryId && prepared.url === streamUrl(entry.track)) {
        // A skip to the entry that was loaded ahead: use it, it is ready.
        active.pause();
        active = spare;
        prepared = null;
        active.currentTime = 0;
        onActiveChange?.(active);
        // Its metadata came while preloading; tell the store after this update settles.
        const ready = active;
        queueMicrotask(() => ready === active && dispatch(playerActions.durationChange(ready.duration)));
      } else {
        if (entry) {
          load(active, entry.track, streamUrl(entry.track));
        } else {
          active.removeAttribute('src');
          active.load();
        }
        if (prepared) unprepare();
      }
    } else if (state.seek && state.seek.seq !== appliedSeekSeq) {
      appliedSeekSeq = state.seek.seq;
      active.currentTime = state.seek.to;
    }

    // An element that just played to its end is paused with its 'ended' event still to come (the
    // 'timeupdate' before it lands here first): playing it again would restart it from zero.
    const endingOnItsOwn = active.ended && state.playing;
    if (entry && state.wantsToPlay && active.paused && !endingOnItsOwn) play(active);
    else if (!state.wantsToPlay && !active.paused) active.pause();
    if (!state.wantsToPlay) stopRetiring();

    if (!standby) return;
    const following = followingEntry(state);
    // The queue or repeat changed under a prepared entry: load the right one instead.
    if (prepared && prepared.entryId !== following?.entryId) unprepare();
    prepareFollowing(state, following);
    scheduleSwitch(state);
  }

  // Events are queued, so one may describe a state the element has already left (a 'pause'
  // from swapping the source arrives after play() was called). Only report what still holds,
  // and only for the element that is playing the current entry.
  const listenersFor = (element: HTMLAudioElement): Record<string, () => void> => ({
    play: () => element === active && !element.paused && dispatch(playerActions.playing()),
    pause: () => element === active && element.paused && !element.ended && dispatch(playerActions.paused()),
    ended: () => {
      if (element === retiring?.element) {
        stopRetiring();
        return;
      }
      if (element !== active) return;
      if (sleepsAtEnd()) {
        // The sleep timer's "end of track": stay on it, paused.
        dispatch(playerActions.paused());
        sound.getState().setSleep(SLEEP_OFF);
        return;
      }
      // The timer missed (a busy main thread): switch now, still without a reload.
      if (!switchToPrepared()) dispatch(playerActions.ended());
    },
    timeupdate: () => element === active && dispatch(playerActions.timeUpdate(element.currentTime)),
    durationchange: () => element === active && dispatch(playerActions.durationChange(element.duration)),
    error: () => {
      if (element === active) console.error('Ошибка воспроизведения', element.error);
      else if (prepared) prepared = null;
    },
  });
  const attached = decks.map((element) => {
    const listeners = listenersFor(element);
    for (const [type, listener] of Object.entries(listeners)) element.addEventListener(type, listener);
    return { element, listeners };
  });

  sync(store.getState());
  const unsubscribe = store.subscribe((state) => sync(state));
  // Normalization switched on or off: the elements' volumes follow at once (quality applies from the next load).
  const unsubscribePreferences = preferences.subscribe(() => {
    for (const deck of decks) applyVolume(deck);
  });
  const applySound = () => {
    const settings = sound.getState();
    for (const deck of decks) applySpeed(deck);
    stage?.setEqualizer(effectiveEqGains(settings));
    sleepRunner.update(settings.sleep);
  };
  applySound();
  const unsubscribeSound = sound.subscribe(applySound);

  return () => {
    unsubscribe();
    unsubscribePreferences();
    unsubscribeSound();
    sleepRunner.stop();
    stage?.close();
    clearSwitchTimer();
    stopRetiring();
    for (const { element, listeners } of attached) {
      for (const [type, listener] of Object.entries(listeners)) element.removeEventListener(type, listener);
    }
  };
}
