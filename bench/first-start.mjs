#!/usr/bin/env node
/**
 * First start, as a new user meets it: `npm start` (scripts/start.mjs) on a fresh, empty DATA_DIR,
 * after `npm install` has built the app. Records the time from running the command to
 *   - /api/health answering,
 *   - the first page of demo tracks (9) listed, each with its cover, and its audio streaming (206),
 *   - the whole demo catalogue (100 tracks) listed,
 * with the machine's load average beside, since generation is CPU-bound.
 *
 *   node bench/first-start.mjs                 # port 8223, the whole catalogue
 *   PORT=8300 node bench/first-start.mjs
 *
 * Prints one JSON line and a Markdown table row for bench/first-start.md.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.PORT ?? 8223);
const base = `http://127.0.0.1:${port}`;
const FIRST_PAGE = 9;
const CATALOGUE = 100;
const TIMEOUT_MS = 10 * 60 * 1000;

const load = () => os.loadavg().map((n) => n.toFixed(2)).join(' ');
/**
 * CPU seconds the server process has used so far (all its threads: the demo workers too, and the
 * child processes it has run and reaped: an ffmpeg encoder, a probe), from /proc on Linux: on a busy
 * machine wall time says more about the neighbours than about Platter. `children` is that part.
 */
function cpuUse(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime, stime, cutime, cstime (fields 14-17 of proc(5); this array starts at field 3).
    const [utime, stime, cutime, cstime] = fields.slice(11, 15).map(Number);
    return { total: +((utime + stime + cutime + cstime) / 100).toFixed(1), children: +((cutime + cstime) / 100).toFixed(1) };
  } catch {
    return { total: null, children: null };
  }
}
const cpuSeconds = (pid) => cpuUse(pid).total;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function get(url, init) {
  try {
    return await fetch(url, init);
  } catch {
    return undefined;
  }
}

async function tracks(pageSize = 100) {
  const response = await get(`${base}/api/tracks?pageSize=${pageSize}`);
  return response?.ok ? response.json() : { items: [], total: 0 };
}

/** The first page is playable when each of its tracks has a cover and its audio answers a range request. */
async function firstPagePlayable() {
  const { items } = await tracks();
  if (items.length < FIRST_PAGE) return false;
  for (const track of items.slice(0, FIRST_PAGE)) {
    if (!track.image) return false;
    const audio = await get(`${base}${track.url}`, { headers: { Range: 'bytes=0-1023' } });
    await audio?.arrayBuffer();
    if (audio?.status !== 206) return false;
  }
  return true;
}

async function until(check, started, everyMs = 100) {
  while (Date.now() - started < TIMEOUT_MS) {
    if (await check()) return (Date.now() - started) / 1000;
    await sleep(everyMs);
  }
  throw new Error('timed out');
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'platter-first-start-'));
const loadBefore = load();
const started = Date.now();
const env = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', PLATTER_DEMO: '1' };
// The whole catalogue, on the embedded default (SQLite), whatever the calling shell has set.
for (const name of ['PLATTER_DEMO_TRACKS', 'DEMO_WORKERS', 'DATABASE_URL']) delete env[name];
// --no-build: measure the start itself, not a rebuild (`npm install` builds a fresh clone).
const server = spawn(process.execPath, ['scripts/start.mjs', '--no-build'], {
  cwd: root,
  env,
  stdio: ['ignore', 'pipe', 'pipe'],
});
const log = [];
server.stdout.on('data', (chunk) => log.push(chunk.toString()));
server.stderr.on('data', (chunk) => log.push(chunk.toString()));

try {
  const health = await until(async () => (await get(`${base}/api/health`))?.ok === true, started);
  const cpuAtHealth = cpuSeconds(server.pid);
  const firstPage = await until(firstPagePlayable, started);
  const loadAtFirstPage = load();
  const cpuAtFirstPage = cpuSeconds(server.pid);
  // Only the total, twice a second: listing 100 tracks ten times a second cost the server CPU in
  // proportion to the wall time (up to ~20 s of a slow run's CPU seconds before 2026-11-28).
  const catalogue = await until(async () => (await tracks(1)).total >= CATALOGUE, started, 500);
  const { total: cpuAtCatalogue, children: childCpuAtCatalogue } = cpuUse(server.pid);
  const result = {
    date: new Date().toISOString().slice(0, 10),
    cpus: os.availableParallelism(),
    node: process.version,
    healthSec: +health.toFixed(1),
    firstPageSec: +firstPage.toFixed(1),
    catalogueSec: +catalogue.toFixed(1),
    cpuSec: { health: cpuAtHealth, firstPage: cpuAtFirstPage, catalogue: cpuAtCatalogue, catalogueChildren: childCpuAtCatalogue },
    load: { before: loadBefore, atFirstPage: loadAtFirstPage, after: load() },
  };
  console.log(JSON.stringify(result));
  console.log(
    `| ${result.date} | ${result.cpus} CPU, Node ${result.node} | ${result.healthSec} s | ${result.firstPageSec} s | ${result.catalogueSec} s | ${cpuAtHealth} / ${cpuAtFirstPage} / ${cpuAtCatalogue} s | ${result.load.before} → ${result.load.after} |`,
  );
} catch (error) {
  console.error(`first start failed: ${error instanceof Error ? error.message : error}\n${log.join('')}`);
  process.exitCode = 1;
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
