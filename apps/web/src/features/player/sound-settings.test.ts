// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { clampGain, effectiveEqGains, EQ_FREQUENCIES, EQ_MAX_DB, EQ_PRESET_IDS, EQ_PRESETS, eqPreamp } from './equalizer';
import { clampSpeed, defaultSound, PLAYBACK_SPEEDS, restoreSound, SOUND_STORAGE_KEY, useSoundSettings } from './sound-settings';

describe('the equalizer tables', () => {
  it('ten bands an octave apart, from 31 Hz to 16 kHz', () => {
    expect(EQ_FREQUENCIES).toEqual([31, 62, 125, 250, 500, 1000, 2000, 4000, 8000, 16000]);
  });

  it('every preset has a gain per band within ±12 dB; flat is all 0; each boost boosts its own end', () => {
    for (const id of EQ_PRESET_IDS) {
      expect(EQ_PRESETS[id]).toHaveLength(EQ_FREQUENCIES.length);
      for (const db of EQ_PRESETS[id]) expect(Math.abs(db)).toBeLessThanOrEqual(EQ_MAX_DB);
    }
    expect(EQ_PRESETS.flat.every((db) => db === 0)).toBe(true);
    const low = (id: 'bassBoost' | 'trebleBoost') => EQ_PRESETS[id].slice(0, 3).reduce((a, b) => a + b, 0);
    const high = (id: 'bassBoost' | 'trebleBoost') => EQ_PRESETS[id].slice(7).reduce((a, b) => a + b, 0);
    expect(low('bassBoost')).toBeGreaterThan(high('bassBoost'));
    expect(high('trebleBoost')).toBeGreaterThan(low('trebleBoost'));
    // All presets differ.
    expect(new Set(EQ_PRESET_IDS.map((id) => EQ_PRESETS[id].join())).size).toBe(EQ_PRESET_IDS.length);
  });

  it('clamps a band to ±12 dB in half-dB steps; off plays flat; the preamp takes away the highest boost', () => {
    expect(clampGain(20)).toBe(12);
    expect(clampGain(-13)).toBe(-12);
    expect(clampGain(2.3)).toBe(2.5);
    expect(clampGain('x')).toBe(0);
    expect(effectiveEqGains({ eqEnabled: false, eqGains: [...EQ_PRESETS.rock] })).toEqual(EQ_FREQUENCIES.map(() => 0));
    expect(effectiveEqGains({ eqEnabled: true, eqGains: [...EQ_PRESETS.rock] })).toEqual([...EQ_PRESETS.rock]);
    expect(eqPreamp(EQ_PRESETS.flat)).toBe(1);
    expect(eqPreamp([-3, -3])).toBe(1);
    expect(eqPreamp(EQ_PRESETS.bassBoost)).toBeCloseTo(10 ** (-6 / 20), 9);
  });
});

describe('the sound settings', () => {
  beforeEach(() => {
    localStorage.clear();
    useSoundSettings.setState({ ...defaultSound, eqGains: [...defaultSound.eqGains] });
  });

  it('a speed snaps to an offered one (0.5–2×)', () => {
    expect(PLAYBACK_SPEEDS).toEqual([0.5, 0.75, 1, 1.25, 1.5, 1.75, 2]);
    expect(clampSpeed(1.3)).toBe(1.25);
    expect(clampSpeed(5)).toBe(2);
    expect(clampSpeed(0.1)).toBe(0.5);
    expect(clampSpeed(Number.NaN)).toBe(1);
    expect(clampSpeed('2')).toBe(1);
  });

  it('reads back what was stored; anything malformed falls back, field by field', () => {
    expect(restoreSound(null)).toEqual(defaultSound);
    expect(restoreSound({ speed: 1.5, eqEnabled: true, eqMode: 'rock', eqGains: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0] })).toEqual({
      speed: 1.5,
      eqEnabled: true,
      eqMode: 'rock',
      eqGains: [...EQ_PRESETS.rock],
    });
    const custom = [1, 2, 3, 4, 5, 6, 7, 8, 9, 40];
    expect(restoreSound({ eqMode: 'custom', eqGains: custom }).eqGains).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 12]);
    expect(restoreSound({ eqMode: 'custom', eqGains: [1, 2] })).toMatchObject({ eqMode: 'flat', eqGains: [...EQ_PRESETS.flat] });
    expect(restoreSound({ speed: 'fast', eqEnabled: 'yes', eqMode: 'disco' })).toEqual(defaultSound);
  });

  it('remembers speed and equalizer in this browser, not the sleep timer nor the panel', async () => {
    const settings = useSoundSettings.getState();
    settings.setSpeed(1.75);
    settings.setEqPreset('vocal');
    settings.setEqEnabled(true);
    settings.setEqBand(0, 4);
    settings.setSleep({ kind: 'endOfTrack' });
    settings.setPanelOpen(true);
    const stored = JSON.parse(localStorage.getItem(SOUND_STORAGE_KEY) ?? '{}') as { state: Record<string, unknown> };
    expect(stored.state).toEqual({ speed: 1.75, eqEnabled: true, eqMode: 'custom', eqGains: [4, ...EQ_PRESETS.vocal.slice(1)] });
    // The next visit: the store starts from the defaults and reads back what this one stored.
    const raw = localStorage.getItem(SOUND_STORAGE_KEY) ?? '';
    useSoundSettings.setState({ ...defaultSound });
    localStorage.setItem(SOUND_STORAGE_KEY, raw);
    await useSoundSettings.persist.rehydrate();
    expect(useSoundSettings.getState()).toMatchObject({ speed: 1.75, eqEnabled: true, eqMode: 'custom', eqGains: [4, ...EQ_PRESETS.vocal.slice(1)] });
  });
});
