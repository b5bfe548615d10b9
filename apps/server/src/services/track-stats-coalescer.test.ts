import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type TrackStats, TrackStatsCoalescer } from './track-stats-coalescer.js';

describe('TrackStatsCoalescer', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const setup = (intervalMs = 1000) => {
    const sent: TrackStats[] = [];
    return { sent, stats: new TrackStatsCoalescer((s) => sent.push(s), intervalMs) };
  };

  it('sends each track once per interval with its latest counters', () => {
    const { sent, stats } = setup();
    for (let listens = 1; listens <= 50; listens++) stats.add({ trackId: 't1', likes: 0, listens });
    stats.add({ trackId: 't2', likes: 3, listens: 7 });
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(999);
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual([
      { trackId: 't1', likes: 0, listens: 50 },
      { trackId: 't2', likes: 3, listens: 7 },
    ]);
    // Counted again just after the flush: the next one waits a whole interval.
    stats.add({ trackId: 't1', likes: 0, listens: 51 });
    vi.advanceTimersByTime(999);
    expect(sent).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sent.at(-1)).toEqual({ trackId: 't1', likes: 0, listens: 51 });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('sends a like at once, and drops the older listens counters waiting for that track', () => {
    const { sent, stats } = setup();
    stats.add({ trackId: 't1', likes: 0, listens: 4 });
    stats.now({ trackId: 't1', likes: 1, listens: 4 });
    expect(sent).toEqual([{ trackId: 't1', likes: 1, listens: 4 }]);
    vi.advanceTimersByTime(1000);
    expect(sent).toEqual([{ trackId: 't1', likes: 1, listens: 4 }]);
  });

  it('loses nothing at close: what waits goes out, the timer is cleared, later counters go at once', () => {
    const { sent, stats } = setup();
    stats.add({ trackId: 't1', likes: 0, listens: 1 });
    stats.add({ trackId: 't2', likes: 0, listens: 2 });
    expect(vi.getTimerCount()).toBe(1);
    stats.close();
    expect(sent.map((s) => s.trackId)).toEqual(['t1', 't2']);
    expect(vi.getTimerCount()).toBe(0);
    stats.add({ trackId: 't3', likes: 0, listens: 3 });
    expect(sent.map((s) => s.trackId)).toEqual(['t1', 't2', 't3']);
    expect(stats.size).toBe(0);
  });

  it('keeps no process alive for its timer', () => {
    vi.useRealTimers();
    const { stats } = setup(60_000);
    const unref = vi.spyOn(globalThis, 'setTimeout');
    try {
      stats.add({ trackId: 't1', likes: 0, listens: 1 });
      const timer = unref.mock.results[0]?.value as NodeJS.Timeout;
      expect(timer.hasRef()).toBe(false);
    } finally {
      unref.mockRestore();
      stats.close();
    }
  });
});
