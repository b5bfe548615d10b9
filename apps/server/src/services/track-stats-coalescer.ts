import type { DomainEvents } from '../events/event-bus.js';

export type TrackStats = DomainEvents['track.stats'];

/** How often the counted listens' `track.stats` go out: at most one per track per this. */
export const LISTEN_STATS_INTERVAL_MS = 1000;

/**
 * Coalesces the `track.stats` of counted listens on this instance: every batch of listens used to
 * send one per track it counted, to every open stream of every instance. Here the latest counters
 * of each track wait, and go out together at most once per interval (one timer, armed by the first
 * counters after a flush, unref'd so it never holds the process open). A like's counters go at
 * once (`now`), and replace the ones waiting for that track, which they are newer than.
 */
export class TrackStatsCoalescer {
  private readonly pending = new Map<string, TrackStats>();
  private timer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly emit: (stats: TrackStats) => void,
    private readonly intervalMs = LISTEN_STATS_INTERVAL_MS,
  ) {}

  /** A track's counters after counted listens: sent with the next flush, the latest counters winning. */
  add(stats: TrackStats): void {
    if (this.closed) {
      this.emit(stats);
      return;
    }
    this.pending.set(stats.trackId, stats);
    if (this.timer) return;
    this.timer = setTimeout(() => this.flush(), this.intervalMs);
    this.timer.unref();
  }

  /** A track's counters sent at once (a like: its fan-out is what users wait for). */
  now(stats: TrackStats): void {
    this.pending.delete(stats.trackId);
    this.emit(stats);
  }

  /** Sends everything waiting. */
  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const waiting = [...this.pending.values()];
    this.pending.clear();
    for (const stats of waiting) this.emit(stats);
  }

  /** Sends what waits and stops the timer; counters added afterwards go out at once. */
  close(): void {
    this.closed = true;
    this.flush();
  }

  /** Tracks whose counters wait for the next flush. */
  get size(): number {
    return this.pending.size;
  }
}
