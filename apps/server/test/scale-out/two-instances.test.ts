import type { LiveEvent } from '@platter/shared';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeMp3 } from '../support/audio-fixtures.js';
import { Client } from '../support/http-client.js';
import { type Cluster, freshDatabase, type PlatterProcess, type S3Server, scaleOutServices, startCluster, startInstances, startS3 } from './support/cluster.js';
import { EventStream } from './support/event-stream.js';

/**
 * Issue 10's two-instance test: two real Platter processes on one fresh PostgreSQL database, one
 * Redis and one S3-protocol server, started at the same moment, each request going to the
 * instance a load balancer might pick.
 */
const services = scaleOutServices();

/** A request to `instance` from the browser `client` (with its cookies), wherever the balancer sent it before. */
async function as<T = unknown>(client: Client, instance: PlatterProcess, method: string, url: string, json?: unknown): Promise<{ status: number; body: T }> {
  const response = await new Client(instance.baseUrl).request(method, url, { json, headers: { cookie: client.cookieHeader() } });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}
const SHUTDOWN_TIMEOUT_SECONDS = 5;
const SIMULTANEOUS_STARTS = 5;

describe.skipIf(!services)('two Platter instances on PostgreSQL, Redis and S3', () => {
  const { adminDatabaseUrl, redisUrl } = services ?? { adminDatabaseUrl: '', redisUrl: '' };
  let s3: S3Server;
  let cluster: Cluster;
  let one: PlatterProcess;
  let two: PlatterProcess;
  /** Everything every instance shares: REDIS_URL, the bucket, the proxy in front. */
  let sharedEnv: Record<string, string>;
  /** Client addresses as the proxy forwards them, new on every run: rate-limit counters of earlier runs stay in Redis. */
  const randomAddress = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`;
  const viaProxy = { 'x-forwarded-for': randomAddress() };

  beforeAll(async () => {
    s3 = await startS3();
    sharedEnv = {
      REDIS_URL: redisUrl,
      ...s3.env,
      // The load balancer on 127.0.0.1 forwards each client's address.
      TRUST_PROXY: '127.0.0.1',
      SHUTDOWN_TIMEOUT_SECONDS: String(SHUTDOWN_TIMEOUT_SECONDS),
    };
    cluster = await startCluster({ count: 2, adminDatabaseUrl, env: sharedEnv });
    [one, two] = cluster.instances as [PlatterProcess, PlatterProcess];
  });

  afterAll(async () => {
    await cluster?.close();
    await s3?.stop();
  });

  beforeEach(({ onTestFailed }) => {
    onTestFailed(() => console.error(`Instances at the failure:\n\n${cluster?.describe()}`));
  });

  it(`starts two instances at the same moment on an empty database, ${SIMULTANEOUS_STARTS} times over`, async () => {
    for (let attempt = 1; attempt <= SIMULTANEOUS_STARTS; attempt++) {
      const database = await freshDatabase(adminDatabaseUrl);
      try {
        // Throws with both instances' output when either one exits or never becomes healthy.
        const pair = await startInstances(2, { DATABASE_URL: database.url, ...sharedEnv }, `start-${attempt}`);
        try {
          for (const instance of pair) {
            const ready = await fetch(`${instance.baseUrl}/api/ready`);
            expect(ready.status, `attempt ${attempt}: ${instance.name} /api/ready: ${await ready.text()}`).toBe(200);
            // better-auth's tables and Platter's own are in place whichever instance migrated them.
            const visitor = new Client(instance.baseUrl);
            const user = await visitor.signUp(`Starter ${attempt}`);
            expect((await visitor.json('GET', '/api/me')).body).toMatchObject({ user: { id: user.id } });
          }
        } finally {
          for (const instance of pair) {
            const exit = await instance.stop();
            expect(exit, `attempt ${attempt}: ${instance.describe()}`).toMatchObject({ code: 0, killed: false });
            instance.cleanUp();
          }
        }
      } finally {
        await database.drop();
      }
    }
  });

  it('keeps a session made on instance 1 on instance 2', async () => {
    const browser = new Client(one.baseUrl);
    const user = await browser.signUp('Roaming Listener');
    const me = await as(browser, two, 'GET', '/api/me');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ user: { id: user.id } });
  });

  describe('a track uploaded through instance 1 and created through instance 2', () => {
    let artist: Client;
    let audio: Buffer;
    let track: { id: string; url: string };
    let streams: EventStream[] = [];
    const isWaveform = (e: LiveEvent) => e.type === 'track.waveform' && e.trackId === track.id;

    beforeAll(async () => {
      artist = new Client(one.baseUrl);
      await artist.signUp('Cluster Artist');
      audio = await makeMp3(3);
      // Listeners on both instances, subscribed before the track exists.
      streams = await Promise.all([EventStream.open(one.baseUrl), EventStream.open(two.baseUrl)]);
      // A search that finds nothing on instance 1 before the track exists (a per-process
      // vocabulary would be built now, and not know the title made on instance 2).
      expect((await fetch(`${one.baseUrl}/api/search?q=qwzx`)).status).toBe(200);
    });
    afterAll(() => {
      for (const stream of streams) stream.close();
    });

    it('goes from the browser straight to the bucket, then becomes a track on the other instance', async () => {
      const urls = await artist.json<{ uploadURL: string; fileUrl: string }>('POST', '/api/get-upload-url', {
        fileName: 'cluster.mp3',
        fileType: 'audio/mpeg',
        fileSize: audio.length,
      });
      expect(urls.status, JSON.stringify(urls.body)).toBe(200);
      // The browser PUTs to the bucket itself: the upload URL is the S3 server's, not Platter's.
      expect(new URL(urls.body.uploadURL).origin).toBe(new URL(s3.endpoint).origin);
      const put = await fetch(urls.body.uploadURL, { method: 'PUT', body: new Uint8Array(audio), headers: { 'content-type': 'audio/mpeg' } });
      expect(put.status, await put.text()).toBe(200);

      const created = await as<{ id: string; url: string }>(artist, two, 'POST', '/api/tracks', { title: 'Marmalade', genre: 'Dance', url: urls.body.fileUrl });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      track = created.body;
      expect(track.url).toMatch(/^\/media\//);
      for (const instance of [one, two]) {
        const listed = await fetch(`${instance.baseUrl}/api/tracks/${track.id}`);
        expect(listed.status, `${instance.name} GET /api/tracks/${track.id}`).toBe(200);
      }
    });

    it('streams with Range through either instance, redirected to the bucket', async () => {
      expect(track, 'the upload test made no track').toBeDefined();
      const ranges: Array<[number, number]> = [
        [0, 999],
        [1000, 4095],
        [audio.length - 500, audio.length - 1],
      ];
      for (const instance of [one, two]) {
        for (const [start, end] of ranges) {
          const range = `bytes=${start}-${end}`;
          const first = await fetch(`${instance.baseUrl}${track.url}`, { headers: { range }, redirect: 'manual' });
          expect([302, 303, 307], `${instance.name} ${track.url} (${range}) answered ${first.status}`).toContain(first.status);
          const location = first.headers.get('location') ?? '';
          expect(new URL(location, instance.baseUrl).origin).toBe(new URL(s3.endpoint).origin);
          const media = await fetch(new URL(location, instance.baseUrl), { headers: { range } });
          expect(media.status, `the bucket for ${range}`).toBe(206);
          expect(media.headers.get('content-range')).toBe(`bytes ${start}-${end}/${audio.length}`);
          expect(Buffer.from(await media.arrayBuffer()).equals(audio.subarray(start, end + 1)), `bytes of ${range}`).toBe(true);
        }
      }
    });

    it('computes its waveform exactly once, announced once on every instance', async () => {
      expect(track, 'the upload test made no track').toBeDefined();
      for (const stream of streams) {
        const { event } = await stream.waitFor(isWaveform, 30_000);
        expect(event).toMatchObject({ status: 'ready' });
      }
      // A second computation anywhere would reach both streams through Redis: give it time to.
      await new Promise((resolve) => setTimeout(resolve, 2000));
      for (const stream of streams) expect(stream.matching(isWaveform), `track.waveform events on ${stream.baseUrl}`).toHaveLength(1);
      for (const instance of [one, two]) {
        const waveform = await (await fetch(`${instance.baseUrl}/api/tracks/${track.id}/waveform`)).json();
        expect(waveform).toMatchObject({ status: 'ready' });
      }
      // And the queue holds one waveform job for the track, done on its first attempt (pg-boss keeps
      // completed jobs in its job table until their retention ends; it has no archive table since 11).
      const db = new pg.Client({ connectionString: cluster.database.url });
      await db.connect();
      try {
        const { rows } = await db.query<{ state: string; retry_count: number }>(
          `SELECT state, retry_count FROM pgboss.job WHERE name = 'waveform' AND data->>'trackId' = $1`,
          [track.id],
        );
        expect(rows).toEqual([{ state: 'completed', retry_count: 0 }]);
      } finally {
        await db.end();
      }
    });

    it('tells a live-events stream on instance 2 about a like made on instance 1', async () => {
      expect(track, 'the upload test made no track').toBeDefined();
      const listener = await EventStream.open(two.baseUrl);
      try {
        const fan = new Client(one.baseUrl);
        await fan.signUp('Cluster Fan');
        const sent = performance.now();
        const liked = await fan.request('PUT', `/api/tracks/${track.id}/like`, { headers: viaProxy });
        const answered = performance.now();
        expect(liked.status).toBe(200);
        const received = await listener.waitFor((e) => e.type === 'track.stats' && e.trackId === track.id && e.likes === 1, 5000);
        console.log(
          `like on instance 1 → event on instance 2: ${(received.at - sent).toFixed(1)} ms after the request was sent, ${(received.at - answered).toFixed(1)} ms after its answer`,
        );
      } finally {
        listener.close();
      }
    });

    it('counts an anonymous play once, whichever instance each report reaches', async () => {
      expect(track, 'the upload test made no track').toBeDefined();
      const listener = { 'content-type': 'application/json', 'x-forwarded-for': randomAddress() };
      const play = (instance: PlatterProcess) => fetch(`${instance.baseUrl}/api/tracks/${track.id}/listens`, { method: 'POST', headers: { ...listener, origin: instance.baseUrl }, body: '{}' });
      const first = await (await play(one)).json();
      expect(first).toMatchObject({ counted: true, listens: 1 });
      const again = await (await play(two)).json();
      expect(again, 'the same play reported again, to instance 2').toMatchObject({ counted: false, listens: 1 });
    });

    it('suggests the new title for a misspelt search on the instance that did not create it', async () => {
      expect(track, 'the upload test made no track').toBeDefined();
      const result = await (await fetch(`${one.baseUrl}/api/search?q=marmelade`)).json();
      expect(result).toMatchObject({ suggestion: expect.stringMatching(/marmalade/i) });
    });
  });

  it('holds the contact form to 5 messages per 10 minutes per address across both instances', async () => {
    const visitor = randomAddress();
    const send = (instance: PlatterProcess, n: number, address = visitor) =>
      fetch(`${instance.baseUrl}/api/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': address, origin: instance.baseUrl },
        body: JSON.stringify({ name: 'Visitor', email: 'visitor@example.com', message: `Message ${n}` }),
      });
    for (let n = 1; n <= 5; n++) expect((await send(one, n)).status, `message ${n} on instance 1`).toBe(201);
    expect((await send(two, 6)).status, 'the 6th message, on instance 2').toBe(429);
    expect((await send(one, 7)).status, 'the 7th message, back on instance 1').toBe(429);
    // The limit is the address's own: someone else behind the same proxy still gets through.
    expect((await send(two, 1, randomAddress())).status, 'another address, on instance 2').toBe(201);
  });

  it('exits within SHUTDOWN_TIMEOUT_SECONDS on SIGTERM with live-events clients attached; they reconnect to the other instance', async () => {
    const browser = new Client(two.baseUrl);
    await browser.signUp('Reconnecting Listener');
    const attached = await Promise.all([EventStream.open(one.baseUrl), EventStream.open(one.baseUrl), EventStream.open(one.baseUrl, { cookie: browser.cookieHeader() })]);

    const exit = await one.stop((SHUTDOWN_TIMEOUT_SECONDS + 20) * 1000);
    console.log(`instance 1 exited ${exit.ms.toFixed(0)} ms after SIGTERM with ${attached.length} live-events clients attached (bound ${SHUTDOWN_TIMEOUT_SECONDS} s)`);
    expect(exit.killed, 'instance 1 had to be killed').toBe(false);
    expect(exit.code, one.describe()).toBe(0);
    // The bound, plus a second for the process itself to go once it decides to.
    expect(exit.ms).toBeLessThan(SHUTDOWN_TIMEOUT_SECONDS * 1000 + 1000);
    await Promise.all(attached.map((stream) => stream.ended));
    for (const stream of attached) expect(stream.isEnded).toBe(true);

    // As a load balancer would, each client's EventSource reconnects to the instance still up.
    const reconnected = await Promise.all(attached.map((_, i) => EventStream.open(two.baseUrl, i === 2 ? { cookie: browser.cookieHeader() } : {})));
    try {
      const posted = await browser.json<{ id: string }>('POST', '/api/posts', { text: 'Still here' });
      expect(posted.status, JSON.stringify(posted.body)).toBe(201);
      for (const stream of reconnected) {
        await stream.waitFor((e) => e.type === 'post.changed' && e.postId === posted.body.id && e.change === 'created', 5000);
      }
    } finally {
      for (const stream of reconnected) stream.close();
    }
  });
});
