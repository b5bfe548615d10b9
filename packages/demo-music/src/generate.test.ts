import { WAVEFORM_BARS } from '@platter/shared/constants';
import { describe, expect, it } from 'vitest';
import { demoTrackSpecs, type DemoTrackSpec } from './catalogue.js';
import { encodeMp3 } from './encode.js';
import { generateDemoTracks } from './generate.js';
import { DEFAULT_SAMPLE_RATE } from './render-job.js';
import { renderTrack } from './synth.js';

/** Short copies of real specs of different genres, so the pool test stays fast. */
function shortSpecs(count: number): DemoTrackSpec[] {
  return demoTrackSpecs()
    .slice(0, count)
    .map((s) => ({ ...s, durationSec: 3 }));
}

describe('generateDemoTracks', () => {
  it('renders every spec on worker threads and hands each MP3 and its waveform peaks to onTrack', async () => {
    const specs = shortSpecs(3);
    const received = new Map<string, Uint8Array>();
    const waveforms = new Map<string, number[]>();
    const logs: string[] = [];
    let concurrent = 0;
    let maxConcurrent = 0;
    const result = await generateDemoTracks({
      specs,
      workers: 2,
      log: (m) => logs.push(m),
      onTrack: async (spec, mp3, peaks) => {
        concurrent++;
        maxConcurrent = Math.max(maxConcurrent, concurrent);
        await new Promise((r) => setTimeout(r, 10));
        received.set(spec.key, mp3);
        waveforms.set(spec.key, peaks);
        concurrent--;
      },
    });
    expect(result).toEqual({ generated: 3, failed: 0 });
    expect([...received.keys()].sort()).toEqual(specs.map((s) => s.key).sort());
    for (const mp3 of received.values()) {
      expect(mp3.length).toBeGreaterThan(10_000);
      expect(mp3[0]).toBe(0xff);
    }
    expect(maxConcurrent).toBe(1);
    for (const peaks of waveforms.values()) {
      expect(peaks).toHaveLength(WAVEFORM_BARS);
      expect(Math.max(...peaks)).toBe(1);
      expect(peaks.every((v) => v >= 0 && v <= 1)).toBe(true);
    }
    // Workers produce exactly what rendering in this thread produces.
    const local = await encodeMp3(renderTrack(specs[0]!, DEFAULT_SAMPLE_RATE), DEFAULT_SAMPLE_RATE);
    expect(Buffer.from(received.get(specs[0]!.key)!).equals(Buffer.from(local))).toBe(true);
    // No "rendering in the main thread" fallback: the workers really started from the TS sources.
    expect(logs).toEqual([]);
  });

  it('counts a failing track and carries on with the others', async () => {
    const specs = shortSpecs(3);
    const logs: string[] = [];
    const stored: string[] = [];
    const result = await generateDemoTracks({
      specs,
      workers: 1,
      log: (m) => logs.push(m),
      onTrack: async (spec) => {
        if (spec.key === specs[1]!.key) throw new Error('disk full');
        stored.push(spec.key);
      },
    });
    expect(result).toEqual({ generated: 2, failed: 1 });
    expect(stored).toEqual([specs[0]!.key, specs[2]!.key]);
    expect(logs.some((m) => m.includes(specs[1]!.key) && m.includes('disk full'))).toBe(true);
  });

  it('counts a track whose rendering fails in the worker', async () => {
    const [good, broken] = shortSpecs(2);
    const logs: string[] = [];
    const stored: string[] = [];
    const result = await generateDemoTracks({
      // An unknown genre makes the synth throw inside the worker.
      specs: [{ ...broken!, genre: 'Polka' as DemoTrackSpec['genre'] }, good!],
      workers: 1,
      log: (m) => logs.push(m),
      onTrack: async (spec) => {
        stored.push(spec.key);
      },
    });
    expect(result).toEqual({ generated: 1, failed: 1 });
    expect(stored).toEqual([good!.key]);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toContain(broken!.key);
    expect(logs[0]).toContain('No demo style for genre Polka');
  });

  it('stops when aborted', async () => {
    const specs = shortSpecs(4);
    const controller = new AbortController();
    const stored: string[] = [];
    const result = await generateDemoTracks({
      specs,
      workers: 1,
      signal: controller.signal,
      onTrack: async (spec) => {
        stored.push(spec.key);
        controller.abort();
      },
    });
    expect(stored).toEqual([specs[0]!.key]);
    expect(result).toEqual({ generated: 1, failed: 0 });
  });

  it('does nothing for an empty list', async () => {
    expect(await generateDemoTracks({ specs: [], onTrack: async () => undefined })).toEqual({ generated: 0, failed: 0 });
  });
});
