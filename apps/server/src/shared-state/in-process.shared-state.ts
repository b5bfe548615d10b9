import { InMemoryEventBus } from '../events/event-bus.js';
import type { RateLimitStoreOptions, SharedState, WindowCount } from './shared-state.js';

/** One process: the events in memory, "seen" keys in a map that forgets them when they expire. */
export class InProcessSharedState implements SharedState {
  readonly kind = 'in-process' as const;
  readonly events = new InMemoryEventBus();
  private readonly seen = new Map<string, number>();
  /** The map's size at which expired keys are next forgotten. */
  private sweepAt = 10_000;
  private readonly counts = new Map<string, { count: number; until: number }>();
  private countsSweepAt = 10_000;
  private readonly values = new Map<string, { value: string; until: number }>();
  private valuesSweepAt = 10_000;

  /** @fastify/rate-limit's own in-memory store. */
  rateLimitStore(): RateLimitStoreOptions {
    return {};
  }

  async firstSeen(key: string, ttlMs: number): Promise<boolean> {
    const now = Date.now();
    const until = this.seen.get(key);
    if (until !== undefined && until > now) return false;
    // Forget expired keys when the map has doubled since the last sweep: the map stays within twice
    // the live keys, and a sweep's cost is spread over as many calls as it visits keys (sweeping
    // at every call past a fixed size cost a walk of the whole window per anonymous listen).
    if (this.seen.size >= this.sweepAt) {
      for (const [k, u] of this.seen) if (u <= now) this.seen.delete(k);
      this.sweepAt = Math.max(10_000, this.seen.size * 2);
    }
    this.seen.set(key, now + ttlMs);
    return true;
  }

  async addCount(key: string, windowMs: number): Promise<WindowCount> {
    const now = Date.now();
    let entry = this.counts.get(key);
    if (!entry || entry.until <= now) {
      if (this.counts.size >= this.countsSweepAt) {
        for (const [k, e] of this.counts) if (e.until <= now) this.counts.delete(k);
        this.countsSweepAt = Math.max(10_000, this.counts.size * 2);
      }
      entry = { count: 0, until: now + windowMs };
      this.counts.set(key, entry);
    }
    entry.count++;
    return { count: entry.count, resetInMs: entry.until - now };
  }

  async peekCount(key: string): Promise<WindowCount> {
    const now = Date.now();
    const entry = this.counts.get(key);
    return entry && entry.until > now ? { count: entry.count, resetInMs: entry.until - now } : { count: 0, resetInMs: 0 };
  }

  async forgetCount(key: string): Promise<void> {
    this.counts.delete(key);
  }

  async putValue(key: string, value: string, ttlMs: number): Promise<void> {
    const now = Date.now();
    if (this.values.size >= this.valuesSweepAt) {
      for (const [k, e] of this.values) if (e.until <= now) this.values.delete(k);
      this.valuesSweepAt = Math.max(10_000, this.values.size * 2);
    }
    this.values.set(key, { value, until: now + ttlMs });
  }

  async getValue(key: string): Promise<string | undefined> {
    const entry = this.values.get(key);
    return entry && entry.until > Date.now() ? entry.value : undefined;
  }

  /** Keys remembered, expired ones included until the next sweep. */
  get size(): number {
    return this.seen.size;
  }

  /** One process misses none of its own events. */
  onEventsMissed(): () => void {
    return () => undefined;
  }

  async check(): Promise<void> {}

  async close(): Promise<void> {
    this.seen.clear();
    this.counts.clear();
    this.values.clear();
  }
}
