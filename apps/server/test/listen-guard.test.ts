import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../src/context.js';
import { Client } from './support/http-client.js';
import { testRedisUrl } from './support/redis.js';
import { type TestApp, dialect, startTestApp } from './support/test-app.js';

type ListenResult = { trackId: string; counted: boolean; listens: number };

/** A visible track row with a given id (its file does not matter to listens). */
async function insertTrack(context: AppContext, id: string, artistId: string): Promise<void> {
  await context.database.db
    .insertInto('tracks')
    .values({ id, title: 'Guarded', genre: 'Other', artist_id: artistId, storage_key: `tracks/${id}.mp3`, content_type: 'audio/mpeg', size_bytes: 1000, duration: null, search_text: 'guarded', created_at: new Date().toISOString() })
    .execute();
}

const newTrackId = () => `t${Math.random().toString(36).slice(2, 12)}`;

async function stored(context: AppContext, trackId: string): Promise<{ rows: number; counter: number | undefined }> {
  const rows = await context.database.db.selectFrom('listens').select('id').where('track_id', '=', trackId).execute();
  const track = await context.database.db.selectFrom('tracks').select('listens_count').where('id', '=', trackId).executeTakeFirst();
  return { rows: rows.length, counter: track?.listens_count };
}

const listen = (baseUrl: string, trackId: string, headers: Record<string, string> = {}, body: object = {}) =>
  fetch(`${baseUrl}/api/tracks/${trackId}/listens`, { method: 'POST', headers: { 'content-type': 'application/json', origin: baseUrl, ...headers }, body: JSON.stringify(body) }).then(
    async (response) => ({ status: response.status, body: (await response.json()) as ListenResult }),
  );

describe(`the listen guard under simultaneous reports (${dialect})`, () => {
  let t: TestApp;
  let artistId: string;
  let fan: Client;

  beforeAll(async () => {
    t = await startTestApp();
    artistId = (await new Client(t.baseUrl).signUp('Guarded Artist')).id;
    fan = new Client(t.baseUrl);
    await fan.signUp('Eager Fan');
  });
  afterAll(() => t.close());

  it('counts one signed-in play once when it is reported 20 times at the same moment', async () => {
    const trackId = newTrackId();
    await insertTrack(t.context, trackId, artistId);
    const results = await Promise.all(Array.from({ length: 20 }, () => listen(t.baseUrl, trackId, { cookie: fan.cookieHeader() })));
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(results.filter((r) => r.body.counted)).toHaveLength(1);
    expect(await stored(t.context, trackId)).toEqual({ rows: 1, counter: 1 });
  });

  it('counts an anonymous play once when it is reported 20 times at the same moment', async () => {
    const trackId = newTrackId();
    await insertTrack(t.context, trackId, artistId);
    const results = await Promise.all(Array.from({ length: 20 }, () => listen(t.baseUrl, trackId)));
    expect(results.filter((r) => r.body.counted)).toHaveLength(1);
    expect(await stored(t.context, trackId)).toEqual({ rows: 1, counter: 1 });
  });

  it('counts every play an anonymous listener made offline, and each once', async () => {
    const trackId = newTrackId();
    await insertTrack(t.context, trackId, artistId);
    const earlier = new Date(Date.now() - 60 * 60_000).toISOString();
    const later = new Date(Date.now() - 30 * 60_000).toISOString();
    expect((await listen(t.baseUrl, trackId, {}, { playedAt: earlier })).body.counted).toBe(true);
    expect((await listen(t.baseUrl, trackId, {}, { playedAt: later })).body.counted).toBe(true);
    expect((await listen(t.baseUrl, trackId, {}, { playedAt: later })).body.counted, 'the same offline play sent again').toBe(false);
    expect(await stored(t.context, trackId)).toEqual({ rows: 2, counter: 2 });
  });
});

const redisUrl = testRedisUrl('the Redis listen-guard suite');

describe.skipIf(!redisUrl)(`the anonymous listen guard across two instances sharing Redis (${dialect})`, () => {
  let one: TestApp;
  let two: TestApp;
  const trackId = newTrackId();

  beforeAll(async () => {
    const env = { REDIS_URL: redisUrl as string, TRUST_PROXY: '127.0.0.1' };
    [one, two] = await Promise.all([startTestApp(env), startTestApp(env)]);
    // Each app has a database of its own here: the same track in both stands for one shared catalogue.
    for (const t of [one, two]) await insertTrack(t.context, trackId, (await new Client(t.baseUrl).signUp('Artist')).id);
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
  });

  it('counts a play reported to instance 1 and again to instance 2 once', async () => {
    const visitor = { 'x-forwarded-for': `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join('.')}` };
    expect((await listen(one.baseUrl, trackId, visitor)).body).toMatchObject({ counted: true, listens: 1 });
    expect((await listen(two.baseUrl, trackId, visitor)).body).toMatchObject({ counted: false, listens: 0 });
    // Another listener behind the same proxy counts.
    expect((await listen(two.baseUrl, trackId, { 'x-forwarded-for': '10.250.250.250' })).body.counted).toBe(true);
  });
});
