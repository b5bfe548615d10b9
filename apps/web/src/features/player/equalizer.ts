/**
 * The equalizer's tables and arithmetic: ten one-octave peaking bands, the presets, and the
 * preamp that keeps boosts from clipping. Pure; the graph is built in gain-stage.ts.
 */

/** Centre frequencies (Hz) of the equalizer's ten peaking bands, an octave apart. */
export const EQ_FREQUENCIES = [31, 62, 125, 250, 500, 1000, 2000, 4000, 8000, 16000] as const;
/** Each band is cut or boosted by at most this many dB. */
export const EQ_MAX_DB = 12;
/** Q of a one-octave peaking band. */
export const EQ_Q = 1.41;

export const EQ_PRESET_IDS = ['flat', 'bassBoost', 'trebleBoost', 'vocal', 'rock', 'electronic', 'acoustic', 'loudness', 'classical', 'jazz'] as const;
export type EqPresetId = (typeof EQ_PRESET_IDS)[number];
/** A preset, or `custom` once the listener moved a band by hand. */
export type EqMode = EqPresetId | 'custom';

/** Each preset's gain (dB) for each band of EQ_FREQUENCIES. */
export const EQ_PRESETS: Readonly<Record<EqPresetId, readonly number[]>> = {
  flat: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
  bassBoost: [6, 6, 5, 3, 1, 0, 0, 0, 0, 0],
  trebleBoost: [0, 0, 0, 0, 0, 1, 2, 4, 5, 6],
  vocal: [-2, -2, -1, 1, 3, 4, 3, 1, 0, -1],
  rock: [5, 4, 2, -1, -2, -1, 2, 3, 4, 4],
  electronic: [5, 4, 1, 0, -2, 1, 0, 1, 4, 5],
  acoustic: [4, 3, 2, 1, 1, 1, 2, 3, 2, 1],
  loudness: [6, 4, 0, -1, -2, -1, 0, 2, 5, 6],
  classical: [4, 3, 2, 1, -1, -1, 0, 2, 3, 4],
  jazz: [3, 2, 1, 2, -1, -1, 0, 1, 2, 3],
};

export function clampGain(db: unknown): number {
  if (typeof db !== 'number' || !Number.isFinite(db)) return 0;
  return Math.max(-EQ_MAX_DB, Math.min(EQ_MAX_DB, Math.round(db * 2) / 2));
}

export function isEqPreset(value: unknown): value is EqPresetId {
  return typeof value === 'string' && (EQ_PRESET_IDS as readonly string[]).includes(value);
}

/** The band gains the graph should play: all 0 dB (a transparent chain) while the equalizer is off. */
export function effectiveEqGains(sound: { eqEnabled: boolean; eqGains: readonly number[] }): number[] {
  return sound.eqEnabled ? sound.eqGains.map(clampGain) : EQ_FREQUENCIES.map(() => 0);
}

/**
 * The linear gain ahead of the bands: as much below 1 as the highest boost, so a boosted band
 * cannot push a full-scale track into clipping (the normalization's true-peak ceiling holds).
 */
export function eqPreamp(gains: readonly number[]): number {
  const boost = Math.max(0, ...gains);
  return 10 ** (-boost / 20);
}

