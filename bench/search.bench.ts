/**
 * Search on a big catalogue: median time of GET /api/tracks?q= 's query (TrackRepository.list +
 * count) over 100 000 tracks, with the search index and with a forced scan, on SQLite and (when
 * TEST_DATABASE_URL is set) PostgreSQL.
 *
 *   npx tsx --conditions=source bench/search.bench.ts            # SQLite only
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx --conditions=source bench/search.bench.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { loadConfig } from '../apps/server/src/config.js';
import { createContext } from '../apps/server/src/context.js';
import { TrackRepository } from '../apps/server/src/repositories/track.repository.js';
import { median, onEveryEngine } from './support.js';

const TRACKS = Number(process.env.BENCH_TRACKS ?? 100_000);
const QUERIES = ['midnight', 'город', 'xq', 'no such words here'];
const WORDS = ['midnight', 'drive', 'summer', 'neon', 'city', 'ghost', 'river', 'gold', 'night', 'город', 'ночь', 'огни', 'tape', 'dust', 'fire', 'rain', 'echo', 'velvet', 'static', 'lane'];

function title(i: number): string {
  // Deterministic pseudo-random titles of 2–4 words, with a unique tail so titles differ.
  let x = (i * 2654435761) >>> 0;
  const n = 2 + (x % 3);
  const parts: string[] = [];
  for (let k = 0; k < n; k++) {
    x = (x * 1103515245 + 12345) >>> 0;
    parts.push(WORDS[x % WORDS.length] ?? 'echo');
  }
  return `${parts.join(' ')} ${i.toString(36)}`;
}

async function run(label: string, databaseUrl: string | undefined) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'platter-bench-'));
  const config = loadConfig({ DATA_DIR: dataDir, PLATTER_DEMO: '0', NODE_ENV: 'test', BETTER_AUTH_SECRET: 'bench-secret-bench-secret-bench-secret', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
  const context = await createContext(config);
  const { db, dialect } = context.database;
  try {
    const auth = await context.auth.$context;
    const user = await auth.internalAdapter.createUser({ name: 'Bench Artist', email: 'bench@example.com' }, { method: 'admin' });
    await context.services.profiles.ensureForUser(user);
    const started = Date.now();
    const now = new Date().toISOString();
    for (let i = 0; i < TRACKS; i += 1000) {
      const rows = Array.from({ length: Math.min(1000, TRACKS - i) }, (_, k) => {
        const t = title(i + k);
        return { id: `b${i + k}`, title: t, genre: 'Other', artist_id: user.id, storage_key: `bench/${i + k}`, content_type: 'audio/mpeg', size_bytes: 1, duration: 60, search_text: `${t} bench artist`, created_at: now };
      });
      await db.insertInto('tracks').values(rows).execute();
    }
    if (dialect === 'postgres') await sql`ANALYZE tracks`.execute(db);
    console.log(`${label}: inserted ${TRACKS} tracks in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    const indexed = new TrackRepository(db, dialect);
    const results: Array<{ query: string; matches: number; indexedMs: number; scanMs: number }> = [];
    for (const query of QUERIES) {
      const search = query.toLowerCase();
      const matches = await indexed.count({ search });
      const indexedMs = await median(() => Promise.all([indexed.list({ search }, 0, 9), indexed.count({ search })]));
      let scanMs: number;
      if (dialect === 'postgres') {
        scanMs = await median(() =>
          db.transaction().execute(async (trx) => {
            await sql`SET LOCAL enable_bitmapscan = off`.execute(trx);
            await sql`SET LOCAL enable_indexscan = off`.execute(trx);
            const scan = new TrackRepository(trx as never, 'postgres');
            return Promise.all([scan.list({ search }, 0, 9), scan.count({ search })]);
          }),
        );
      } else {
        // The 'postgres' path skips the FTS prefilter: the plain LIKE scans every row on SQLite.
        const scan = new TrackRepository(db, 'postgres');
        scanMs = await median(() => Promise.all([scan.list({ search }, 0, 9), scan.count({ search })]));
      }
      results.push({ query, matches, indexedMs, scanMs });
    }
    console.log(`| engine | query | matches | indexed (median ms) | full scan (median ms) |`);
    console.log(`| --- | --- | --- | --- | --- |`);
    for (const r of results) console.log(`| ${label} | \`${r.query}\` | ${r.matches} | ${r.indexedMs.toFixed(1)} | ${r.scanMs.toFixed(1)} |`);
  } finally {
    await context.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await onEveryEngine(run);
