/**
 * OpenSubsonic's full sync at depth (issue 31, item 3): a client walks search3 with an empty query
 * (songs) and getAlbumList2 alphabeticalByName 500 at a time to the end, each offset the previous
 * one plus 500, as Symfonium and Substreamer do. Prints the time of the first pages and of the
 * deepest ones (offset ≥ 100,000 when the catalogue has them) and their ratio, then the same deep
 * page asked for out of the blue (a jump: no remembered place, so an OFFSET walk of the index),
 * with the machine's load average beside.
 *
 *   DATA_DIR=/tmp/sync-seed npm run seed -- --tracks 100000 --users 10000
 *   DATA_DIR=/tmp/sync-seed npx tsx --conditions=source bench/subsonic-sync.mjs
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/sync_seed BETTER_AUTH_SECRET=… npx tsx --conditions=source bench/subsonic-sync.mjs
 *
 * Platter runs in this process on the seeded database (PLATTER_DEMO=0) at PORT (default 8471,
 * loopback only); the seed's user0 signs in and makes an API key for the walk.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../apps/server/src/app.js';
import { SEED_EMAIL_DOMAIN, SEED_PASSWORD } from '../apps/server/src/cli/seed.js';
import { loadConfig } from '../apps/server/src/config.js';
import { createContext } from '../apps/server/src/context.js';

const SIZE = 500;
const DEEP = 100_000;
const JUMPS = Number(process.env.JUMPS ?? 5);

if (!process.env.DATA_DIR && !process.env.DATABASE_URL) {
  console.error('Set DATA_DIR (SQLite) or DATABASE_URL (PostgreSQL) to a database filled by `npm run seed`.');
  process.exit(2);
}

const load = () => os.loadavg().map((l) => l.toFixed(1)).join(' ');
const loadAtStart = load();
const config = loadConfig({
  ...process.env,
  NODE_ENV: 'production',
  PLATTER_DEMO: '0',
  LOG_LEVEL: 'warn',
  BETTER_AUTH_SECRET: process.env.BETTER_AUTH_SECRET ?? 'bench-secret-bench-secret-bench-secret-0123',
});
const context = await createContext(config);
const app = await buildApp(context);
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 8471) });
const base = `http://127.0.0.1:${app.server.address().port}`;

const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', origin: base },
  body: JSON.stringify({ email: `user0@${SEED_EMAIL_DOMAIN}`, password: SEED_PASSWORD }),
});
if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
const cookie = signIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
const made = await fetch(`${base}/api/me/subsonic-credentials`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', origin: base, cookie },
  body: JSON.stringify({ kind: 'apiKey', name: `bench ${Date.now()}` }),
});
if (made.status !== 201) throw new Error(`API key: ${made.status} ${await made.text()}`);
const { secret: apiKey } = await made.json();

async function call(method, params) {
  const query = new URLSearchParams({ apiKey, f: 'json', v: '1.16.1', c: 'bench', ...params });
  const started = performance.now();
  const response = await fetch(`${base}/rest/${method}?${query}`);
  const body = (await response.json())['subsonic-response'];
  const ms = performance.now() - started;
  if (body.status !== 'ok') throw new Error(`${method}: ${JSON.stringify(body.error)}`);
  return { body, ms };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};

/** Walks a list to its end; answers each page's offset and time. */
async function walk(page) {
  const pages = [];
  for (let offset = 0; ; offset += SIZE) {
    const { items, ms } = await page(offset);
    pages.push({ offset, ms, items });
    if (items < SIZE) return pages;
  }
}

const lists = {
  'search3 (empty query), songs': (offset) =>
    call('search3', { query: '', songCount: String(SIZE), songOffset: String(offset), artistCount: '0', albumCount: '0' }).then(({ body, ms }) => ({ items: (body.searchResult3.song ?? []).length, ms })),
  'getAlbumList2 alphabeticalByName': (offset) =>
    call('getAlbumList2', { type: 'alphabeticalByName', size: String(SIZE), offset: String(offset) }).then(({ body, ms }) => ({ items: (body.albumList2.album ?? []).length, ms })),
};

console.log(`engine ${config.databaseUrl ? 'PostgreSQL' : 'SQLite'}, ${os.cpus().length} cores, load average at start ${loadAtStart}`);
console.log('| list | pages walked | first 3 pages, median ms | deepest 3 pages (offset), median ms | deep / first | the deepest offset as a jump (OFFSET), median of ' + JUMPS + ' ms | load average after |');
console.log('| --- | ---: | ---: | ---: | ---: | ---: | --- |');
for (const [name, page] of Object.entries(lists)) {
  const pages = await walk(page);
  const full = pages.filter((p) => p.items === SIZE);
  const first = median(full.slice(0, 3).map((p) => p.ms));
  const deepPages = full.filter((p) => p.offset >= DEEP).slice(0, 3);
  const deepest = deepPages.length > 0 ? deepPages : full.slice(-3);
  const deep = median(deepest.map((p) => p.ms));
  // The same deep page, asked for with no remembered place (a jump from offset 0 first resets it).
  const jumps = [];
  for (let i = 0; i < JUMPS; i++) {
    await page(0);
    jumps.push((await page(deepest[0].offset)).ms);
  }
  console.log(`| ${name} | ${pages.length} | ${first.toFixed(1)} | ${deep.toFixed(1)} (${deepest[0].offset.toLocaleString('en')}) | ${(deep / first).toFixed(2)} | ${median(jumps).toFixed(1)} | ${load()} |`);
}

await app.close();
await context.close?.();
