import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { clampGain, EQ_FREQUENCIES, EQ_PRESETS, isEqPreset, type EqMode, type EqPresetId } from './equalizer';
import { SLEEP_OFF, type SleepState } from './sleep-timer';

/**
 * The listener's sound choices (playback speed and the equalizer), remembered in this browser,
 * plus what is only for now: the sleep timer, whether the equalizer can work on this media, and
 * whether the Sound panel is open. The audio adapter applies them to both `<audio>` elements and
 * to the Web Audio graph (gain-stage.ts), so gapless playback and crossfade go on unchanged.
 */

/** Playback speeds offered (pitch is preserved at every one). */
export const PLAYBACK_SPEEDS = [0.5, 0.75, 1, 1.25, 1.5, 1.75, 2] as const;
export const DEFAULT_SPEED = 1;

/** Whether the equalizer can act: `pending` until the first play routes the media through Web Audio. */
export type EqStatus = 'pending' | 'active' | 'unavailable';

export interface StoredSound {
  speed: number;
  eqEnabled: boolean;
  eqMode: EqMode;
  /** The gains the equalizer plays (a preset's, or the listener's own in `custom`), dB. */
  eqGains: number[];
}

export interface SoundSettings extends StoredSound {
  eqStatus: EqStatus;
  sleep: SleepState;
  panelOpen: boolean;
  setSpeed(speed: number): void;
  setEqEnabled(enabled: boolean): void;
  /** Picks a preset: its gains replace the bands'. */
  setEqPreset(preset: EqPresetId): void;
  /** Moves one band (clamped to ±EQ_MAX_DB); the equalizer becomes `custom`. */
  setEqBand(index: number, db: number): void;
  setEqStatus(status: EqStatus): void;
  setSleep(sleep: SleepState): void;
  setPanelOpen(open: boolean): void;
}

export const SOUND_STORAGE_KEY = 'platter-sound';

export const defaultSound: StoredSound = { speed: DEFAULT_SPEED, eqEnabled: false, eqMode: 'flat', eqGains: [...EQ_PRESETS.flat] };

/** The nearest offered speed; 1 for anything that is not a finite number. */
export function clampSpeed(speed: unknown): number {
  if (typeof speed !== 'number' || !Number.isFinite(speed)) return DEFAULT_SPEED;
  return PLAYBACK_SPEEDS.reduce((best, candidate) => (Math.abs(candidate - speed) < Math.abs(best - speed) ? candidate : best));
}

/** Reads back what localStorage held; anything malformed falls back to the defaults, field by field. */
export function restoreSound(raw: unknown): StoredSound {
  const value = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  const eqMode: EqMode = isEqPreset(value.eqMode) || value.eqMode === 'custom' ? value.eqMode : defaultSound.eqMode;
  const stored = Array.isArray(value.eqGains) && value.eqGains.length === EQ_FREQUENCIES.length ? value.eqGains.map(clampGain) : null;
  // A preset plays its own gains, whatever was stored beside it; custom needs its stored gains.
  const eqGains = eqMode === 'custom' ? (stored ?? [...EQ_PRESETS.flat]) : [...EQ_PRESETS[eqMode]];
  return {
    speed: clampSpeed(value.speed),
    eqEnabled: value.eqEnabled === true,
    eqMode: eqMode === 'custom' && !stored ? 'flat' : eqMode,
    eqGains,
  };
}

export const useSoundSettings = create<SoundSettings>()(
  persist(
    (set) => ({
      ...defaultSound,
      eqStatus: 'pending',
      sleep: SLEEP_OFF,
      panelOpen: false,
      setSpeed: (speed) => set({ speed: clampSpeed(speed) }),
      setEqEnabled: (eqEnabled) => set({ eqEnabled }),
      setEqPreset: (preset) => set({ eqMode: preset, eqGains: [...EQ_PRESETS[preset]] }),
      setEqBand: (index, db) =>
        set((state) =>
          index >= 0 && index < EQ_FREQUENCIES.length ? { eqMode: 'custom', eqGains: state.eqGains.with(index, clampGain(db)) } : state,
        ),
      setEqStatus: (eqStatus) => set({ eqStatus }),
      setSleep: (sleep) => set({ sleep }),
      setPanelOpen: (panelOpen) => set({ panelOpen }),
    }),
    {
      name: SOUND_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ speed, eqEnabled, eqMode, eqGains }): StoredSound => ({ speed, eqEnabled, eqMode, eqGains }),
      merge: (persisted, current) => ({ ...current, ...restoreSound(persisted) }),
    },
  ),
);
