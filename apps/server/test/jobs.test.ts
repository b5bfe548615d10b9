import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { type AppContext, createContext } from '../src/context.js';
import { startBackgroundWork } from '../src/jobs/background.js';
import { PgBossJobQueue } from '../src/jobs/pg-boss.job-queue.js';
import { makeMp3 } from './support/audio-fixtures.js';
import { Client } from './support/http-client.js';
import { TEST_SECRET, type TestApp, dialect, freshPostgresDatabase, startTestApp } from './support/test-app.js';
import { uploadTrack } from './support/uploads.js';

const never = new AbortController().signal;

/** A track row whose file is not (yet) in storage, as another instance's upload would look from here. */
async function insertTrack(context: AppContext, artistId: string, storageKey: string): Promise<string> {
  const id = `t${Math.random().toString(36).slice(2)}`;
  await context.database.db
    .insertInto('tracks')
    .values({ id, title: 'Far away', genre: 'Other', artist_id: artistId, storage_key: storageKey, content_type: 'audio/mpeg', size_bytes: 1000, duration: null, search_text: 'far away', created_at: new Date().toISOString() })
    .execute();
  return id;
}

const waveformStatus = async (context: AppContext, id: string) => (await context.repositories.tracks.getById(id))?.waveform_status;

describe(`waveform jobs: a file that cannot be read is retried, never marked unavailable because of where the job ran (${dialect})`, () => {
  let t: TestApp;
  let artistId: string;
  let mp3: Buffer;

  beforeAll(async () => {
    t = await startTestApp();
    artistId = (await new Client(t.baseUrl).signUp('Job Artist')).id;
    mp3 = await makeMp3(2);
  });
  afterAll(() => t.close());

  it('throws on an attempt that is not the last, so the queue retries, and leaves the track pending', async () => {
    const { waveforms } = t.context.services;
    const id = await insertTrack(t.context, artistId, `uploads/${artistId}/not-here-yet`);
    await expect(waveforms.make(id, { attempt: 0, lastAttempt: false, signal: never })).rejects.toThrow(/not in storage/);
    expect(await waveformStatus(t.context, id)).toBe('pending');

    // The file arrives (storage caught up): the retry makes the waveform.
    await t.context.storage.put(`uploads/${artistId}/not-here-yet`, mp3);
    await waveforms.make(id, { attempt: 1, lastAttempt: false, signal: never });
    expect(await waveformStatus(t.context, id)).toBe('ready');
  });

  it('marks the track unavailable on the last attempt only, and at once when the file reads but does not decode', async () => {
    const { waveforms } = t.context.services;
    const missing = await insertTrack(t.context, artistId, `uploads/${artistId}/never-arrives`);
    await waveforms.make(missing, { attempt: 4, lastAttempt: true, signal: never });
    expect(await waveformStatus(t.context, missing)).toBe('unavailable');

    await t.context.storage.put(`uploads/${artistId}/noise`, Buffer.alloc(50_000, 0x5a));
    const noise = await insertTrack(t.context, artistId, `uploads/${artistId}/noise`);
    await waveforms.make(noise, { attempt: 0, lastAttempt: false, signal: never });
    expect(await waveformStatus(t.context, noise)).toBe('unavailable');
  });
});

describe(`background work at start (${dialect})`, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ PLATTER_DEMO: '1', PLATTER_DEMO_TRACKS: '1', DEMO_WORKERS: '1' });
  });
  afterAll(() => t.close());

  it('makes the waveforms a restart left pending and generates the demo catalogue once', async () => {
    const artistId = (await new Client(t.baseUrl).signUp('Left Pending')).id;
    await t.context.storage.put(`uploads/${artistId}/left-pending`, await makeMp3(1));
    const pending = await insertTrack(t.context, artistId, `uploads/${artistId}/left-pending`);
    const info: string[] = [];
    const errors: string[] = [];
    const log = { info: (message: string) => info.push(message), error: (error: unknown, message: string) => errors.push(`${message}: ${String(error)}`) };

    const work = startBackgroundWork(t.context, log);
    await expect.poll(() => t.context.repositories.tracks.count({}), { timeout: 30_000, interval: 100 }).toBe(2);
    await t.context.jobs.idle();
    expect(await waveformStatus(t.context, pending)).toBe('ready');
    expect(info).toContain('Waveforms: 1 pending tracks queued');
    expect(info.filter((line) => line.startsWith('Demo catalogue: generating'))).toEqual(['Demo catalogue: generating 1 tracks in the background…']);
    await work.stop();
    expect(errors).toEqual([]);
  }, 60_000);
});

/** Two Platter instances (contexts and HTTP apps) on one database and one shared storage directory. */
async function startInstances(databaseUrl: string, dataDir: string, env: Record<string, string> = {}) {
  const start = async (name: string) => {
    const errors: string[] = [];
    const info: string[] = [];
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      BETTER_AUTH_SECRET: TEST_SECRET,
      PLATTER_DEMO: '0',
      WEB_DIST: path.join(dataDir, 'no-web'),
      DATABASE_URL: databaseUrl,
      ...env,
    });
    const context = await createContext(config);
    const app = await buildApp(context);
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    const waveforms: string[] = [];
    context.events.on('track.waveform', ({ trackId }) => waveforms.push(trackId));
    return {
      name,
      context,
      baseUrl: `http://127.0.0.1:${address.port}`,
      /** Tracks whose waveform this instance computed (its own bus: in-process here). */
      waveforms,
      info,
      errors,
      log: { info: (message: string) => info.push(message), error: (error: unknown, message: string) => errors.push(`${message}: ${String(error)}`) },
      async close() {
        await app.close();
        await context.close();
      },
    };
  };
  // One after the other: simultaneous starts on an empty database are the migration lock's test.
  const a = await start('a');
  const b = await start('b');
  return [a, b] as const;
}

describe.skipIf(dialect !== 'postgres')('jobs across two instances on one PostgreSQL database (pg-boss)', () => {
  let database: { url: string; drop(): Promise<void> };
  let dataDir: string;
  let instances: Awaited<ReturnType<typeof startInstances>>;
  let sql: pg.Client;

  beforeAll(async () => {
    database = await freshPostgresDatabase();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'platter-jobs-'));
    instances = await startInstances(database.url, dataDir);
    sql = new pg.Client({ connectionString: database.url });
    await sql.connect();
  });
  afterAll(async () => {
    await sql?.end();
    for (const instance of instances ?? []) await instance.close();
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('makes each uploaded track’s waveform exactly once between them, even when both send its job', async () => {
    const [a, b] = instances;
    const mp3 = await makeMp3(1);
    const artists = [new Client(a.baseUrl), new Client(b.baseUrl)] as const;
    await artists[0].signUp('Artist A');
    await artists[1].signUp('Artist B');
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      const [via, other] = i % 2 === 0 ? [artists[0], b] : [artists[1], a];
      const track = await uploadTrack(via, mp3, { title: `Once ${i}` });
      ids.push(track.id);
      // As a Redis event bus would: the other instance hears of the track too and sends its job.
      await other.context.services.waveforms.enqueue(track.id);
    }
    await a.context.jobs.idle();

    const computed = [...a.waveforms, ...b.waveforms];
    expect(computed.sort()).toEqual([...ids].sort());
    for (const id of ids) expect(await waveformStatus(a.context, id)).toBe('ready');
    const { rows } = await sql.query<{ state: string; n: number }>(`SELECT state, count(*)::int AS n FROM pgboss.job WHERE name = 'waveform' GROUP BY state`);
    expect(rows).toEqual([{ state: 'completed', n: ids.length }]);

    // A restart of either sends the pending tracks' jobs again: nothing is pending, nothing runs.
    expect(await b.context.services.waveforms.enqueuePending()).toBe(0);
  });

  it('retries a job whose file is not readable yet instead of marking the track unavailable', async () => {
    const [a, b] = instances;
    const artistId = (await new Client(a.baseUrl).signUp('Late Artist')).id;
    const key = `uploads/${artistId}/arrives-late`;
    const id = await insertTrack(a.context, artistId, key);
    await b.context.services.waveforms.enqueue(id);

    // The first attempt fails and the job waits for its retry (15–30 s away); the track stays pending.
    await expect
      .poll(async () => (await sql.query(`SELECT state, retry_count FROM pgboss.job WHERE name = 'waveform' AND data->>'trackId' = $1`, [id])).rows, { timeout: 10_000 })
      .toEqual([{ state: 'retry', retry_count: 0 }]);
    expect(await waveformStatus(a.context, id)).toBe('pending');

    // The file arrives; the retry (brought forward) makes the waveform.
    await a.context.storage.put(key, await makeMp3(1));
    await sql.query(`UPDATE pgboss.job SET start_after = now() WHERE name = 'waveform' AND data->>'trackId' = $1`, [id]);
    await expect.poll(() => waveformStatus(a.context, id), { timeout: 10_000 }).toBe('ready');
    // pg-boss records the completion after the handler has returned, so a moment after the track is ready.
    await expect
      .poll(async () => (await sql.query(`SELECT state, retry_count FROM pgboss.job WHERE name = 'waveform' AND data->>'trackId' = $1`, [id])).rows, { timeout: 10_000 })
      .toEqual([{ state: 'completed', retry_count: 1 }]);
  });

  it('schedules the upload sweep every ten minutes, as one queue whose jobs never run two at once', async () => {
    const [a, b] = instances;
    const works = [startBackgroundWork(a.context, a.log), startBackgroundWork(b.context, b.log)];
    await expect.poll(async () => (await sql.query(`SELECT name, cron, timezone FROM pgboss.schedule ORDER BY name`)).rows, { timeout: 10_000 }).toEqual([
      // Accounts whose deletion is due, purged in small steps, every five minutes.
      { name: 'account-deletion-sweep', cron: '*/5 * * * *', timezone: 'UTC' },
      // "Download my data" archives past their 7 days, removed every hour.
      { name: 'data-export-sweep', cron: '0 * * * *', timezone: 'UTC' },
      // Notification email digests that are due, every fifteen minutes (one a day per person at most).
      { name: 'email-digest', cron: '*/15 * * * *', timezone: 'UTC' },
      // ListenBrainz: wakes the submissions a restart lost, every five minutes.
      { name: 'listenbrainz-sweep', cron: '*/5 * * * *', timezone: 'UTC' },
      // Radio: keeps track_similar, every ten minutes.
      { name: 'radio-similar', cron: '*/10 * * * *', timezone: 'UTC' },
      // Scheduled releases: every minute, published once each whichever instance runs it.
      { name: 'track-publish', cron: '* * * * *', timezone: 'UTC' },
      { name: 'upload-sweep', cron: '*/10 * * * *', timezone: 'UTC' },
    ]);
    const { rows } = await sql.query(`SELECT policy FROM pgboss.queue WHERE name = 'upload-sweep'`);
    expect(rows).toEqual([{ policy: 'stately' }]);
    await a.context.jobs.idle();
    expect((await sql.query(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'upload-sweep' AND state = 'completed'`)).rows[0].n).toBeGreaterThanOrEqual(1);
    await Promise.all(works.map((work) => work.stop()));
    expect([...a.errors, ...b.errors]).toEqual([]);
  });
});

describe.skipIf(dialect !== 'postgres')('the demo catalogue once per database (pg-boss)', () => {
  /** Two instances on a fresh database with PLATTER_DEMO_TRACKS=2; `startSecond` says when the second starts its background work. */
  const generateWithTwoInstances = async (startSecond: 'at once' | 'while the first generates') => {
    const database = await freshPostgresDatabase();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'platter-jobs-demo-'));
    const instances = await startInstances(database.url, dataDir, { PLATTER_DEMO: '1', PLATTER_DEMO_TRACKS: '2', DEMO_WORKERS: '1' });
    const sql = new pg.Client({ connectionString: database.url });
    await sql.connect();
    const demoJobs = async () => (await sql.query<{ state: string }>(`SELECT state FROM pgboss.job WHERE name = 'demo-catalogue'`)).rows.map((row) => row.state);
    try {
      const [a, b] = instances;
      const works = [startBackgroundWork(a.context, a.log)];
      if (startSecond === 'while the first generates') await expect.poll(demoJobs, { timeout: 10_000, interval: 20 }).toEqual(['active']);
      works.push(startBackgroundWork(b.context, b.log));
      await expect.poll(() => a.context.repositories.tracks.count({}), { timeout: 60_000, interval: 250 }).toBe(2);
      await a.context.jobs.idle(60_000);
      expect(await b.context.repositories.tracks.count({})).toBe(2);
      // Every demo job that ran succeeded: a second one (if sent while the first ran) waited for it and found nothing to make.
      const states = await demoJobs();
      expect(states.length).toBeGreaterThanOrEqual(1);
      expect(states.filter((state) => state !== 'completed')).toEqual([]);
      const generating = [...a.info, ...b.info].filter((line) => line.startsWith('Demo catalogue: generating'));
      expect(generating).toEqual(['Demo catalogue: generating 2 tracks in the background…']);
      await Promise.all(works.map((work) => work.stop()));
      expect([...a.errors, ...b.errors]).toEqual([]);

      // A later start of either finds nothing to make.
      const again = startBackgroundWork(b.context, b.log);
      await b.context.jobs.idle();
      await again.stop();
      expect(await a.context.repositories.tracks.count({})).toBe(2);
      expect([...a.info, ...b.info].filter((line) => line.startsWith('Demo catalogue: generating'))).toHaveLength(1);
    } finally {
      await sql.end();
      for (const instance of instances) await instance.close();
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  };

  it('is generated once when two instances start at the same time: 2 tracks, not 4, and no errors', () => generateWithTwoInstances('at once'), 120_000);

  it('is neither generated again nor collided with by an instance starting while the first generates', () => generateWithTwoInstances('while the first generates'), 120_000);
});

describe.skipIf(dialect !== 'postgres')('pg-boss on an empty database', () => {
  it('lets two queues start at the same moment (pg-boss creates its schema under its own lock), five times', async () => {
    for (let i = 0; i < 5; i++) {
      const database = await freshPostgresDatabase();
      const errors: unknown[] = [];
      const queues = [0, 1].map(() => new PgBossJobQueue<{ probe: { n: number } }>({ connectionString: database.url, drainMs: 1000, log: (_m, e) => errors.push(e) }));
      const ran: number[] = [];
      try {
        for (const queue of queues) await queue.register('probe', async ({ n }) => void ran.push(n));
        await Promise.all(queues.map((queue) => queue.start()));
        for (let n = 0; n < 4; n++) for (const queue of queues) await queue.send('probe', { n }, { onceKey: String(n) });
        await queues[0]?.idle();
        expect(ran.sort()).toEqual([0, 1, 2, 3]);
        expect(errors).toEqual([]);
      } finally {
        await Promise.all(queues.map((queue) => queue.close()));
        await database.drop();
      }
    }
  }, 60_000);

  it('tells its depth per queue from the job table: waiting and running, on any instance', async () => {
    const database = await freshPostgresDatabase();
    const queue = new PgBossJobQueue<{ probe: { n: number } }>({ connectionString: database.url, drainMs: 1000, log: () => undefined });
    let release = () => undefined as void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    try {
      await queue.register('probe', async () => gate);
      await queue.start();
      expect(await queue.depth()).toEqual([{ name: 'probe', waiting: 0, active: 0 }]);
      for (let n = 0; n < 3; n++) await queue.send('probe', { n });
      // Held by the gate: the ones claimed are active, the others wait; three in all.
      await vi.waitFor(
        async () => {
          const [depth] = await queue.depth();
          expect(depth?.active).toBeGreaterThanOrEqual(1);
          expect((depth?.active ?? 0) + (depth?.waiting ?? 0)).toBe(3);
        },
        { timeout: 20_000 },
      );
      release();
      await queue.idle();
      expect(await queue.depth()).toEqual([{ name: 'probe', waiting: 0, active: 0 }]);
    } finally {
      release();
      await queue.close();
      await database.drop();
    }
  }, 60_000);

  it("sends again the jobs pg-boss 10's tables held waiting (pg-boss 12 cannot migrate them), then drops those tables", async () => {
    const database = await freshPostgresDatabase();
    const client = new pg.Client({ connectionString: database.url });
    const errors: unknown[] = [];
    const messages: string[] = [];
    const queue = new PgBossJobQueue<{ probe: { n: number } }>({
      connectionString: database.url,
      drainMs: 1000,
      log: (message, error) => (error === undefined ? messages.push(message) : errors.push(error)),
    });
    const ran: number[] = [];
    try {
      // The columns of pg-boss 10's job table that are read, at its schema version (24).
      await client.connect();
      await client.query(`CREATE SCHEMA pgboss;
        CREATE TABLE pgboss.version (version int PRIMARY KEY); INSERT INTO pgboss.version VALUES (24);
        CREATE TABLE pgboss.job (id uuid NOT NULL DEFAULT gen_random_uuid(), name text NOT NULL, data jsonb, state text NOT NULL,
          singleton_key text, start_after timestamptz NOT NULL DEFAULT now(), created_on timestamptz NOT NULL DEFAULT now());
        INSERT INTO pgboss.job (name, data, state, singleton_key) VALUES
          ('probe', '{"n": 1}', 'created', 'a'), ('probe', '{"n": 2}', 'retry', 'b'), ('probe', '{"n": 3}', 'completed', 'c'),
          ('gone', '{"n": 4}', 'created', 'd')`);
      await queue.register('probe', async ({ n }) => void ran.push(n));
      await queue.start();
      await queue.idle();
      expect(ran.sort()).toEqual([1, 2]);
      expect(errors).toEqual([]);
      expect(messages.join('\n')).toMatch(/2 of pg-boss 10's 3 waiting jobs sent again/);
      const { rows } = await client.query(`SELECT nspname FROM pg_namespace WHERE nspname LIKE 'pgboss%' ORDER BY nspname`);
      expect(rows.map((row: { nspname: string }) => row.nspname)).toEqual(['pgboss']);
    } finally {
      await client.end();
      await queue.close();
      await database.drop();
    }
  }, 60_000);
});
