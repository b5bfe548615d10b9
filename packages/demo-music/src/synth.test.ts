import { describe, expect, it } from 'vitest';
import { DEMO_GENRES, demoTrackSpecs, type DemoTrackSpec } from './catalogue.js';
import { renderTrack } from './synth.js';

const SAMPLE_RATE = 44100;

/** One catalogue spec per genre, shortened so the test stays fast. */
function shortSpecs(durationSec: number): DemoTrackSpec[] {
  const specs = demoTrackSpecs();
  return DEMO_GENRES.map((genre) => ({ ...specs.find((s) => s.genre === genre)!, durationSec }));
}

describe('renderTrack', () => {
  it('is deterministic: the same spec gives identical PCM', () => {
    const spec = shortSpecs(4)[0]!;
    const a = renderTrack(spec, SAMPLE_RATE);
    const b = renderTrack(spec, SAMPLE_RATE);
    expect(a.length).toBe(2);
    expect(Buffer.from(a[0]!.buffer).equals(Buffer.from(b[0]!.buffer))).toBe(true);
    expect(Buffer.from(a[1]!.buffer).equals(Buffer.from(b[1]!.buffer))).toBe(true);
  });

  it('gives different audio for different seeds', () => {
    const spec = shortSpecs(4)[0]!;
    const a = renderTrack(spec, SAMPLE_RATE)[0]!;
    const b = renderTrack({ ...spec, seed: spec.seed + 1 }, SAMPLE_RATE)[0]!;
    expect(Buffer.from(a.buffer).equals(Buffer.from(b.buffer))).toBe(false);
  });

  it.each(shortSpecs(5).map((s) => [s.genre, s] as const))('renders %s as normalised stereo of the right length', (_genre, spec) => {
    const channels = renderTrack(spec, SAMPLE_RATE);
    expect(channels).toHaveLength(2);
    let peak = 0;
    let energy = 0;
    let finite = true;
    for (const ch of channels) {
      expect(ch.length).toBe(spec.durationSec * SAMPLE_RATE);
      for (const x of ch) {
        finite &&= Number.isFinite(x);
        peak = Math.max(peak, Math.abs(x));
        energy += x * x;
      }
    }
    expect(finite).toBe(true);
    expect(peak).toBeLessThanOrEqual(1);
    expect(peak).toBeGreaterThan(0.5);
    expect(Math.sqrt(energy / (2 * spec.durationSec * SAMPLE_RATE))).toBeGreaterThan(0.03);
  });
});
