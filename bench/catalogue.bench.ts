/**
 * Catalogue reads at the size of a real service (issue 11, goals 1 and 2): every request a
 * listener's screens make, through HTTP, one at a time, against a database filled by
 * `npm run seed` (1,000,000 tracks and 100,000 users), printing p50 / p99 per request and the
 * longest event-loop stall seen while it was served (perf_hooks.monitorEventLoopDelay).
 *
 *   DATA_DIR=/tmp/seeded npm run seed -- --tracks 1000000 --users 100000
 *   DATA_DIR=/tmp/seeded npx tsx --conditions=source bench/catalogue.bench.ts
 *   BENCH_ONLY=playlist RUNS=50 DATA_DIR=/tmp/seeded npx tsx --conditions=source bench/catalogue.bench.ts   # a subset
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/seeded BETTER_AUTH_SECRET=… npx tsx --conditions=source bench/catalogue.bench.ts
 *   BENCH_JSON=/tmp/1m.json …   # also the figures as JSON, for the growth table (bench/catalogue-growth.mjs)
 *
 * Platter runs in this process (so the event loop measured is the server's; the client only
 * waits), on the configured database, with PLATTER_DEMO=0. Requests go round-robin over the
 * list, RUNS rounds (default 200), so the machine's noise falls on all of them alike. The first
 * round is a warm-up and not counted.
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { buildApp } from '../apps/server/src/app.js';
import { SEED_EMAIL_DOMAIN, SEED_PASSWORD } from '../apps/server/src/cli/seed.js';
import { COMMON_WORD, rareWord } from '../apps/server/src/cli/seed-data.js';
import { loadConfig } from '../apps/server/src/config.js';
import { createContext } from '../apps/server/src/context.js';

const RUNS = Number(process.env.RUNS ?? 200);
/** Only the requests whose name matches this regular expression (e.g. BENCH_ONLY=playlist). */
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : undefined;
const PAGE = 9;

if (!process.env.DATA_DIR && !process.env.DATABASE_URL) {
  console.error('Set DATA_DIR (SQLite) or DATABASE_URL (PostgreSQL) to a database filled by `npm run seed`.');
  process.exit(2);
}

const config = loadConfig({
  ...process.env,
  NODE_ENV: 'production',
  PLATTER_DEMO: '0',
  LOG_LEVEL: 'warn',
  BETTER_AUTH_SECRET: process.env.BETTER_AUTH_SECRET ?? 'bench-secret-bench-secret-bench-secret-0123',
});
const context = await createContext(config);
const app = await buildApp(context);
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
if (!address || typeof address === 'string') throw new Error('no port');
const base = `http://127.0.0.1:${address.port}`;
const { db } = context.database;

const tracks = Number((await db.selectFrom('tracks').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
if (tracks < 1000) {
  console.error(`The database has ${tracks} tracks: fill it with \`npm run seed\` first.`);
  process.exit(2);
}

// The seeded landmarks: the first user (the largest artist, subscribed to 1,000 artists) and the largest playlist.
const user0 = await db.selectFrom('user').select('id').where('email', '=', `user0@${SEED_EMAIL_DOMAIN}`).executeTakeFirstOrThrow();
const playlist = await db.selectFrom('playlists').select(['id', 'track_count']).orderBy('track_count', 'desc').executeTakeFirstOrThrow();
const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', origin: base },
  body: JSON.stringify({ email: `user0@${SEED_EMAIL_DOMAIN}`, password: SEED_PASSWORD }),
});
if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
const cookie = signIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');

async function getJson<T>(path: string, headers: Record<string, string> = {}): Promise<T> {
  const response = await fetch(`${base}${path}`, { headers });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

interface Page {
  total: number;
  totalCapped?: boolean;
  items: Array<{ id: string }>;
  anchors?: { first: string; last: string } | null;
}

// Deep pages as the web app reaches them: from the anchors of the page next to them.
const all = await getJson<Page>(`/api/tracks?page=1&pageSize=${PAGE}`);
const lastPage = Math.ceil(all.total / PAGE);
const deepPage = Math.floor(lastPage / 3);
const beforeDeep = await getJson<Page>(`/api/tracks?page=${deepPage - 1}&pageSize=${PAGE}`);
const phonk = await getJson<Page>(`/api/tracks?genre=Phonk&pageSize=${PAGE}`);
const deepPhonk = Math.floor(Math.ceil(phonk.total / PAGE) / 3);
const beforeDeepPhonk = await getJson<Page>(`/api/tracks?genre=Phonk&page=${deepPhonk - 1}&pageSize=${PAGE}`);
const artistTracks = await getJson<Page>(`/api/tracks?artistId=${user0.id}&pageSize=${PAGE}`);

const subscriptions = Number(
  (await db.selectFrom('follows').select((eb) => eb.fn.countAll<number>().as('n')).where('subscriber_id', '=', user0.id).executeTakeFirstOrThrow()).n,
);

const GENRES = ['Rap', 'Hip-Hop', 'Trap', 'Pop', 'Phonk', 'Dance', 'Other'];
const rare = rareWord(1234);
/**
 * Each request's `name` says what it asked at this size (a page number, a count); `key` names the
 * same read at every size, for the growth table (bench/catalogue-growth.mjs).
 */
const requests: Array<{ name: string; key?: string; path: string; signedIn?: boolean }> = [
  { name: 'home list, All, page 1', path: `/api/tracks?page=1&pageSize=${PAGE}` },
  ...GENRES.map((genre) => ({ name: `home list, ${genre}, page 1`, path: `/api/tracks?genre=${encodeURIComponent(genre)}&pageSize=${PAGE}` })),
  { name: `home list, All, page ${deepPage} (from page ${deepPage - 1})`, key: 'home list, All, a page a third of the way (from the page before)', path: `/api/tracks?page=${deepPage}&pageSize=${PAGE}&anchor=${encodeURIComponent(beforeDeep.anchors!.last)}` },
  { name: `home list, All, last page (${lastPage})`, key: 'home list, All, last page', path: `/api/tracks?page=${lastPage}&pageSize=${PAGE}` },
  { name: `home list, Phonk, page ${deepPhonk} (from page ${deepPhonk - 1})`, key: 'home list, Phonk, a page a third of the way (from the page before)', path: `/api/tracks?genre=Phonk&page=${deepPhonk}&pageSize=${PAGE}&anchor=${encodeURIComponent(beforeDeepPhonk.anchors!.last)}` },
  ...[
    ['rare word', rare],
    [`word in a quarter of titles`, COMMON_WORD],
    ['two letters', 'ka'],
    ['Cyrillic', 'ночь'],
  ].flatMap(([what, q]) => [
    { name: `home filter, ${what} (${q})`, path: `/api/tracks?q=${encodeURIComponent(q!)}&pageSize=${PAGE}` },
    { name: `/api/search, ${what} (${q})`, path: `/api/search?q=${encodeURIComponent(q!)}` },
  ]),
  { name: '/api/search, one-letter typo (lvoe)', path: `/api/search?q=lvoe` },
  { name: `/api/search, one-letter typo (${rare.slice(0, 3)}${rare.slice(4)})`, key: '/api/search, one-letter typo of the rare word', path: `/api/search?q=${encodeURIComponent(rare.slice(0, 3) + rare.slice(4))}` },
  { name: '/api/genres', path: '/api/genres' },
  { name: '/api/stats', path: '/api/stats' },
  { name: 'top charts', path: '/api/charts/top' },
  { name: `artist page (${artistTracks.total} tracks)`, key: 'artist page (the largest artist)', path: `/api/artists/${user0.id}` },
  { name: "artist's tracks, page 1", path: `/api/tracks?artistId=${user0.id}&pageSize=${PAGE}` },
  { name: "artist's posts", path: `/api/artists/${user0.id}/posts` },
  // What the playlist page asks for (its first and its last page of 50), what Play all reads (pages
  // of 500), and the whole playlist in one answer (the API without ?page=).
  { name: `playlist of ${playlist.track_count} tracks, page 1`, key: 'largest playlist, page 1', path: `/api/playlists/${playlist.id}?page=1&pageSize=50` },
  { name: `playlist of ${playlist.track_count} tracks, last page`, key: 'largest playlist, last page', path: `/api/playlists/${playlist.id}?page=${Math.ceil(playlist.track_count / 50)}&pageSize=50` },
  { name: `playlist of ${playlist.track_count} tracks, 500 entries (Play all)`, key: 'largest playlist, 500 entries (Play all)', path: `/api/playlists/${playlist.id}?page=2&pageSize=500` },
  { name: `playlist of ${playlist.track_count} tracks, every entry at once`, key: 'largest playlist, every entry at once', path: `/api/playlists/${playlist.id}` },
  { name: `news feed, ${subscriptions.toLocaleString('en-US')} subscriptions`, key: 'news feed (the first user: 1,000 subscriptions at 1M)', path: '/api/news', signedIn: true },
].filter((request) => !ONLY || ONLY.test(request.name));

const times = new Map<string, number[]>(requests.map((r) => [r.name, []]));
const stalls = new Map<string, number>(requests.map((r) => [r.name, 0]));
const bytes = new Map<string, number>();
const histogram = monitorEventLoopDelay({ resolution: 5 });
histogram.enable();
const loadBefore = os.loadavg();
for (let round = 0; round <= RUNS; round++) {
  for (const request of requests) {
    histogram.reset();
    const started = performance.now();
    const response = await fetch(`${base}${request.path}`, { headers: request.signedIn ? { cookie } : {} });
    const body = await response.arrayBuffer();
    const ms = performance.now() - started;
    if (!response.ok) throw new Error(`${request.name}: ${response.status} ${Buffer.from(body).toString()}`);
    // Let the histogram see the loop once more, then read the longest stall (ns → ms).
    await new Promise((resolve) => setTimeout(resolve, 6));
    if (round === 0) {
      bytes.set(request.name, body.byteLength);
      continue;
    }
    times.get(request.name)!.push(ms);
    stalls.set(request.name, Math.max(stalls.get(request.name)!, histogram.max / 1e6));
  }
}
histogram.disable();
const loadAfter = os.loadavg();

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};
console.log(`\n${context.database.dialect === 'postgres' ? 'PostgreSQL' : 'SQLite'}: ${tracks.toLocaleString('en-US')} tracks; ${RUNS} rounds; load average ${loadBefore.map((l) => l.toFixed(2)).join(' ')} → ${loadAfter.map((l) => l.toFixed(2)).join(' ')}; RSS ${(process.memoryUsage().rss / 1e6).toFixed(0)} MB\n`);
console.log('| request | p50 ms | p99 ms | longest loop stall ms | response KB |');
console.log('| --- | ---: | ---: | ---: | ---: |');
for (const request of requests) {
  const values = times.get(request.name)!;
  console.log(`| ${request.name} | ${pct(values, 50).toFixed(1)} | ${pct(values, 99).toFixed(1)} | ${stalls.get(request.name)!.toFixed(0)} | ${((bytes.get(request.name) ?? 0) / 1024).toFixed(1)} |`);
}
if (process.env.BENCH_JSON) {
  const result = {
    dialect: context.database.dialect,
    tracks,
    users: Number((await db.selectFrom('user').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n),
    runs: RUNS,
    loadBefore,
    loadAfter,
    at: new Date().toISOString(),
    rows: requests.map((request) => {
      const values = times.get(request.name)!;
      return { key: request.key ?? request.name, name: request.name, p50: pct(values, 50), p99: pct(values, 99), stall: stalls.get(request.name)!, bytes: bytes.get(request.name) ?? 0 };
    }),
  };
  writeFileSync(process.env.BENCH_JSON, `${JSON.stringify(result, null, 2)}\n`);
}
await app.close();
await context.close();
