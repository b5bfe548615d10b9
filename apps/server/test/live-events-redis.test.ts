import type { LiveEvent } from '@platter/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../src/context.js';
import type { RedisSharedState } from '../src/shared-state/redis.shared-state.js';
import { Redis } from 'ioredis';
import { Client } from './support/http-client.js';
import { testRedisUrl } from './support/redis.js';
import { openEventStream } from './support/sse.js';
import { type TestApp, dialect, startTestApp } from './support/test-app.js';

const redisUrl = testRedisUrl('the Redis live-events suite');

async function insertTrack(context: AppContext, id: string, artistId: string): Promise<void> {
  await context.database.db
    .insertInto('tracks')
    .values({ id, title: 'Shared', genre: 'Other', artist_id: artistId, storage_key: `tracks/${id}.mp3`, content_type: 'audio/mpeg', size_bytes: 1000, duration: null, search_text: 'shared', created_at: new Date().toISOString() })
    .execute();
}

const newTrackId = () => `t${Math.random().toString(36).slice(2, 12)}`;
const statsOf = (trackId: string, likes?: number) => (e: LiveEvent) => e.type === 'track.stats' && e.trackId === trackId && (likes === undefined || e.likes === likes);

describe.skipIf(!redisUrl)(`live events across two instances sharing Redis (${dialect})`, () => {
  let one: TestApp;
  let two: TestApp;
  let fanOnOne: Client;
  let fanOnTwo: Client;
  /** In both databases, standing for one shared catalogue. */
  const shared = newTrackId();
  /** Only in instance two's database. */
  const local = newTrackId();

  beforeAll(async () => {
    const env = { REDIS_URL: redisUrl as string };
    [one, two] = await Promise.all([startTestApp(env), startTestApp(env)]);
    for (const t of [one, two]) await insertTrack(t.context, shared, (await new Client(t.baseUrl).signUp('Artist')).id);
    await insertTrack(two.context, local, (await new Client(two.baseUrl).signUp('Local Artist')).id);
    fanOnOne = new Client(one.baseUrl);
    await fanOnOne.signUp('Fan One');
    fanOnTwo = new Client(two.baseUrl);
    await fanOnTwo.signUp('Fan Two');
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
  });

  it('sends a like made on instance 1 to streams on both instances, once each', async () => {
    const [streamOne, streamTwo] = await Promise.all([openEventStream(one.baseUrl), openEventStream(two.baseUrl)]);
    try {
      expect((await fanOnOne.json('PUT', `/api/tracks/${shared}/like`)).status).toBe(200);
      await streamOne.waitFor(statsOf(shared, 1));
      await streamTwo.waitFor(statsOf(shared, 1));
      // An event instance 2 raises now reaches instance 1 after the echo of the like: once it has
      // arrived, a duplicate of the like on instance 1 would have too.
      expect((await fanOnTwo.json('PUT', `/api/tracks/${local}/like`)).status).toBe(200);
      await streamOne.waitFor(statsOf(local, 1));
      await streamTwo.waitFor(statsOf(local, 1));
      expect(streamOne.events.filter(statsOf(shared))).toHaveLength(1);
      expect(streamTwo.events.filter(statsOf(shared))).toHaveLength(1);
      expect(streamOne.events.filter(statsOf(local))).toHaveLength(1);
    } finally {
      await Promise.all([streamOne.close(), streamTwo.close()]);
    }
  });

  it('ends the streams of an instance whose Redis subscription dropped, once it is back, so browsers refetch; other instances keep theirs', async () => {
    const [onOne, onTwo] = await Promise.all([openEventStream(one.baseUrl), openEventStream(two.baseUrl)]);
    const admin = new Redis(redisUrl as string);
    try {
      // Redis drops instance 1's subscriber connection (as a restart or a network cut would).
      const name = `platter-events-${(one.context.shared as RedisSharedState).instanceId}`;
      const clients = (await admin.call('CLIENT', 'LIST', 'TYPE', 'pubsub')) as string;
      const id = clients.split('\n').find((line) => line.includes(`name=${name} `))?.match(/\bid=(\d+)/)?.[1];
      expect(id, clients).toBeDefined();
      await admin.call('CLIENT', 'KILL', 'ID', id as string);
      await onOne.ended;
      expect(onOne.isEnded).toBe(true);
      // Instance 1 hears others' events again once subscribed anew, and instance 2's stream stayed open.
      const again = await openEventStream(one.baseUrl);
      try {
        expect((await fanOnTwo.json('PUT', `/api/tracks/${shared}/like`)).status).toBe(200);
        await again.waitFor(statsOf(shared));
        await onTwo.waitFor(statsOf(shared));
        expect(onTwo.isEnded).toBe(false);
      } finally {
        await again.close();
      }
    } finally {
      admin.disconnect();
      await onTwo.close();
    }
  });
});
