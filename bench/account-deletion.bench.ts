/**
 * Purging a big account (AccountDeletionService.purge): a listener-artist with 200 tracks played
 * 100 000 times by others, 100 000 listens and history rows of their own, 20 000 likes, 5 000
 * follows each way, 2 000 comments, among 2 000 tracks of 2 000 other accounts. Prints the whole purge's
 * time, the number of steps (transactions) and the longest step, per kind: the longest a purge
 * holds SQLite's writer or PostgreSQL's row locks at once.
 *
 *   npx tsx --conditions=source bench/account-deletion.bench.ts
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx --conditions=source bench/account-deletion.bench.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { loadConfig } from '../apps/server/src/config.js';
import { createContext } from '../apps/server/src/context.js';
import { AccountDeletionService } from '../apps/server/src/services/account-deletion.service.js';
import { onEveryEngine } from './support.js';

const OTHERS = 2_000;
const OTHER_TRACKS = 2_000;
const OWN_TRACKS = 200;
const PLAYS_OF_OWN = Number(process.env.BENCH_PLAYS ?? 100_000);
const OWN_LISTENS = Number(process.env.BENCH_LISTENS ?? 100_000);
const LIKES = 20_000;
const COMMENTS = 2_000;

async function insertMany<T>(total: number, make: (i: number) => T, insert: (rows: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < total; i += 1000) await insert(Array.from({ length: Math.min(1000, total - i) }, (_, k) => make(i + k)));
}

async function run(label: string, databaseUrl: string | undefined) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'platter-bench-'));
  const config = loadConfig({ DATA_DIR: dataDir, PLATTER_DEMO: '0', NODE_ENV: 'test', BETTER_AUTH_SECRET: 'bench-secret-bench-secret-bench-secret', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
  const context = await createContext(config);
  const { db } = context.database;
  try {
    const auth = await context.auth.$context;
    const started = Date.now();
    const at = new Date().toISOString();
    const leaving = await auth.internalAdapter.createUser({ name: 'Leaving', email: 'leaving@bench.test' }, { method: 'admin' });
    await context.services.profiles.ensureForUser(leaving);
    const others: string[] = [];
    for (let i = 0; i < OTHERS; i++) {
      const user = await auth.internalAdapter.createUser({ name: `Other ${i}`, email: `other${i}@bench.test` }, { method: 'admin' });
      others.push(user.id);
    }
    const track = (id: string, artist: string) => ({ id, title: id, genre: 'Other', artist_id: artist, storage_key: `bench/${id}`, content_type: 'audio/mpeg', size_bytes: 1, duration: 60, search_text: id, created_at: at });
    await insertMany(OTHER_TRACKS, (i) => track(`o${i}`, others[i % OTHERS]!), (rows) => db.insertInto('tracks').values(rows).execute());
    await insertMany(OWN_TRACKS, (i) => track(`m${i}`, leaving.id), (rows) => db.insertInto('tracks').values(rows).execute());
    await insertMany(PLAYS_OF_OWN, (i) => ({ id: `p${i}`, track_id: `m${i % OWN_TRACKS}`, user_id: others[i % OTHERS]!, artist_id: leaving.id, created_at: at }), (rows) => db.insertInto('listens').values(rows).execute());
    await insertMany(OWN_LISTENS, (i) => ({ id: `l${i}`, track_id: `o${i % OTHER_TRACKS}`, user_id: leaving.id, artist_id: others[(i % OTHER_TRACKS) % OTHERS]!, created_at: new Date(Date.parse(at) - i * 1000).toISOString() }), (rows) => db.insertInto('listens').values(rows).execute());
    await insertMany(OWN_LISTENS, (i) => ({ id: `h${i}`, user_id: leaving.id, track_id: `o${i % OTHER_TRACKS}`, played_at: at }), (rows) => db.insertInto('history').values(rows).execute());
    await insertMany(Math.min(LIKES, OTHER_TRACKS), (i) => ({ user_id: leaving.id, track_id: `o${i}`, created_at: at }), (rows) => db.insertInto('track_likes').values(rows).execute());
    // Others' likes of the account's tracks: pairs (other i mod N, track ⌊i / N⌋), all distinct.
    await insertMany(LIKES, (i) => ({ user_id: others[i % OTHERS]!, track_id: `m${Math.floor(i / OTHERS) % OWN_TRACKS}`, created_at: at }), (rows) => db.insertInto('track_likes').values(rows).execute());
    await insertMany(OTHERS, (i) => ({ subscriber_id: leaving.id, artist_id: others[i]!, created_at: at }), (rows) => db.insertInto('follows').values(rows).execute());
    await insertMany(OTHERS, (i) => ({ subscriber_id: others[i]!, artist_id: leaving.id, created_at: at }), (rows) => db.insertInto('follows').values(rows).execute());
    await insertMany(COMMENTS, (i) => ({ id: `c${i}`, track_id: `o${i % OTHER_TRACKS}`, user_id: leaving.id, text: 'hello', position_sec: null, parent_id: null, created_at: at }), (rows) => db.insertInto('comments').values(rows).execute());
    // Counters as the rows say, as Platter keeps them.
    await sql`UPDATE tracks SET likes_count = (SELECT count(*) FROM track_likes l WHERE l.track_id = tracks.id), listens_count = (SELECT count(*) FROM listens l WHERE l.track_id = tracks.id)`.execute(db);
    await sql`UPDATE profiles SET subscribers_count = (SELECT count(*) FROM follows f WHERE f.artist_id = profiles.id), subscriptions_count = (SELECT count(*) FROM follows f WHERE f.subscriber_id = profiles.id), tracks_count = (SELECT count(*) FROM tracks t WHERE t.artist_id = profiles.id AND t.hidden = 0)`.execute(db);
    await sql`ANALYZE`.execute(db);
    console.log(`${label}: filled in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    const steps = new Map<string, { n: number; total: number; max: number }>();
    const record = (name: string, ms: number) => {
      const s = steps.get(name) ?? { n: 0, total: 0, max: 0 };
      steps.set(name, { n: s.n + 1, total: s.total + ms, max: Math.max(s.max, ms) });
    };
    const timed = new Proxy(context.repositories.accountDeletions, {
      get(target, name, receiver) {
        const value = Reflect.get(target, name, receiver) as unknown;
        if (typeof value !== 'function') return value;
        return async (...args: unknown[]) => {
          const t0 = performance.now();
          const answer = (await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args)) as unknown;
          record(String(name), performance.now() - t0);
          return answer;
        };
      },
    });
    const service = new AccountDeletionService({
      db,
      deletions: timed,
      tracks: {
        delete: async (trx, row) => {
          const t0 = performance.now();
          const answer = await context.repositories.tracks.delete(trx, row);
          record('track row (TrackLifecycleRepository.delete)', performance.now() - t0);
          return answer;
        },
      },
      storage: context.storage,
      events: context.events,
      jobs: context.jobs,
      identity: { requirements: async () => ({ password: true, secondFactor: false, email: '' }), verifyPassword: async () => true, verifySecondFactor: async () => false },
      graceDays: 0,
    });
    const t0 = performance.now();
    await service.purge(leaving.id);
    const total = performance.now() - t0;
    console.log(`| ${label} | step | calls | total ms | longest ms |`);
    console.log(`| --- | --- | --- | --- | --- |`);
    for (const [name, s] of steps) console.log(`| ${label} | ${name} | ${s.n} | ${s.total.toFixed(0)} | ${s.max.toFixed(1)} |`);
    console.log(`${label}: whole purge ${(total / 1000).toFixed(1)} s`);
  } finally {
    await context.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await onEveryEngine(run);
