import net from 'node:net';
import type { Track } from '@platter/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testKeyPrefix, testRedisUrl } from '../../test/support/redis.js';
import type { DomainEvents } from '../events/event-bus.js';
import { InProcessSharedState } from './in-process.shared-state.js';
import { RedisSharedState } from './redis.shared-state.js';

const redisUrl = testRedisUrl('the Redis shared-state suite');

/** Resolves once `done()` holds; fails after `timeoutMs` saying what it waited for. */
async function until(what: string, done: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

type Received = { type: keyof DomainEvents; payload: unknown };

/** Every event of `types` the state's listeners receive, in order. */
function record(state: RedisSharedState, types: Array<keyof DomainEvents>): Received[] {
  const received: Received[] = [];
  for (const type of types) state.events.on(type, (payload) => received.push({ type, payload }));
  return received;
}

const track: Track = {
  id: 'trk_1',
  title: 'Город огней — "Night" \\ 🎧',
  genre: 'Phonk',
  artist: 'Ночная Смена',
  artistId: 'usr_1',
  url: '/media/tracks/trk_1.mp3',
  duration: null,
  likes: 0,
  listens: 3,
  createdAt: '2026-11-24T19:00:00.000Z',
  image: null,
  waveform: 'pending',
  hidden: false,
};

describe.skipIf(!redisUrl)('RedisSharedState on a real Redis', () => {
  const prefix = testKeyPrefix();
  let one: RedisSharedState;
  let two: RedisSharedState;

  beforeAll(async () => {
    one = await RedisSharedState.connect(redisUrl as string, { keyPrefix: prefix });
    two = await RedisSharedState.connect(redisUrl as string, { keyPrefix: prefix });
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
  });

  /** An event `from` raises that `to` has received once this resolves: everything `from` published before it has arrived too. */
  async function barrier(from: RedisSharedState, to: RedisSharedState): Promise<void> {
    const marker = `barrier-${Math.random()}`;
    let seen = false;
    const off = to.events.on('track.updated', ({ trackId }) => {
      if (trackId === marker) seen = true;
    });
    from.events.emit('track.updated', { trackId: marker });
    await until('the barrier event', () => seen);
    off();
  }

  it('delivers an event to every instance: at once and exactly once where it was raised, in order with its payload intact elsewhere', async () => {
    const types: Array<keyof DomainEvents> = ['track.created', 'track.stats', 'likes.changed', 'reports.changed'];
    const here = record(one, types);
    const there = record(two, types);
    const sent: Received[] = [
      { type: 'track.created', payload: { track } },
      { type: 'track.stats', payload: { trackId: track.id, likes: 1, listens: 4 } },
      { type: 'likes.changed', payload: { userId: 'usr_2', trackId: track.id } },
      { type: 'reports.changed', payload: {} },
    ];
    for (const { type, payload } of sent) one.events.emit(type, payload as never);
    // Synchronously, before any I/O: as the in-process bus does.
    expect(here).toEqual(sent);

    await until('the four events on instance two', () => there.length >= sent.length);
    expect(there).toEqual(sent);
    // Once instance one has heard instance two's later event, its own echo has come back to it too: ignored.
    await barrier(two, one);
    expect(here).toEqual(sent);
    expect(there).toEqual(sent);
  });

  it('keeps the order of a burst of events raised on one instance', async () => {
    const there: number[] = [];
    const off = two.events.on('track.stats', ({ trackId, listens }) => {
      if (trackId === 'burst') there.push(listens);
    });
    const count = 500;
    for (let i = 0; i < count; i++) one.events.emit('track.stats', { trackId: 'burst', likes: 0, listens: i });
    await until(`${count} events on instance two`, () => there.length >= count);
    off();
    expect(there).toEqual(Array.from({ length: count }, (_, i) => i));
  });

  it('delivers events raised on either instance to listeners on both', async () => {
    const onOne: string[] = [];
    const onTwo: string[] = [];
    const offs = [one.events.on('track.removed', ({ trackId }) => onOne.push(trackId)), two.events.on('track.removed', ({ trackId }) => onTwo.push(trackId))];
    one.events.emit('track.removed', { trackId: 'from-one' });
    two.events.emit('track.removed', { trackId: 'from-two' });
    await until('both events on both instances', () => onOne.length >= 2 && onTwo.length >= 2);
    await barrier(one, two);
    await barrier(two, one);
    for (const off of offs) off();
    expect(onOne.sort()).toEqual(['from-one', 'from-two']);
    expect(onTwo.sort()).toEqual(['from-one', 'from-two']);
  });

  it('stops delivering to a listener once it unsubscribes, and only to it', async () => {
    const kept: string[] = [];
    const dropped: string[] = [];
    const offKept = two.events.on('profile.updated', ({ profileId }) => kept.push(profileId));
    const offDropped = two.events.on('profile.updated', ({ profileId }) => dropped.push(profileId));
    one.events.emit('profile.updated', { profileId: 'before' });
    await until('the first event', () => dropped.length === 1);
    offDropped();
    one.events.emit('profile.updated', { profileId: 'after' });
    await until('the second event', () => kept.length === 2);
    offKept();
    expect(kept).toEqual(['before', 'after']);
    expect(dropped).toEqual(['before']);
  });

  it('never meets a deployment with another key prefix on the same Redis', async () => {
    const other = await RedisSharedState.connect(redisUrl as string, { keyPrefix: testKeyPrefix() });
    try {
      const strays: string[] = [];
      other.events.on('track.updated', ({ trackId }) => strays.push(trackId));
      one.events.emit('track.updated', { trackId: 'not-for-other' });
      await barrier(one, two);
      // `other` subscribed before the emit and the barrier went through Redis after it.
      await barrier(other, other);
      expect(strays.filter((id) => id === 'not-for-other')).toEqual([]);
      const key = `isolated-${Math.random()}`;
      expect(await one.firstSeen(key, 60_000)).toBe(true);
      expect(await other.firstSeen(key, 60_000)).toBe(true);
    } finally {
      await other.close();
    }
  });

  it('never meets a deployment on another database of the same Redis, though pub/sub channels are server-wide', async () => {
    const url = new URL(redisUrl as string);
    const database = Number(url.pathname.slice(1) || '0');
    url.pathname = `/${database === 15 ? 14 : 15}`;
    const other = await RedisSharedState.connect(url.toString(), { keyPrefix: prefix });
    try {
      const strays: string[] = [];
      other.events.on('track.updated', ({ trackId }) => strays.push(trackId));
      one.events.emit('track.updated', { trackId: 'not-for-other' });
      await barrier(one, two);
      await barrier(other, other);
      expect(strays.filter((id) => id === 'not-for-other')).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it('answers firstSeen true exactly once for 50 simultaneous calls from two instances', async () => {
    const key = `listen:10.0.0.1:${Math.random()}`;
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => (i % 2 === 0 ? one : two).firstSeen(key, 60_000)));
    expect(answers.filter(Boolean)).toHaveLength(1);
    expect(await one.firstSeen(key, 60_000)).toBe(false);
  });

  it('forgets a firstSeen key when its window ends, and not before', async () => {
    const key = `expiring-${Math.random()}`;
    expect(await one.firstSeen(key, 300)).toBe(true);
    expect(await two.firstSeen(key, 300)).toBe(false);
    const ttl = await one.redis.pttl(`${prefix}seen:${key}`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(300);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await two.firstSeen(key, 300)).toBe(true);
  });

  it('counts a key across instances in one window opened by its first occurrence, atomically, until forgotten or expired', async () => {
    const key = `count-${Math.random()}`;
    expect(await one.peekCount(key)).toEqual({ count: 0, resetInMs: 0 });
    const counts = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? one : two).addCount(key, 400)));
    expect(counts.map((c) => c.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    const peeked = await two.peekCount(key);
    expect(peeked.count).toBe(20);
    expect(peeked.resetInMs).toBeGreaterThan(0);
    expect(peeked.resetInMs).toBeLessThanOrEqual(400);
    await one.forgetCount(key);
    expect((await two.peekCount(key)).count).toBe(0);
    await one.addCount(key, 200);
    await new Promise((resolve) => setTimeout(resolve, 260));
    expect((await two.peekCount(key)).count).toBe(0);
    expect((await two.addCount(key, 200)).count).toBe(1);
  });

  it('keeps a value for every instance until it is replaced or expires', async () => {
    const key = `value-${Math.random()}`;
    expect(await two.getValue(key)).toBeUndefined();
    await one.putValue(key, 'first', 60_000);
    expect(await two.getValue(key)).toBe('first');
    await two.putValue(key, 'second', 200);
    expect(await one.getValue(key)).toBe('second');
    await new Promise((resolve) => setTimeout(resolve, 260));
    expect(await one.getValue(key)).toBeUndefined();
  });

  it('answers check() while connected and refuses it once closed', async () => {
    const state = await RedisSharedState.connect(redisUrl as string, { keyPrefix: prefix });
    await expect(state.check()).resolves.toBeUndefined();
    await state.close();
    await expect(state.check()).rejects.toThrow(/closed/);
  });
});

describe('RedisSharedState without a Redis to talk to', () => {
  it('starts, keeps local events working, reports the failure from check() and firstSeen, and closes, without crashing', async () => {
    // A port nobody listens on.
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    await new Promise((resolve) => server.close(resolve));

    const logged: string[] = [];
    const state = await RedisSharedState.connect(`redis://127.0.0.1:${port}`, { subscribeTimeoutMs: 200, log: (message) => logged.push(message) });
    const received: string[] = [];
    state.events.on('track.updated', ({ trackId }) => received.push(trackId));
    state.events.emit('track.updated', { trackId: 'local' });
    expect(received).toEqual(['local']);
    await expect(state.check()).rejects.toThrow();
    await expect(state.firstSeen('k', 1000)).rejects.toThrow();
    await state.close();
    expect(logged.some((m) => /connection failed/.test(m))).toBe(true);
  });
});

describe('InProcessSharedState', () => {
  it('counts a key in one window opened by its first occurrence, until forgotten or expired', async () => {
    const state = new InProcessSharedState();
    expect(await state.peekCount('k')).toEqual({ count: 0, resetInMs: 0 });
    expect((await state.addCount('k', 200)).count).toBe(1);
    expect((await state.addCount('k', 10_000)).count).toBe(2);
    const peeked = await state.peekCount('k');
    expect(peeked.count).toBe(2);
    expect(peeked.resetInMs).toBeLessThanOrEqual(200);
    await new Promise((resolve) => setTimeout(resolve, 230));
    expect((await state.peekCount('k')).count).toBe(0);
    expect((await state.addCount('k', 200)).count).toBe(1);
    await state.forgetCount('k');
    expect((await state.peekCount('k')).count).toBe(0);
  });

  it('keeps a value until it is replaced or expires', async () => {
    vi.useFakeTimers();
    try {
      const state = new InProcessSharedState();
      expect(await state.getValue('k')).toBeUndefined();
      await state.putValue('k', 'first', 1000);
      await state.putValue('k', 'second', 1000);
      expect(await state.getValue('k')).toBe('second');
      vi.advanceTimersByTime(1001);
      expect(await state.getValue('k')).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });

  it('answers firstSeen true once per window', async () => {
    const state = new InProcessSharedState();
    const answers = await Promise.all(Array.from({ length: 50 }, () => state.firstSeen('k', 60_000)));
    expect(answers.filter(Boolean)).toHaveLength(1);
    expect(await state.firstSeen('k', 60_000)).toBe(false);
    expect(await state.firstSeen('other', 60_000)).toBe(true);
  });

  it('keeps every live key past 10,000 of them, and forgets expired ones once the map has doubled', async () => {
    vi.useFakeTimers({ now: 0 });
    try {
      const state = new InProcessSharedState();
      for (let i = 0; i < 30_000; i++) expect(await state.firstSeen(`live-${i}`, 1000)).toBe(true);
      expect(await state.firstSeen('live-0', 1000), 'still inside its window').toBe(false);
      vi.setSystemTime(2000);
      expect(await state.firstSeen('live-0', 1000), 'its window is over').toBe(true);
      // 30,000 keys, of which only live-0 is live: they go at the next sweep, within 10,000 new keys.
      let added = 0;
      while (state.size >= 30_000 && added < 20_000) await state.firstSeen(`later-${added++}`, 1000);
      expect(added).toBeLessThanOrEqual(10_001);
      expect(state.size, 'the expired keys were swept, the live ones kept').toBe(added + 1);
    } finally {
      vi.useRealTimers();
    }
  });
});
