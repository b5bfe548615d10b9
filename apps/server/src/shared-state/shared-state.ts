import type { RateLimitPluginOptions } from '@fastify/rate-limit';
import type { EventBus } from '../events/event-bus.js';

/**
 * Short-lived state every instance must agree on: live events, rate-limit counters and
 * "seen recently" guards. Redis when REDIS_URL is set, in-process otherwise, chosen once by createSharedState
 * (create-shared-state.ts); the contract tests (shared-state.test.ts) run against both.
 */
export interface SharedState {
  readonly kind: 'in-process' | 'redis';
  events: EventBus;
  /**
   * True the first time `key` is seen within `ttlMs`, false on every later call inside that
   * window; atomic across instances on Redis (SET NX PX). The anonymous listen guard uses it.
   */
  firstSeen(key: string, ttlMs: number): Promise<boolean>;
  /**
   * Counts one more occurrence of `key` in a window of `windowMs` that opens at its first
   * occurrence, and says the count so far and when the window closes; atomic across instances on
   * Redis. With `peekCount` and `forgetCount`, what per-account sign-in backoff counts in.
   */
  addCount(key: string, windowMs: number): Promise<WindowCount>;
  /** `key`'s count in its open window (0 when none), without adding to it. */
  peekCount(key: string): Promise<WindowCount>;
  /** Closes `key`'s window. */
  forgetCount(key: string): Promise<void>;
  /**
   * Keeps `value` under `key` for `ttlMs`, replacing what was there (Redis SET PX), so another
   * instance can read it. Subsonic's full-sync paging keeps where each walk got to here.
   */
  putValue(key: string, value: string, ttlMs: number): Promise<void>;
  /** The value kept under `key`, undefined once it expired or when none was kept. */
  getValue(key: string): Promise<string | undefined>;
  /**
   * Where @fastify/rate-limit keeps its counters, as options for the plugin: in Redis on Redis (a
   * limit then holds across instances; should Redis fail, requests pass rather than answer 500),
   * the plugin's own memory in-process.
   */
  rateLimitStore(): RateLimitStoreOptions;
  /**
   * Calls `listener` when other instances' events may have been lost (the Redis subscription
   * dropped and came back); never in-process. Returns the unsubscribe.
   */
  onEventsMissed(listener: () => void): () => void;
  /** Resolves when the shared state answers (Redis PING); throws otherwise. For /api/ready. */
  check(): Promise<void>;
  close(): Promise<void>;
}

/** A count within its window: how many, and how long until the window closes (0 when none is open). */
export interface WindowCount {
  count: number;
  resetInMs: number;
}

/** The part of @fastify/rate-limit's options that says where it counts. */
export type RateLimitStoreOptions = Pick<RateLimitPluginOptions, 'redis' | 'nameSpace' | 'skipOnError'>;

export interface SharedStateOptions {
  /** Where connection failures are reported; they never throw out of the shared state. */
  log?: (message: string, error?: unknown) => void;
}
