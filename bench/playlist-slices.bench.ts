/**
 * How long the whole playlist (`GET /api/playlists/:id` without `?page=`, the seed's largest)
 * holds the event loop, measured so that a busy machine does not count: a 1 ms timer notes, at
 * each turn of the loop, the wall time since the last turn and the main thread's own CPU time in
 * it (Linux `/proc/thread-self/schedstat`, nanoseconds). The longest wall gap is what a client
 * waiting behind the request would see on this machine now (other processes included); the
 * longest CPU stretch is the work the request did without letting the loop turn, wherever it runs.
 *
 *   DATA_DIR=/tmp/seeded RUNS=50 npx tsx --conditions=source bench/playlist-slices.bench.ts
 *   DATABASE_URL=postgres://…/seeded BETTER_AUTH_SECRET=… npx tsx --conditions=source bench/playlist-slices.bench.ts
 *
 * With CHANGE=1 the requests are changes asked without `?page=`, which answer the whole playlist
 * too: a user signed up for the bench owns a copy of the largest playlist (the same tracks, in one
 * transaction) and adds a track to it, then removes that entry, by turns; the copy and the user
 * are deleted at the end.
 *
 * Platter runs in this process (so the loop measured is the server's), PLATTER_DEMO=0; the first
 * request is a warm-up and not counted. Meanwhile a neighbour in a worker thread (its own event
 * loop, so it asks whenever it likes) reads the playlist's first page (`?page=1&pageSize=50`) over
 * and over, 5 ms apart: how long it waits is what the whole playlist costs everyone else.
 */
import fs from 'node:fs';
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { createContext } from '../apps/server/src/context.js';
import { Client } from '../apps/server/test/support/http-client.js';

const RUNS = Number(process.env.RUNS ?? 50);
const CHANGE = process.env.CHANGE === '1';
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
const largest = await context.database.db.selectFrom('playlists').select(['id', 'track_count']).orderBy('track_count', 'desc').executeTakeFirstOrThrow();

/** CHANGE=1: the bench's own user and its copy of the largest playlist, and the track it adds and removes. */
const owner = new Client(base);
let change: { userId: string; trackId: string } | undefined;
let playlist = largest;
if (CHANGE) {
  const user = await owner.signUp('Playlist bench', `playlist-bench-${Date.now()}@example.com`);
  const entries = await context.database.db
    .selectFrom('playlist_tracks')
    .innerJoin('tracks', 'tracks.id', 'playlist_tracks.track_id')
    .select(['tracks.id', 'tracks.duration'])
    .where('playlist_tracks.playlist_id', '=', largest.id)
    .orderBy('playlist_tracks.position')
    .execute();
  const copy = await context.services.playlists.createWith(user.id, 'Playlist bench', entries);
  playlist = { id: copy.id, track_count: entries.length };
  change = { userId: user.id, trackId: entries[0]?.id as string };
}
let added: string | undefined;
/** One request: the whole playlist, or (CHANGE=1) an add or the removal of what the last one added. */
const ask = async (): Promise<Response> => {
  if (!change) return fetch(`${base}/api/playlists/${playlist.id}`);
  if (added === undefined) return owner.request('POST', `/api/playlists/${playlist.id}/tracks`, { json: { trackId: change.trackId } });
  const entryId = added;
  added = undefined;
  return owner.request('DELETE', `/api/playlists/${playlist.id}/tracks/${entryId}`);
};

/** The main thread's time on a CPU so far, in ms. */
const cpuMs = () => Number(fs.readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]) / 1e6;
let lastWall = performance.now();
let lastCpu = cpuMs();
let worst = { wall: 0, cpu: 0 };
const ticker = setInterval(() => {
  const wall = performance.now();
  const cpu = cpuMs();
  worst = { wall: Math.max(worst.wall, wall - lastWall), cpu: Math.max(worst.cpu, cpu - lastCpu) };
  lastWall = wall;
  lastCpu = cpu;
}, 1);

/** The neighbour: plain JavaScript, so it runs the same from the sources. */
const NEIGHBOUR = `
const { parentPort, workerData } = require('node:worker_threads');
const times = [];
let running = true;
parentPort.on('message', () => { running = false; });
(async () => {
  while (running) {
    const started = performance.now();
    await (await fetch(workerData.url)).arrayBuffer();
    times.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  parentPort.postMessage(times);
})();
`;
const neighbour = new Worker(NEIGHBOUR, { eval: true, workerData: { url: `${base}/api/playlists/${playlist.id}?page=1&pageSize=50` } });
const neighbourTimes = new Promise<number[]>((resolve) => neighbour.once('message', resolve));

const times: number[] = [];
const wallStalls: number[] = [];
const cpuStretches: number[] = [];
let bytes = 0;
const loadBefore = os.loadavg();
for (let run = 0; run <= RUNS; run++) {
  // A fresh start for each request: the ticker's last turn is now.
  await new Promise((resolve) => setTimeout(resolve, 5));
  worst = { wall: 0, cpu: 0 };
  const started = performance.now();
  const adding = CHANGE && added === undefined;
  const response = await ask();
  const body = await response.arrayBuffer();
  const ms = performance.now() - started;
  if (!response.ok) throw new Error(`${response.status} ${Buffer.from(body).toString()}`);
  if (adding) added = (JSON.parse(Buffer.from(body).toString()) as { entries: Array<{ entryId: string }> }).entries.at(-1)?.entryId;
  // Let the ticker see the loop once more.
  await new Promise((resolve) => setTimeout(resolve, 3));
  if (run === 0) {
    bytes = body.byteLength;
    continue;
  }
  times.push(ms);
  wallStalls.push(worst.wall);
  cpuStretches.push(worst.cpu);
}
clearInterval(ticker);
neighbour.postMessage('stop');
// Its first answers came while the server warmed up.
const neighbours = (await neighbourTimes).slice(5);
await neighbour.terminate();
const loadAfter = os.loadavg();

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0).toFixed(1);
};
console.log(
  `\n${context.database.dialect === 'postgres' ? 'PostgreSQL' : 'SQLite'}: ${CHANGE ? 'an add or a removal, answered with every entry of' : 'every entry of'} the playlist of ${playlist.track_count} tracks (${(bytes / 1024).toFixed(1)} KB); ${RUNS} requests; load average ${loadBefore.map((l) => l.toFixed(2)).join(' ')} → ${loadAfter.map((l) => l.toFixed(2)).join(' ')}\n`,
);
console.log('| | p50 | p90 | p99 | max |');
console.log('| --- | ---: | ---: | ---: | ---: |');
for (const [name, values] of [
  ['answer, ms', times],
  ['longest loop stall (wall) in a request, ms', wallStalls],
  ['longest main-thread CPU stretch in a request, ms', cpuStretches],
  [`meanwhile, page 1 for a neighbour (${neighbours.length} answers), ms`, neighbours],
] as const) {
  console.log(`| ${name} | ${pct(values, 50)} | ${pct(values, 90)} | ${pct(values, 99)} | ${pct(values, 100)} |`);
}
if (change) {
  await context.services.playlists.delete(change.userId, playlist.id);
  await context.database.db.deleteFrom('user').where('id', '=', change.userId).execute();
}
await app.close();
await context.close();
