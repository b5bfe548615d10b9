/**
 * The `search-index-merge` job on a database filled by `npm run seed`, SQLite only:
 * how long each merge step holds the write lock (and the event loop: better-sqlite3 is
 * synchronous), how many steps and how long the whole compaction takes, and what requests
 * meet meanwhile: a rare-word search and a listen (a write), one after the other, for as long as
 * the job runs, against the same requests before it started and after it ended.
 *
 *   cp /tmp/seeded/platter.db /tmp/merge/platter.db   # the job rewrites the index: use a copy
 *   DATA_DIR=/tmp/merge npx tsx --conditions=source bench/search-index-merge.bench.ts
 *   STEP_PAGES=200 DATA_DIR=/tmp/merge npx tsx --conditions=source bench/search-index-merge.bench.ts
 *
 * Platter runs in this process, as in catalogue.bench.ts. A database seeded since the seed merges
 * its index is already compact: the bench says so and does nothing; one seeded before (or written
 * to since) has its segments merged.
 */
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { buildApp } from '../apps/server/src/app.js';
import { rareWord } from '../apps/server/src/cli/seed-data.js';
import { loadConfig } from '../apps/server/src/config.js';
import { createContext } from '../apps/server/src/context.js';
import { MERGE_STEP_PAGES, SearchIndexService } from '../apps/server/src/services/search-index.service.js';

const ROUNDS = Number(process.env.RUNS ?? 100);
const STEP_PAGES = Number(process.env.STEP_PAGES ?? MERGE_STEP_PAGES);
if (!process.env.DATA_DIR || process.env.DATABASE_URL) {
  console.error('Set DATA_DIR to (a copy of) a SQLite database filled by `npm run seed`; PostgreSQL has nothing to merge.');
  process.exit(2);
}

const config = loadConfig({ ...process.env, NODE_ENV: 'production', PLATTER_DEMO: '0', LOG_LEVEL: 'warn', TRUST_PROXY: '127.0.0.1', BETTER_AUTH_SECRET: process.env.BETTER_AUTH_SECRET ?? 'bench-secret-bench-secret-bench-secret-0123' });
const context = await createContext(config);
const app = await buildApp(context);
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
if (!address || typeof address === 'string') throw new Error('no port');
const base = `http://127.0.0.1:${address.port}`;
const index = context.repositories.searchIndex;

const rare = rareWord(1234);
const trackIds = (await context.database.db.selectFrom('tracks').select('id').orderBy('created_at', 'desc').limit(1000).execute()).map((r) => r.id);
let sent = 0;
const requests = [
  { name: `/api/search, rare word (${rare})`, send: () => fetch(`${base}/api/search?q=${rare}`) },
  { name: `home filter, rare word (${rare})`, send: () => fetch(`${base}/api/tracks?q=${rare}&pageSize=9`) },
  {
    name: 'listen (a write)',
    // An address of its own per listen: no rate limit or replay guard in the way.
    send: () => {
      sent += 1;
      return fetch(`${base}/api/tracks/${trackIds[sent % trackIds.length]}/listens`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: base, 'x-forwarded-for': `10.${(sent >> 16) & 255}.${(sent >> 8) & 255}.${sent & 255}` },
        body: '{}',
      });
    },
  },
];

type Times = Map<string, number[]>;
/** One request of each kind in turn, `rounds` rounds or until `until` resolves. */
async function load(rounds: number, until?: Promise<unknown>): Promise<Times> {
  const times: Times = new Map(requests.map((r) => [r.name, []]));
  let done = false;
  void until?.then(() => (done = true));
  for (let round = 0; until ? !done : round < rounds; round++) {
    for (const request of requests) {
      const started = performance.now();
      const response = await request.send();
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${request.name}: ${response.status}`);
      times.get(request.name)!.push(performance.now() - started);
    }
  }
  return times;
}

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};
const row = (values: number[]) => `${pct(values, 50).toFixed(1)} / ${pct(values, 99).toFixed(1)} / ${Math.max(...values).toFixed(1)} (${values.length})`;

const segmentsOf = async () => Object.fromEntries(await Promise.all(index.tables().map(async (t) => [t, await index.segments(t)] as const)));
const segmentsBefore = await segmentsOf();
console.log(`segments before: ${JSON.stringify(segmentsBefore)}; step budget ${STEP_PAGES} pages`);
await load(5); // warm-up
const loadBefore = os.loadavg();
const before = await load(ROUNDS);

// Each merge step timed where it runs: the repository's statement, on the event loop.
const steps: number[] = [];
const mergeStep = index.mergeStep.bind(index);
index.mergeStep = async (...args) => {
  const started = performance.now();
  try {
    return await mergeStep(...args);
  } finally {
    steps.push(performance.now() - started);
  }
};
const service = new SearchIndexService({ index, log: () => undefined, stepPages: STEP_PAGES });
const loop = monitorEventLoopDelay({ resolution: 1 });
loop.enable();
const started = performance.now();
const compaction = service.compact();
const during = await load(0, compaction);
const reports = await compaction;
const wall = performance.now() - started;
loop.disable();
index.mergeStep = mergeStep;

const after = await load(ROUNDS);
const loadAfter = os.loadavg();

console.log(`load average ${loadBefore.map((l) => l.toFixed(2)).join(' ')} → ${loadAfter.map((l) => l.toFixed(2)).join(' ')}`);
for (const r of reports) console.log(`${r.table}: ${r.segmentsBefore} → ${r.segmentsAfter} segments, ${r.steps} steps, merged into one: ${r.merged}`);
if (steps.length === 0) console.log('Nothing to merge: every index has one segment.');
else {
  const slow = steps.flatMap((ms, i) => (ms > 20 ? [`#${i + 1}: ${ms.toFixed(0)}`] : []));
  console.log(`steps over 20 ms (step number: ms): ${slow.join(', ') || 'none'}`);
  console.log(`\nmerge steps (${STEP_PAGES} pages): ${steps.length}; step p50 ${pct(steps, 50).toFixed(1)} ms, p90 ${pct(steps, 90).toFixed(1)}, p99 ${pct(steps, 99).toFixed(1)}, max ${Math.max(...steps).toFixed(1)}; lock held ${(steps.reduce((a, b) => a + b, 0) / 1000).toFixed(2)} s in all; whole job ${(wall / 1000).toFixed(2)} s; longest loop stall ${(loop.max / 1e6).toFixed(1)} ms\n`);
}
console.log('| request | before p50 / p99 / max ms (n) | during the job | after |');
console.log('| --- | ---: | ---: | ---: |');
for (const { name } of requests) console.log(`| ${name} | ${row(before.get(name)!)} | ${during.get(name)!.length ? row(during.get(name)!) : '—'} | ${row(after.get(name)!)} |`);
await app.close();
await context.close();
