/**
 * Radio's background job (issue 14) against issue 11's goal: does the `radio-similar` job
 * (RadioService.refreshSome → RadioRepository.refresh) keep the server answering, with no request
 * blocking the event loop for more than 50 ms, on SQLite where better-sqlite3 runs each refresh
 * statement on the loop (the context passes statementTracks: 3, SQLite's radioStatementTracks in db/dialect.ts)?
 *
 * 1. Seeds a catalogue with the seed CLI (apps/server/dist/cli/seed.js: RADIO_TRACKS tracks,
 *    RADIO_USERS users, their likes and 20 plays each of the first 1,000 users' history), then adds
 *    free tags (track_tags and tracks.tags: one to three of 300 tags per track, skewed) so that the
 *    co-listen, co-like and same-tags signals all have data.
 * 2. Times RadioRepository.refresh itself (the job's statement: DELETE + INSERT … SELECT in one
 *    transaction) in this process, on the most played tracks, for 1, 3, 5, 10 and 25 tracks per
 *    statement (RADIO_STATEMENTS statements each): what one statement holds the loop for.
 *    Then runs RadioService.refreshSome itself in this process for 1, 3 and 10 tracks per
 *    statement (RADIO_JOB_SECONDS each, 12 by default, on fresh copies), with
 *    monitorEventLoopDelay on this process's loop, where nothing else runs: the delay the job alone
 *    causes at each statement size.
 * 3. Starts the built server twice on copies of that database, with bench/support/loop-delay.mjs
 *    preloaded (perf_hooks.monitorEventLoopDelay inside the server, 1 ms resolution): the
 *    reference, whose radio cursors are set past the last play and the last track (its startup
 *    `radio-similar` run finds nothing to do), and the job run, whose startup run refreshes every
 *    played track then walks the catalogue. In each, once the job is under way, a worker thread
 *    sends GET /api/health, then GET /api/tracks?page=1&pageSize=9, one request at a time
 *    (the next when the previous has answered) for RADIO_WINDOW seconds.
 *
 *   npx tsx bench/radio-job.bench.ts
 *   # RADIO_TRACKS=20000 RADIO_USERS=2000 RADIO_WINDOW=45 RADIO_STATEMENTS=20 RADIO_JOB_SECONDS=12
 */
import { execFile } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Worker } from 'node:worker_threads';
import SqliteDatabase from 'better-sqlite3';
import { BuiltServer, buildServer, builtEntry, freePort, repoRoot } from '../apps/server/test/support/built-server.js';
import { openDatabase } from '../apps/server/src/db/database.js';
import { RadioRepository } from '../apps/server/src/repositories/radio.repository.js';
import { type RadioDeps, RadioService } from '../apps/server/src/services/radio.service.js';

const run = promisify(execFile);
const TRACKS = Number(process.env.RADIO_TRACKS ?? 20_000);
const USERS = Number(process.env.RADIO_USERS ?? 2_000);
const WINDOW_S = Number(process.env.RADIO_WINDOW ?? 45);
const STATEMENTS = Number(process.env.RADIO_STATEMENTS ?? 20);
const SIZES = [1, 3, 5, 10, 25];
const JOB_SIZES = [1, 3, 10];
const JOB_SECONDS = Number(process.env.RADIO_JOB_SECONDS ?? 12);
const here = path.dirname(fileURLToPath(import.meta.url));
const load = () => fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const f = (x: number) => x.toFixed(1);

interface LoopSnapshot {
  count: number;
  p50: number;
  p99: number;
  max: number;
  mean: number;
}

buildServer();
const loadBefore = load();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'platter-radio-bench-'));
const seedDir = path.join(dir, 'seed');

try {
  // 1. The catalogue.
  const started = performance.now();
  await run(process.execPath, [path.join(path.dirname(builtEntry), 'cli/seed.js'), '--tracks', String(TRACKS), '--users', String(USERS)], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: seedDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    maxBuffer: 16 * 1024 * 1024,
  });
  const seedFile = path.join(seedDir, 'platter.db');
  const seeded = new SqliteDatabase(seedFile);
  {
    // Free tags: a skewed pick of 300, one to three per track, dated with the track.
    let state = 11;
    const random = () => ((state = (state * 1103515245 + 12345) % 2147483648) / 2147483648);
    const tracks = seeded.prepare('select id, created_at from tracks').all() as Array<{ id: string; created_at: string }>;
    const insert = seeded.prepare('insert or ignore into track_tags (track_id, tag, created_at) values (?, ?, ?)');
    const setTags = seeded.prepare('update tracks set tags = ? where id = ?');
    seeded.transaction(() => {
      for (const track of tracks) {
        const tags = [...new Set(Array.from({ length: 1 + Math.floor(random() * 3) }, () => `tag${Math.floor(300 * random() ** 2)}`))];
        for (const tag of tags) insert.run(track.id, tag, track.created_at);
        setTags.run(JSON.stringify(tags), track.id);
      }
    })();
  }
  const count = (db: SqliteDatabase.Database, table: string) => (db.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
  const rows = Object.fromEntries(['tracks', 'user', 'track_likes', 'listens', 'history', 'track_tags'].map((table) => [table, count(seeded, `"${table}"`)]));
  seeded.pragma('wal_checkpoint(TRUNCATE)');
  seeded.close();
  const seedSeconds = (performance.now() - started) / 1000;

  const copyOf = (name: string) => {
    const target = path.join(dir, name);
    fs.mkdirSync(target);
    for (const file of fs.readdirSync(seedDir)) {
      if (!file.startsWith('platter.db-')) fs.cpSync(path.join(seedDir, file), path.join(target, file), { recursive: true });
    }
    return target;
  };

  // 2. The statement itself, timed in this process (on a copy of its own).
  const statementDir = copyOf('statements');
  const statementRows: string[] = [];
  {
    const database = openDatabase({ dataDir: statementDir });
    const radio = new RadioRepository(database.db, 'sqlite');
    const raw = new SqliteDatabase(path.join(statementDir, 'platter.db'), { readonly: true });
    // The most played tracks first: the heaviest seeds (most listeners, each with their plays).
    const played = (raw.prepare('select track_id from history group by track_id order by count(*) desc').all() as Array<{ track_id: string }>).map((r) => r.track_id);
    raw.close();
    let next = 0;
    for (const size of SIZES) {
      const times: number[] = [];
      let written = 0;
      for (let i = 0; i < STATEMENTS; i++) {
        const ids = played.slice(next, next + size);
        next = (next + size) % Math.max(1, played.length - size);
        const t = performance.now();
        written += await radio.refresh(ids, new Date().toISOString());
        times.push(performance.now() - t);
        await new Promise((resolve) => setImmediate(resolve));
      }
      statementRows.push(`| ${size} | ${STATEMENTS} | ${f(percentile(times, 50))} | ${f(percentile(times, 90))} | **${f(Math.max(...times))}** | ${f(percentile(times, 50) / size)} | ${Math.round(written / STATEMENTS)} | ${load()} |`);
    }
    await database.close();
  }

  // 2b. The job itself (RadioService.refreshSome) in this process, with nothing else on its loop,
  // for a few statement sizes: the loop delay it causes, each on a fresh copy, stopped after
  // JOB_SECONDS (the signal is read between batches of plays, so it ends within one batch).
  const jobRows: string[] = [];
  for (const size of JOB_SIZES) {
    const database = openDatabase({ dataDir: copyOf(`job-${size}`) });
    const radio = new RadioRepository(database.db, 'sqlite');
    const service = new RadioService({ radio, statementTracks: size, log: () => {} } as unknown as RadioDeps);
    const histogram = monitorEventLoopDelay({ resolution: 1 });
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), JOB_SECONDS * 1000);
    histogram.enable();
    const t = performance.now();
    const refreshed = await service.refreshSome({ signal: controller.signal });
    const seconds = (performance.now() - t) / 1000;
    histogram.disable();
    clearTimeout(timer);
    const ms = (ns: number) => ns / 1e6;
    jobRows.push(`| ${size} | ${seconds.toFixed(1)} | ${refreshed} | ${f(refreshed / seconds)} | ${f(ms(histogram.percentile(50)))} | **${f(ms(histogram.percentile(99)))}** | ${f(ms(histogram.max))} | ${load()} |`);
    await database.close();
  }

  // 3. The server, idle (reference) and with the job running.
  const PROBE_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
let stopped = false;
const results = Object.fromEntries(workerData.urls.map((u) => [u, { latencies: [], failures: 0 }]));
parentPort.once('message', () => void (stopped = true));
(async () => {
  for (let i = 0; !stopped; i++) {
    const url = workerData.urls[i % workerData.urls.length];
    const started = performance.now();
    try {
      const response = await fetch(workerData.base + url);
      await response.arrayBuffer();
      if (response.status !== 200) results[url].failures += 1;
      results[url].latencies.push(performance.now() - started);
    } catch {
      results[url].failures += 1;
    }
  }
  parentPort.postMessage(results);
})();
`;
  const PROBES = ['/api/health', '/api/tracks?page=1&pageSize=9'];
  type ProbeResults = Record<string, { latencies: number[]; failures: number }>;

  async function measure(label: string, dataDir: string, ready: (db: SqliteDatabase.Database) => boolean) {
    const loopFile = path.join(dir, `${label}-loop.json`);
    const server = await BuiltServer.start({
      port: await freePort(),
      dataDir,
      env: { NODE_OPTIONS: `--import ${path.join(here, 'support/loop-delay.mjs')}`, LOOP_DELAY_FILE: loopFile, LOG_LEVEL: 'warn' },
    });
    const loopSnapshot = async (): Promise<LoopSnapshot> => {
      fs.rmSync(loopFile, { force: true });
      process.kill(server.pid, 'SIGUSR2');
      for (let i = 0; i < 200; i++) {
        if (fs.existsSync(loopFile)) return JSON.parse(fs.readFileSync(loopFile, 'utf8')) as LoopSnapshot;
        await sleep(25);
      }
      throw new Error('the server did not answer SIGUSR2 (is loop-delay.mjs preloaded?)');
    };
    const watch = new SqliteDatabase(path.join(dataDir, 'platter.db'), { readonly: true });
    const similar = () => count(watch, 'track_similar');
    try {
      // Startup over (migrations, the first jobs claimed), and for the job run, the job under way.
      const deadline = Date.now() + 120_000;
      await sleep(3000);
      while (!ready(watch)) {
        if (Date.now() > deadline) throw new Error(`${label}: the radio-similar job did not start within two minutes`);
        await sleep(200);
      }
      const similarBefore = similar();
      await loopSnapshot();
      const worker = new Worker(PROBE_WORKER, { eval: true, workerData: { base: server.baseUrl, urls: PROBES } });
      await sleep(WINDOW_S * 1000);
      const answer = once(worker, 'message');
      worker.postMessage('stop');
      const [results] = (await answer) as [ProbeResults];
      await worker.terminate();
      const loop = await loopSnapshot();
      const similarAfter = similar();
      return { label, loop, results, similarBefore, similarAfter, loadAfter: load() };
    } catch (error) {
      console.error(server.output());
      throw error;
    } finally {
      watch.close();
      await server.stop();
    }
  }

  const referenceDir = copyOf('reference');
  {
    // Cursors past the last play and the last visible track: the startup run finds nothing to do.
    const db = new SqliteDatabase(path.join(referenceDir, 'platter.db'));
    const lastPlay = db.prepare('select played_at as at, track_id as id from history order by played_at desc, track_id desc limit 1').get() as { at: string; id: string };
    const lastTrack = db.prepare('select created_at as at, id from tracks where hidden = 0 order by created_at desc, id desc limit 1').get() as { at: string; id: string };
    const set = db.prepare('insert into radio_cursors (name, value) values (?, ?) on conflict (name) do update set value = excluded.value');
    set.run('activity', `${lastPlay.at}~${lastPlay.id}`);
    set.run('catalogue', `${lastTrack.at}~${lastTrack.id}`);
    db.close();
  }
  const reference = await measure('reference', referenceDir, () => true);
  const jobRun = await measure('job', copyOf('job'), (db) => count(db, 'track_similar') > 0);

  const p99 = (r: typeof reference, url: string) => percentile(r.results[url]!.latencies, 99);
  console.log(`Machine: ${os.cpus().length} CPUs (${os.cpus()[0]?.model.trim()}), Node ${process.version}; load before ${loadBefore}, after ${load()}`);
  console.log(`Seeded in ${seedSeconds.toFixed(0)} s (seed CLI + tags): ${Object.entries(rows).map(([t, n]) => `${t} ${n.toLocaleString('en')}`).join(', ')}`);
  console.log('');
  console.log('RadioRepository.refresh, one statement (DELETE + INSERT … SELECT, one transaction), on the most played tracks first:');
  console.log('');
  console.log('| tracks per statement | statements | p50 (ms) | p90 (ms) | max (ms) | p50 per track (ms) | rows written per statement | load after |');
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const row of statementRows) console.log(row);
  console.log('');
  console.log(`RadioService.refreshSome in this process (nothing else on its loop), stopped after ${JOB_SECONDS} s, by tracks per statement:`);
  console.log('');
  console.log('| tracks per statement | seconds | tracks refreshed | tracks / s | loop delay p50 (ms) | loop delay p99 (ms) | loop delay max (ms) | load after |');
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const row of jobRows) console.log(row);
  console.log('');
  console.log(`The built server, ${WINDOW_S} s each; probes one at a time, alternating ${PROBES.join(' and ')}:`);
  console.log('');
  console.log('| run | track_similar rows (start → end) | loop delay p50 (ms) | loop delay p99 (ms) | loop delay max (ms) | ' + PROBES.map((u) => `${u} n / p50 / p99 / max (ms)`).join(' | ') + ' | load after |');
  console.log('| --- | --- | --- | --- | --- | ' + PROBES.map(() => '---').join(' | ') + ' | --- |');
  for (const r of [reference, jobRun]) {
    const probes = PROBES.map((u) => {
      const { latencies, failures } = r.results[u]!;
      return `${latencies.length}${failures ? ` (${failures} failed)` : ''} / ${f(percentile(latencies, 50))} / ${f(percentile(latencies, 99))} / ${f(Math.max(...latencies))}`;
    });
    console.log(`| ${r.label === 'job' ? 'radio-similar running' : 'reference (job idle)'} | ${r.similarBefore} → ${r.similarAfter} | ${f(r.loop.p50)} | **${f(r.loop.p99)}** | ${f(r.loop.max)} | ${probes.join(' | ')} | ${r.loadAfter} |`);
  }
  console.log('');
  for (const u of PROBES) console.log(`p99 ratio job / reference, ${u}: ${(p99(jobRun, u) / p99(reference, u)).toFixed(2)}`);
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
