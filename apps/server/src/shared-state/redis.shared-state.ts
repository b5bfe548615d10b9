import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { type DomainEvents, type EventBus, InMemoryEventBus } from '../events/event-bus.js';
import type { RateLimitStoreOptions, SharedState, SharedStateOptions, WindowCount } from './shared-state.js';

export interface RedisSharedStateOptions extends SharedStateOptions {
  /** Prefixes every key and the events channel, so deployments (or test runs) sharing one Redis database never meet. */
  keyPrefix?: string;
  /** How long connect() waits for Redis (both connections, the events subscription) before starting anyway; it keeps retrying. */
  subscribeTimeoutMs?: number;
}

/** One message on the events channel: which instance raised it, and the event. */
interface WireEvent {
  from: string;
  type: keyof DomainEvents;
  payload: unknown;
}

const defaultLog = (message: string, error?: unknown) => console.warn(`platter: ${message}`, error ?? '');

/**
 * Shared state for N instances on one Redis: events over pub/sub, "seen" keys as SET NX PX.
 *
 * Events: each instance publishes on one channel through one connection and reads it through
 * another, so every instance receives another's events in the order they were raised there. The
 * instance that raises an event delivers it to its own listeners at once, synchronously, exactly
 * as the in-process bus does, and ignores the echo Redis sends back; the others deliver it when it
 * arrives. So a listener runs once per instance: work that must happen once in the whole
 * deployment (a database write, a job) does not belong in one, or must be idempotent (onceKey).
 */
export class RedisSharedState implements SharedState {
  readonly kind = 'redis' as const;
  readonly events: EventBus;
  /** Commands: publishing, "seen" keys, rate-limit counters, PING. */
  readonly redis: Redis;
  /** In subscriber mode; ioredis subscribes it again after a reconnect. */
  private readonly subscriber: Redis;
  /** This instance's id on the wire, so it recognises its own echo. */
  readonly instanceId = randomUUID();
  readonly keyPrefix: string;
  private readonly channel: string;
  private readonly local = new InMemoryEventBus();
  private readonly missedListeners = new Set<() => void>();
  private readonly log: (message: string, error?: unknown) => void;
  private closed = false;

  private constructor(url: string, options: RedisSharedStateOptions) {
    this.keyPrefix = options.keyPrefix ?? 'platter:';
    this.log = options.log ?? defaultLog;
    // A command while Redis is down fails after one reconnect attempt instead of waiting in a
    // queue (rate limits then let the request through: see rateLimitStore); reconnecting never stops.
    this.redis = new Redis(url, { connectTimeout: 2000, maxRetriesPerRequest: 1 });
    // The subscription waits for Redis however long it takes: a queued SUBSCRIBE never gives up.
    // Named, so an operator (or a test) can tell it apart in CLIENT LIST.
    this.subscriber = new Redis(url, { connectTimeout: 2000, maxRetriesPerRequest: null, connectionName: `platter-events-${this.instanceId}` });
    // Keys live in the URL's database, but pub/sub channels are server-wide: name the database in
    // the channel, so deployments on databases 0 and 1 of one Redis don't hear each other.
    this.channel = `${this.keyPrefix}db${this.redis.options.db ?? 0}:events`;
    this.watch(this.redis, 'Redis');
    this.watch(this.subscriber, 'Redis (live events subscription)');
    this.subscriber.on('message', (channel: string, message: string) => {
      if (channel === this.channel) this.receive(message);
    });
    // Pub/sub keeps nothing for a subscriber that was away: once ioredis has reconnected (and
    // subscribed again), say that events may have been missed, so live clients can refetch.
    let lost = false;
    this.subscriber.on('close', () => {
      lost = !this.closed;
    });
    this.subscriber.on('ready', () => {
      if (!lost) return;
      lost = false;
      for (const listener of this.missedListeners) listener();
    });
    this.events = {
      emit: (type, payload) => this.emit(type, payload),
      on: (type, listener) => this.local.on(type, listener),
    };
  }

  /**
   * Connects and subscribes to the events channel. A Redis that is down is logged and retried, not
   * fatal: after `subscribeTimeoutMs` the instance starts anyway and subscribes once Redis answers.
   * (Waiting matters: an instance that answered before subscribing would miss others' events.)
   */
  static async connect(url: string, options: RedisSharedStateOptions = {}): Promise<RedisSharedState> {
    const state = new RedisSharedState(url, options);
    const timeoutMs = options.subscribeTimeoutMs ?? 10_000;
    const commandsReady = state.redis.status === 'ready' ? Promise.resolve() : new Promise<void>((resolve) => state.redis.once('ready', () => resolve()));
    const subscribed = Promise.all([
      commandsReady,
      state.subscriber.subscribe(state.channel).catch((error: unknown) => state.log('Could not subscribe to live events', error)),
    ]).then(() => 'ready' as const);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), timeoutMs);
    });
    const outcome = await Promise.race([subscribed, timeout]);
    clearTimeout(timer);
    if (outcome === 'timeout') state.log(`Redis did not answer within ${timeoutMs} ms; starting anyway: live events of other instances arrive once it does`);
    return state;
  }

  /** Counters under `platter-rl:` on the commands connection; a failing Redis lets requests through. */
  rateLimitStore(): RateLimitStoreOptions {
    return { redis: this.redis, nameSpace: 'platter-rl:', skipOnError: true };
  }

  onEventsMissed(listener: () => void): () => void {
    this.missedListeners.add(listener);
    return () => this.missedListeners.delete(listener);
  }

  async firstSeen(key: string, ttlMs: number): Promise<boolean> {
    const set = await this.redis.set(`${this.keyPrefix}seen:${key}`, '1', 'PX', Math.max(1, Math.ceil(ttlMs)), 'NX');
    return set === 'OK';
  }

  async addCount(key: string, windowMs: number): Promise<WindowCount> {
    const name = `${this.keyPrefix}count:${key}`;
    // The window opens with the first occurrence (SET NX PX) and is not extended by later ones.
    const replies = await this.redis.multi().set(name, '0', 'PX', Math.max(1, Math.ceil(windowMs)), 'NX').incr(name).pttl(name).exec();
    const count = Number(replies?.[1]?.[1] ?? 0);
    const ttl = Number(replies?.[2]?.[1] ?? 0);
    return { count, resetInMs: Math.max(0, ttl) };
  }

  async peekCount(key: string): Promise<WindowCount> {
    const name = `${this.keyPrefix}count:${key}`;
    const replies = await this.redis.multi().get(name).pttl(name).exec();
    const count = Number(replies?.[0]?.[1] ?? 0);
    const ttl = Number(replies?.[1]?.[1] ?? 0);
    return ttl > 0 ? { count, resetInMs: ttl } : { count: 0, resetInMs: 0 };
  }

  async forgetCount(key: string): Promise<void> {
    await this.redis.del(`${this.keyPrefix}count:${key}`);
  }

  async putValue(key: string, value: string, ttlMs: number): Promise<void> {
    await this.redis.set(`${this.keyPrefix}value:${key}`, value, 'PX', Math.max(1, Math.ceil(ttlMs)));
  }

  async getValue(key: string): Promise<string | undefined> {
    return (await this.redis.get(`${this.keyPrefix}value:${key}`)) ?? undefined;
  }

  async check(timeoutMs = 1000): Promise<void> {
    if (this.closed) throw new Error('Redis: the shared state is closed');
    // Down (or closing): say so at once. Still connecting: the PING waits for it, within the timeout.
    if (['reconnecting', 'close', 'end'].includes(this.redis.status)) throw new Error(`Redis is not connected (${this.redis.status})`);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`Redis did not answer PING within ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      await Promise.race([this.redis.ping(), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all(
      [this.redis, this.subscriber].map(async (connection) => {
        // QUIT would wait in the offline queue of a connection that is down: drop those at once.
        if (connection.status !== 'ready') return connection.disconnect();
        try {
          await connection.quit();
        } catch {
          connection.disconnect();
        }
      }),
    );
  }

  private emit<K extends keyof DomainEvents>(type: K, payload: DomainEvents[K]): void {
    // Here first and synchronously, as in one process; then to the other instances.
    this.local.emit(type, payload);
    if (this.closed) return;
    const wire: WireEvent = { from: this.instanceId, type, payload };
    this.redis.publish(this.channel, JSON.stringify(wire)).catch((error: unknown) => this.log(`Could not publish the live event ${type}`, error));
  }

  private receive(message: string): void {
    let wire: WireEvent;
    try {
      wire = JSON.parse(message) as WireEvent;
    } catch (error) {
      this.log('Ignored a live event that is not JSON', error);
      return;
    }
    if (wire.from === this.instanceId) return;
    try {
      this.local.emit(wire.type, wire.payload as DomainEvents[typeof wire.type]);
    } catch (error) {
      this.log(`A listener of ${wire.type} failed`, error);
    }
  }

  /** Logs a connection going down once (not at every retry), and coming back. */
  private watch(connection: Redis, name: string): void {
    let down = false;
    connection.on('error', (error: unknown) => {
      if (down || this.closed) return;
      down = true;
      this.log(`${name} connection failed; reconnecting`, error);
    });
    connection.on('ready', () => {
      if (down) this.log(`${name} connection is back`);
      down = false;
    });
  }
}
