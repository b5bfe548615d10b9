/**
 * Search in lyrics: what GET /api/search costs with the "In lyrics" half and without it (the
 * reference: the same SearchService without the lyrics repository), median of 15 runs, over
 * BENCH_TRACKS tracks that all have lyrics (16 lines of 6 words from a Latin and Cyrillic
 * vocabulary with Zipf's frequencies), on SQLite and (when TEST_DATABASE_URL is set) PostgreSQL.
 *
 *   npx tsx --conditions=source bench/lyrics-search.bench.ts
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx --conditions=source bench/lyrics-search.bench.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { loadConfig } from '../apps/server/src/config.js';
import { createContext } from '../apps/server/src/context.js';
import { lyricsBody, lyricsQueryWords } from '../apps/server/src/lib/lyrics-search.js';
import { SearchService } from '../apps/server/src/services/search.service.js';
import { median, onEveryEngine } from './support.js';

const TRACKS = Number(process.env.BENCH_TRACKS ?? 50_000);
/** A common phrase, a rare word, a rare phrase of Russian words, a phrase found nowhere, and a phrase of a very common word and a common one. */
const QUERIES = ['in the night', 'zebra', 'снег над городом', 'velvet zebra piano', 'under the neon'];
/**
 * 2 000 words drawn by Zipf's law (the n-th word 1/n as often as the first), as in real lyrics:
 * 'in' and 'the' are in nearly every song, most words in few. The named ones lead the ranks.
 */
const NAMED = ['the', 'in', 'night', 'we', 'над', 'under', 'ride', 'neon', 'rain', 'city', 'снег', 'lights', 'heart', 'fire', 'городом', 'ночь', 'огни', 'любовь', 'dust', 'gold'];
const WORDS = [...NAMED, ...Array.from({ length: 2000 - NAMED.length }, (_, i) => `w${i.toString(36)}`)];
const CUMULATIVE = (() => {
  let sum = 0;
  const sums = WORDS.map((_, i) => (sum += 1 / (i + 1)));
  return sums.map((x) => x / sum);
})();
function zipfWord(u: number): string {
  let lo = 0;
  let hi = CUMULATIVE.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((CUMULATIVE[mid] ?? 1) < u) lo = mid + 1;
    else hi = mid;
  }
  return WORDS[lo] ?? 'dust';
}

/** mulberry32: deterministic, and random enough that every word follows every other. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function lyricsOf(i: number): string[] {
  const next = random(i + 1);
  const lines: string[] = [];
  for (let l = 0; l < 16; l++) {
    const words: string[] = [];
    for (let w = 0; w < 6; w++) words.push(zipfWord(next()));
    lines.push(words.join(' '));
  }
  // One track in a thousand has a rare word.
  if (i % 1000 === 7) lines[3] = `${lines[3]} zebra`;
  return lines;
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
      const ids = Array.from({ length: Math.min(1000, TRACKS - i) }, (_, k) => i + k);
      await db
        .insertInto('tracks')
        .values(ids.map((n) => ({ id: `b${n}`, title: `track ${n.toString(36)}`, genre: 'Other', artist_id: user.id, storage_key: `bench/${n}`, content_type: 'audio/mpeg', size_bytes: 1, duration: 60, search_text: `track ${n.toString(36)} bench artist`, created_at: now, has_lyrics: 1 })))
        .execute();
      await db
        .insertInto('track_lyrics')
        .values(
          ids.map((n) => {
            const lines = lyricsOf(n).map((text) => ({ text }));
            return { track_id: `b${n}`, kind: 'plain' as const, source: lines.map((l) => l.text).join('\n'), lines: JSON.stringify(lines), lang: null, updated_at: now, body: lyricsBody(lines) };
          }),
        )
        .execute();
    }
    if (dialect === 'postgres') await sql`ANALYZE`.execute(db);
    console.log(`${label}: inserted ${TRACKS} tracks with lyrics in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    const { tracks, profiles, releases, lyrics } = context.repositories;
    const withLyrics = new SearchService({ tracks, profiles, releases, lyrics });
    const reference = new SearchService({ tracks, profiles, releases });
    console.log(`| engine | query | lyrics matches (first 100) | /api/search without lyrics (median ms) | with lyrics (median ms) | ratio |`);
    console.log(`| --- | --- | --- | --- | --- | --- |`);
    for (const q of QUERIES) {
      const matches = (await lyrics.matches(lyricsQueryWords(q), 100)).length;
      const refMs = await median(() => reference.search({ q }));
      const ms = await median(() => withLyrics.search({ q }));
      console.log(`| ${label} | \`${q}\` | ${matches} | ${refMs.toFixed(1)} | ${ms.toFixed(1)} | ${(ms / refMs).toFixed(2)} |`);
    }
    console.log(`load average while measuring: ${os.loadavg().map((n) => n.toFixed(2)).join(' ')}`);
  } finally {
    await context.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await onEveryEngine(run);
