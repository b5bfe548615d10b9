/**
 * The search rows of catalogue.bench.ts (issue 11, goal 1) A/B: a baseline checkout's Platter
 * and this one's, each in a process of its own (bench/support/platter-process.ts) on its own copy
 * of the same seeded database. Each round sends every request to both, one after the other (which
 * one goes first alternates by round), so the machine's noise falls on both alike; RUNS rounds
 * (default 100) after one of warm-up. Prints p50 / p99 of each and the ratios (this / baseline).
 *
 *   git worktree add /tmp/base main && cp -a node_modules /tmp/base/   # the baseline checkout
 *   cp -a /tmp/seeded /tmp/seeded-base                                  # its copy of the data
 *   BASELINE_ROOT=/tmp/base BASELINE_DATA_DIR=/tmp/seeded-base DATA_DIR=/tmp/seeded \
 *     npx tsx --conditions=source bench/search-ab.bench.ts
 *   BASELINE_ROOT=/tmp/base BASELINE_DATABASE_URL=postgres://…/seeded_base DATABASE_URL=postgres://…/seeded \
 *     BETTER_AUTH_SECRET=… npx tsx --conditions=source bench/search-ab.bench.ts
 *
 * The copies differ in this checkout's migrations only, which a baseline would refuse to start on.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { COMMON_WORD, rareWord } from '../apps/server/src/cli/seed-data.js';

const RUNS = Number(process.env.RUNS ?? 100);
const PAGE = 9;
const here = fileURLToPath(new URL('..', import.meta.url));
const baselineRoot = process.env.BASELINE_ROOT;
const baselineData = process.env.BASELINE_DATABASE_URL ? { DATABASE_URL: process.env.BASELINE_DATABASE_URL } : process.env.BASELINE_DATA_DIR ? { DATA_DIR: process.env.BASELINE_DATA_DIR } : undefined;
const data = process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : process.env.DATA_DIR ? { DATA_DIR: process.env.DATA_DIR } : undefined;
if (!baselineRoot || !baselineData || !data || Boolean(baselineData.DATABASE_URL) !== Boolean(data.DATABASE_URL)) {
  console.error('Set BASELINE_ROOT, and DATA_DIR with BASELINE_DATA_DIR (SQLite) or DATABASE_URL with BASELINE_DATABASE_URL (PostgreSQL).');
  process.exit(2);
}

/** Starts the checkout's server on the data; resolves with its origin once it listens. */
function start(root: string, env: Record<string, string>): Promise<{ origin: string; child: ChildProcess }> {
  const { DATA_DIR: _d, DATABASE_URL: _u, ...rest } = process.env;
  // Node itself with tsx's loader (not npx, whose signals do not reach its child), from the checkout.
  const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=source', path.join(here, 'bench/support/platter-process.ts'), root], {
    cwd: root,
    env: { ...rest, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${root}: exited with ${code}`)));
    readline.createInterface({ input: child.stdout! }).on('line', (line) => {
      const port = /^PORT (\d+)$/.exec(line)?.[1];
      if (port) resolve({ origin: `http://127.0.0.1:${port}`, child });
    });
  });
}

const [baseline, candidate] = await Promise.all([start(path.resolve(baselineRoot), baselineData), start(here, data)]);
const servers = [
  { name: 'baseline', ...baseline },
  { name: 'this', ...candidate },
];

const rare = rareWord(1234);
const requests = [
  ...[
    ['rare word', rare],
    ['word in a quarter of titles', COMMON_WORD],
    ['two letters', 'ka'],
    ['Cyrillic', 'ночь'],
  ].flatMap(([what, q]) => [
    { name: `home filter, ${what} (${q})`, path: `/api/tracks?q=${encodeURIComponent(q!)}&pageSize=${PAGE}` },
    { name: `/api/search, ${what} (${q})`, path: `/api/search?q=${encodeURIComponent(q!)}` },
  ]),
  { name: '/api/search, one-letter typo (lvoe)', path: `/api/search?q=lvoe` },
  { name: `/api/search, one-letter typo (${rare.slice(0, 3)}${rare.slice(4)})`, path: `/api/search?q=${encodeURIComponent(rare.slice(0, 3) + rare.slice(4))}` },
];

const times = servers.map(() => new Map<string, number[]>(requests.map((r) => [r.name, []])));
const bodies = new Map<string, string[]>();
const loadBefore = os.loadavg();
for (let round = 0; round <= RUNS; round++) {
  for (const request of requests) {
    const order = round % 2 === 0 ? [0, 1] : [1, 0];
    for (const i of order) {
      const started = performance.now();
      const response = await fetch(`${servers[i]!.origin}${request.path}`);
      const body = await response.text();
      const ms = performance.now() - started;
      if (!response.ok) throw new Error(`${servers[i]!.name}, ${request.name}: ${response.status} ${body}`);
      if (round === 0) bodies.set(`${i} ${request.name}`, [body]);
      else times[i]!.get(request.name)!.push(ms);
    }
  }
}
const loadAfter = os.loadavg();
await Promise.all(servers.map((server) => new Promise((resolve) => server.child.once('exit', resolve).kill('SIGTERM'))));

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};
const engine = data.DATABASE_URL ? 'PostgreSQL' : 'SQLite';
console.log(`\n${engine}; ${RUNS} rounds, A/B interleaved; load average ${loadBefore.map((l) => l.toFixed(2)).join(' ')} → ${loadAfter.map((l) => l.toFixed(2)).join(' ')}\n`);
console.log('| request | baseline p50 / p99 ms | this p50 / p99 ms | p50 ratio | p99 ratio | same answer |');
console.log('| --- | ---: | ---: | ---: | ---: | :---: |');
for (const request of requests) {
  const [a, b] = times.map((t) => t.get(request.name)!);
  const same = bodies.get(`0 ${request.name}`)![0] === bodies.get(`1 ${request.name}`)![0] ? 'yes' : 'no';
  const cell = (v: number[]) => `${pct(v, 50).toFixed(1)} / ${pct(v, 99).toFixed(1)}`;
  console.log(`| ${request.name} | ${cell(a!)} | ${cell(b!)} | ${(pct(b!, 50) / pct(a!, 50)).toFixed(2)} | ${(pct(b!, 99) / pct(a!, 99)).toFixed(2)} | ${same} |`);
}
