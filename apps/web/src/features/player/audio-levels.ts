import type { Track } from '@platter/shared';
import { normalizationGain, usePlaybackPreferences } from '../../lib/playback';
import type { Decks } from './audio-decks';
import { effectiveEqGains } from './equalizer';
import { createGainStage, type GainStageDeps } from './gain-stage';
import { playerActions, type PlayerState } from './player-reducer';
import { createSleepRunner, SLEEP_OFF } from './sleep-timer';
import { useSoundSettings } from './sound-settings';

/**
 * What each element sounds like: its volume, loudness level and speed, and the listener's sound
 * settings over both elements.
 *
 * An element's volume is the listener's volume times its crossfade gain (0–1, 1 outside a fade)
 * times a timed sleep's fade-out, so a fade ramps within the chosen volume and a volume change
 * during a fade keeps the ramp; mute is the elements' own `muted`.
 *
 * Loudness normalization multiplies in a track's level: through each element's gain node once the
 * Web Audio gain stage routes them (gain-stage.ts; quiet tracks are then raised, up to the
 * target and the true-peak ceiling), else through the volume (loud tracks turned down only).
 *
 * The listener's sound settings (sound-settings.ts) apply to both elements alike: the playback
 * speed (pitch preserved) to each element, the equalizer to the stage's shared chain, and the
 * sleep timer (a timed sleep fades out, then pauses).
 */
export function createAudioLevels(decks: Decks, webAudio: GainStageDeps | false) {
  const preferences = usePlaybackPreferences;
  const sound = useSoundSettings;
  /** Each element's crossfade gain; the volume it sounds at is this times the listener's volume. */
  const fadeGain = new Map<HTMLAudioElement, number>(decks.all.map((deck) => [deck, 1]));
  /** The track each element holds, for its loudness normalization gain. */
  const loaded = new Map<HTMLAudioElement, Track>();
  /** A timed sleep's fade-out (1 outside it), on every element's volume. */
  let sleepFade = 1;
  const applyAll = (state?: PlayerState) => decks.all.forEach((deck) => applyVolume(deck, state));
  const stage = webAudio
    ? createGainStage(
        decks.all,
        () => {
          applyAll();
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
      applyAll();
    },
    () => {
      decks.dispatch(playerActions.pause());
      sound.getState().setSleep(SLEEP_OFF);
    },
  );

  /** The chosen speed, pitch preserved; `defaultPlaybackRate` is what a new load starts at. */
  function applySpeed(element: HTMLAudioElement) {
    const { speed } = sound.getState();
    element.preservesPitch = true;
    if (element.defaultPlaybackRate !== speed) element.defaultPlaybackRate = speed;
    if (element.playbackRate !== speed) element.playbackRate = speed;
  }

  function levelGain(element: HTMLAudioElement, raise: boolean): number {
    const track = loaded.get(element);
    return track && preferences.getState().normalize ? normalizationGain(track, { raise }) : 1;
  }

  function applyVolume(element: HTMLAudioElement, state: PlayerState = decks.store.getState()) {
    const routed = stage?.routed(element) ?? false;
    const level = levelGain(element, routed);
    // Routed, the level goes on the gain node (past 1 if need be) and the volume keeps the rest.
    if (routed) stage?.setLevel(element, level);
    const volume = Math.min(1, Math.max(0, state.volume * (fadeGain.get(element) ?? 1) * sleepFade * (routed ? 1 : level)));
    if (element.volume !== volume) element.volume = volume;
    if (element.muted !== state.muted) element.muted = state.muted;
  }

  let unsubscribe: (() => void)[] = [];

  return {
    /** Points an element at a track's stream, at the chosen speed and the track's level. */
    load(element: HTMLAudioElement, track: Track, url: string) {
      loaded.set(element, track);
      stage?.beforeLoad(element, url);
      element.src = url;
      applySpeed(element);
      applyVolume(element);
    },
    /** Every element's volume and mute, from the store's state. */
    applyAll,
    /** Sets an element's crossfade gain (0–1). */
    setFade(element: HTMLAudioElement, gain: number) {
      fadeGain.set(element, gain);
      applyVolume(element);
    },
    /** Lets the gain stage start its AudioContext (called before each play, which follows a gesture). */
    activate: () => stage?.activate(),
    /** With the sleep timer at "end of track", the entry that follows is not switched to. */
    sleepsAtEnd: () => sound.getState().sleep.kind === 'endOfTrack',
    /** Turns the sleep timer off (after pausing at the end of the track). */
    sleepDone: () => sound.getState().setSleep(SLEEP_OFF),
    /** Follows the listener's preferences and sound settings from now on. */
    start() {
      // Normalization switched on or off: the elements' volumes follow at once (quality applies from the next load).
      const offPreferences = preferences.subscribe(() => applyAll());
      const applySound = () => {
        const settings = sound.getState();
        for (const deck of decks.all) applySpeed(deck);
        stage?.setEqualizer(effectiveEqGains(settings));
        sleepRunner.update(settings.sleep);
      };
      applySound();
      unsubscribe = [offPreferences, sound.subscribe(applySound)];
    },
    stop() {
      for (const off of unsubscribe) off();
      sleepRunner.stop();
      stage?.close();
    },
  };
}

export type AudioLevels = ReturnType<typeof createAudioLevels>;
