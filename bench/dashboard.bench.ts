/**
 * The artist dashboard on a busy catalogue: median time of GET /api/me/dashboard's work
 * (DashboardService.forArtist) for one artist among many, over 1 000 000 listens spread over 120
 * days, on SQLite and (when TEST_DATABASE_URL is set) PostgreSQL.
 *
 *   npx tsx --conditions=source bench/dashboard.bench.ts
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx --conditions=source bench/dashboard.bench.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CompiledQuery, sql } from 'kysely';
import { loadConfig } from '../apps/server/src/config.js';
import { createContext } from '../apps/server/src/context.js';
import { median, onEveryEngine } from './support.js';

const ARTISTS = 200;
const TRACKS_PER_ARTIST = 10;
const LISTENS = Number(process.env.BENCH_LISTENS ?? 1_000_000);
const DAY_MS = 24 * 60 * 60 * 1000;

async function run(label: string, databaseUrl: string | undefined) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'platter-bench-'));
  const config = loadConfig({ DATA_DIR: dataDir, PLATTER_DEMO: '0', NODE_ENV: 'test', BETTER_AUTH_SECRET: 'bench-secret-bench-secret-bench-secret', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
  const context = await createContext(config);
  const { db } = context.database;
  try {
    const auth = await context.auth.$context;
    const now = Date.now();
    const started = Date.now();
    const artistIds: string[] = [];
    for (let a = 0; a < ARTISTS; a++) {
      const user = await auth.internalAdapter.createUser({ name: `Artist ${a}`, email: `artist${a}@bench.test` }, { method: 'admin' });
      await context.services.profiles.ensureForUser(user);
      artistIds.push(user.id);
      const rows = Array.from({ length: TRACKS_PER_ARTIST }, (_, k) => ({
        id: `t${a}-${k}`,
        title: `Track ${a}-${k}`,
        genre: 'Other',
        artist_id: user.id,
        storage_key: `bench/${a}/${k}`,
        content_type: 'audio/mpeg',
        size_bytes: 1,
        duration: 60,
        search_text: `track ${a}-${k}`,
        created_at: new Date(now - 200 * DAY_MS).toISOString(),
      }));
      await db.insertInto('tracks').values(rows).execute();
    }
    // Listens: deterministic spread over tracks (artist 0 gets its fair share, about 0.5 %) and 120 days.
    let x = 12345;
    for (let i = 0; i < LISTENS; i += 1000) {
      const rows = Array.from({ length: Math.min(1000, LISTENS - i) }, (_, k) => {
        x = (x * 1103515245 + 12345) >>> 0;
        const track = x % (ARTISTS * TRACKS_PER_ARTIST);
        x = (x * 1103515245 + 12345) >>> 0;
        const at = now - Math.floor((x / 2 ** 32) * 120 * DAY_MS);
        const artist = Math.floor(track / TRACKS_PER_ARTIST);
        return { id: `l${i + k}`, track_id: `t${artist}-${track % TRACKS_PER_ARTIST}`, artist_id: artistIds[artist] as string, user_id: null, created_at: new Date(at).toISOString() };
      });
      await db.insertInto('listens').values(rows).execute();
    }
    // Fresh statistics, as a live database would have (both engines' planners use them).
    await sql`ANALYZE`.execute(db);
    console.log(`${label}: ${ARTISTS} artists, ${ARTISTS * TRACKS_PER_ARTIST} tracks, ${LISTENS} listens inserted in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    const actor = { id: artistIds[0] as string, isAdmin: false };
    console.log(`| engine | range | listens in range (artist) | dashboard (median ms) |`);
    console.log(`| --- | --- | --- | --- |`);
    for (const days of [7, 30, 90]) {
      const result = await context.services.dashboard.forArtist(actor, days);
      const inRange = result.listensPerDay.reduce((s, d) => s + d.count, 0);
      const ms = await median(() => context.services.dashboard.forArtist(actor, days));
      console.log(`| ${label} | ${days} days | ${inRange} | ${ms.toFixed(1)} |`);
    }
    if (process.env.BENCH_EXPLAIN) {
      const since = new Date(now - 30 * DAY_MS).toISOString();
      const repo = context.repositories.dashboard;
      const parts: Record<string, () => Promise<unknown>> = {
        listensPerDay: () => repo.listensPerDay(actor.id, since),
        listensByTrack: () => repo.listensByTrack(actor.id, since, 5),
        subscribersPerDay: () => repo.subscribersPerDay(actor.id, since),
        trackTotals: () => repo.trackTotals(actor.id),
        topByLikes: () => context.repositories.tracks.topByLikesOfArtist(actor.id, 5),
        comments: () => context.repositories.comments.listForArtist(actor.id, 10),
        commentCount: () => context.repositories.comments.countForArtist(actor.id),
      };
      for (const [name, fn] of Object.entries(parts)) console.log(`${name}: ${(await median(fn)).toFixed(1)} ms`);
      const compiled = repo.listensPerDayQuery(actor.id, since).compile();
      const explain = await db.executeQuery(CompiledQuery.raw(`EXPLAIN ${compiled.sql}`, [...compiled.parameters]));
      console.log((explain.rows as Array<Record<string, string>>).map((r) => r['QUERY PLAN'] ?? r.detail).join('\n'));
    }
  } finally {
    await context.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await onEveryEngine(run);
