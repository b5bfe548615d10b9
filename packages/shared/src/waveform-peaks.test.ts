import { describe, expect, it } from 'vitest';
import { PeakAccumulator } from './waveform-peaks.js';

describe('PeakAccumulator', () => {
  it('keeps the loudest sample of each stretch, across channels and chunk boundaries, normalised to 1', () => {
    const acc = new PeakAccumulator();
    // 4 stretches of 2048 frames: loudness 0.1, 0.2, 0.4, 0.8 (the right channel carries the last one).
    const left = new Float32Array(8192);
    const right = new Float32Array(8192);
    for (let i = 0; i < 8192; i++) {
      const level = [0.1, 0.2, 0.4, 0.8][Math.floor(i / 2048)] ?? 0;
      left[i] = i >= 6144 ? 0 : level * Math.sin(i);
      right[i] = i >= 6144 ? -level : 0;
    }
    for (let at = 0; at < 8192; at += 1000) acc.push([left.subarray(at, at + 1000), right.subarray(at, at + 1000)]);
    expect(acc.frames).toBe(8192);
    const peaks = acc.result(4);
    expect(peaks).toHaveLength(4);
    expect(peaks[3]).toBe(1);
    expect(peaks[0]).toBeCloseTo(0.125, 2);
    expect(peaks[1]).toBeCloseTo(0.25, 2);
    expect(peaks[2]).toBeCloseTo(0.5, 2);
  });

  it('gives nothing for nothing, and zeros for silence', () => {
    expect(new PeakAccumulator().result(10)).toEqual([]);
    const silent = new PeakAccumulator();
    silent.push([new Float32Array(5000)]);
    expect(silent.result(3)).toEqual([0, 0, 0]);
  });
});
