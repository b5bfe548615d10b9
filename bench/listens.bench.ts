/**
 * Counted listens per second (issue 11, goal 4), and what a `kill -9` leaves behind.
 *
 * Starts the built server (`apps/server/dist/server.js`, built first by `tsc -b`) on SQLite, then
 * on PostgreSQL when TEST_DATABASE_URL is set, each with TRUST_PROXY=127.0.0.1. Per server: an
 * artist, BENCH_TRACKS tracks (rows inserted straight into the database) and BENCH_USERS signed-up
 * listeners. Then BENCH_CLIENTS concurrent clients, half signed in (cycling through the users), half
 * anonymous, POST /api/tracks/:id/listens one after another for BENCH_SECONDS. Every request has a
 * forwarded address of its own, as many listeners behind a proxy would (the route's limit is 120 a
 * minute per address); one request in ten repeats the client's previous play, which the replay
 * guard must not count. Prints requests/s, counted listens/s, p50/p99 and the server's RSS.
 *
 * With BENCH_BASELINE=<commit> the same runs go to a second server built from that commit (copied
 * out with `git archive` into $TMPDIR, sharing this checkout's node_modules), interleaved
 * round by round (baseline, current, baseline, current…), since this machine's load moves.
 *
 * Then the kill -9 run, per server: the same load on tracks of its own; after BENCH_KILL_AFTER
 * seconds the server gets SIGKILL, is started again on the same data, and the database must hold
 * every acknowledged counted listen: per listener and track, listens rows ≥ acknowledgements;
 * sum(listens_count) = rows; rows − acknowledged ≤ requests in flight at the kill.
 *
 *   npx tsx bench/listens.bench.ts
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test BENCH_BASELINE=5c1716f npx tsx bench/listens.bench.ts
 *   # BENCH_SECONDS=10 BENCH_ROUNDS=2 BENCH_CLIENTS=50 BENCH_USERS=100 BENCH_TRACKS=1000 BENCH_KILL_AFTER=4
 *   # BENCH_ENGINES=sqlite,postgres BENCH_KILL=0 (skip the kill run)
 *   # BENCH_SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' (node options of the servers; profiles written at their exit)
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { Client } from '../apps/server/test/support/http-client.js';
import { type FreshDatabase, PlatterProcess, freePorts, freshDatabase } from '../apps/server/test/scale-out/support/cluster.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 50);
/** How many of the clients are signed in (the rest are anonymous). */
const SIGNED_CLIENTS = Number(process.env.BENCH_SIGNED_CLIENTS ?? Math.floor(CLIENTS / 2));
const USERS = Number(process.env.BENCH_USERS ?? 100);
const TRACKS = Number(process.env.BENCH_TRACKS ?? 1000);
const KILL_AFTER = Number(process.env.BENCH_KILL_AFTER ?? 4);
const KILL = process.env.BENCH_KILL !== '0';
const BASELINE = process.env.BENCH_BASELINE;
const ENGINES = (process.env.BENCH_ENGINES ?? 'sqlite,postgres').split(',');
const NODE_ARGS = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean);
const adminDatabaseUrl = process.env.TEST_DATABASE_URL;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const load = () => os.loadavg().map((v) => v.toFixed(2)).join(' ');
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

/** Builds the server of a checkout (tsc -b; a no-op when current). */
function build(checkout: string): void {
  execFileSync(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-b', path.join(checkout, 'packages/shared'), path.join(checkout, 'apps/server')], {
    cwd: checkout,
    stdio: 'inherit',
  });
}

/**
 * A built copy of `commit` in $TMPDIR (made once), using this checkout's node_modules; the server
 * dependencies it has and this checkout no longer has (@fastify/helmet before 5c1716f's successors
 * dropped it) are installed beside it, never into this checkout.
 */
function baselineCheckout(commit: string): string {
  const sha = execFileSync('git', ['rev-parse', '--short', commit], { cwd: root, encoding: 'utf8' }).trim();
  const dir = path.join(os.tmpdir(), `platter-bench-${sha}`);
  if (fs.existsSync(path.join(dir, 'apps/server/dist/server.js'))) return dir;
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  execFileSync('sh', ['-c', `git archive ${sha} | tar -x -C ${dir}`], { cwd: root });
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
  // The server's own node_modules (versions that differ from the root's) as links, plus what is missing.
  const serverModules = path.join(dir, 'apps/server/node_modules');
  fs.mkdirSync(serverModules, { recursive: true });
  const ours = path.join(root, 'apps/server/node_modules');
  for (const entry of fs.existsSync(ours) ? fs.readdirSync(ours) : []) fs.symlinkSync(path.join(ours, entry), path.join(serverModules, entry));
  const { dependencies = {} } = JSON.parse(fs.readFileSync(path.join(dir, 'apps/server/package.json'), 'utf8')) as { dependencies?: Record<string, string> };
  const missing = Object.entries(dependencies).filter(([name]) => !fs.existsSync(path.join(root, 'node_modules', name)) && !fs.existsSync(path.join(serverModules, name)));
  if (missing.length > 0) {
    const extra = path.join(dir, 'extra-modules');
    console.log(`Installing ${missing.map(([name]) => name).join(', ')} for ${sha} in ${extra}…`);
    execFileSync('npm', ['install', '--no-save', '--ignore-scripts', '--no-audit', '--no-fund', '--prefix', extra, ...missing.map(([name, range]) => `${name}@${range}`)], { stdio: 'inherit' });
    for (const [name] of missing) {
      fs.mkdirSync(path.dirname(path.join(serverModules, name)), { recursive: true });
      fs.symlinkSync(path.join(extra, 'node_modules', name), path.join(serverModules, name));
    }
  }
  console.log(`Building ${sha} in ${dir}…`);
  build(dir);
  return dir;
}

/** Row access to a server's database from outside it: the SQLite file (WAL allows a second connection) or PostgreSQL. */
interface BenchDb {
  all<T>(text: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

function openBenchDb(dataDir: string, database: FreshDatabase | undefined): BenchDb {
  if (database) {
    const pool = new pg.Pool({ connectionString: database.url, max: 2 });
    return {
      all: async <T>(text: string, params: unknown[] = []) => {
        let n = 0;
        return (await pool.query(text.replace(/\?/g, () => `$${++n}`), params)).rows as T[];
      },
      close: () => pool.end(),
    };
  }
  const sqlite = new SqliteDatabase(path.join(dataDir, 'platter.db'));
  sqlite.pragma('busy_timeout = 5000');
  return {
    all: async <T>(text: string, params: unknown[] = []) => {
      const statement = sqlite.prepare(text);
      return (statement.reader ? statement.all(...params) : (statement.run(...params), [])) as T[];
    },
    close: async () => {
      sqlite.close();
    },
  };
}

interface Listener {
  cookie: string;
  userId: string;
  /** How many plays this listener has made: it plays the tracks in turn from an offset of its own. */
  plays: number;
}

/** One server under test, with its catalogue and listeners. */
interface Target {
  label: string;
  builtRoot: string;
  env: Record<string, string>;
  process: PlatterProcess;
  database: FreshDatabase | undefined;
  artistId: string;
  listeners: Listener[];
  /** Track ids of the throughput runs. */
  tracks: string[];
}

let addressCounter = 0;
/** A forwarded address nobody used yet in this run (2^24 of them). */
function nextAddress(): string {
  addressCounter++;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

async function insertTracks(db: BenchDb, artistId: string, prefix: string, count: number): Promise<string[]> {
  const ids = Array.from({ length: count }, (_, i) => `${prefix}${String(i).padStart(5, '0')}`);
  const at = new Date().toISOString();
  for (let i = 0; i < ids.length; i += 100) {
    const chunk = ids.slice(i, i + 100);
    await db.all(
      `INSERT INTO tracks (id, title, genre, artist_id, storage_key, content_type, size_bytes, duration, search_text, created_at, waveform_status) VALUES ${chunk.map(() => '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)').join(', ')}`,
      // 'unavailable': these tracks have no file, and a restarted server would otherwise queue a
      // waveform job for each of them, and run them during the measurement.
      chunk.flatMap((id) => [id, `Bench ${id}`, 'Other', artistId, `tracks/${id}.mp3`, 'audio/mpeg', 1000, null, `bench ${id}`, at, 'unavailable']),
    );
  }
  return ids;
}

async function startTarget(label: string, builtRoot: string, engine: string): Promise<Target> {
  const database = engine === 'postgres' ? await freshDatabase(adminDatabaseUrl as string) : undefined;
  const env = { TRUST_PROXY: '127.0.0.1', ...(database ? { DATABASE_URL: database.url } : {}) };
  const [port] = await freePorts(1);
  const server = PlatterProcess.spawn(`listens-${label}`, port as number, env, { builtRoot, nodeArgs: NODE_ARGS });
  try {
    await server.ready();
    const artist = new Client(server.baseUrl);
    const artistId = (await artist.signUp('Bench Artist')).id;
    const db = openBenchDb(server.dataDir, database);
    const tracks = await insertTracks(db, artistId, 'bench-', TRACKS);
    await db.close();
    // Sign-ups hash a password each (scrypt): a few at a time.
    const listeners: Listener[] = [];
    for (let i = 0; i < USERS; i += 4) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(4, USERS - i) }, async () => {
          // From an address of its own each: sign-ups are limited per address.
          const client = new Client(server.baseUrl);
          const email = `listener-${Math.random().toString(36).slice(2)}@example.com`;
          const response = await client.request('POST', '/api/auth/sign-up/email', {
            json: { name: 'Bench Listener', email, password: 'correct-horse-battery' },
            headers: { 'x-forwarded-for': nextAddress() },
          });
          const body = (await response.json()) as { user?: { id: string } };
          if (!body.user) throw new Error(`sign-up: ${response.status} ${JSON.stringify(body)}`);
          return { cookie: client.cookieHeader(), userId: body.user.id, plays: 0 };
        }),
      );
      listeners.push(...batch);
    }
    return { label, builtRoot, env, process: server, database, artistId, listeners, tracks };
  } catch (error) {
    // A failed set-up leaves no server or database behind.
    await server.stop();
    server.cleanUp();
    await database?.drop();
    throw error;
  }
}

interface Outcome {
  status: number;
  counted: boolean;
  listens: number;
}

/**
 * One keep-alive HTTP/1.1 connection sending one request at a time: a few lines of string work
 * per request instead of http.request's, so on this two-core machine the clients leave the CPU to
 * the server. Answers must carry Content-Length (Fastify's JSON answers do).
 */
class Connection {
  private buffer = '';
  private waiting: { resolve(outcome: Outcome): void; reject(error: Error): void } | undefined;
  private closed: Error | undefined;

  private constructor(private readonly socket: net.Socket) {
    socket.setEncoding('latin1');
    socket.setNoDelay(true);
    socket.on('data', (chunk: string) => {
      this.buffer += chunk;
      this.read();
    });
    const fail = (error?: Error) => {
      this.closed ??= error ?? new Error('connection closed');
      this.waiting?.reject(this.closed);
      this.waiting = undefined;
    };
    socket.on('error', fail);
    socket.on('close', () => fail());
  }

  static open(port: number): Promise<Connection> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => resolve(new Connection(socket)));
      socket.once('error', reject);
    });
  }

  postListen(trackId: string, headers: Record<string, string>): Promise<Outcome> {
    if (this.closed) return Promise.reject(this.closed);
    const lines = Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`).join('');
    this.socket.write(`POST /api/tracks/${trackId}/listens HTTP/1.1\r\nhost: 127.0.0.1\r\norigin: http://127.0.0.1\r\ncontent-type: application/json\r\ncontent-length: 2\r\n${lines}\r\n{}`);
    return new Promise((resolve, reject) => (this.waiting = { resolve, reject }));
  }

  close(): void {
    this.socket.destroy();
  }

  private read(): void {
    const end = this.buffer.indexOf('\r\n\r\n');
    if (end < 0 || !this.waiting) return;
    const head = this.buffer.slice(0, end);
    const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
    if (this.buffer.length < end + 4 + length) return;
    const body = this.buffer.slice(end + 4, end + 4 + length);
    this.buffer = this.buffer.slice(end + 4 + length);
    const status = Number(head.slice(9, 12));
    const waiting = this.waiting;
    this.waiting = undefined;
    if (status !== 200) return waiting.resolve({ status, counted: false, listens: Number.NaN });
    const parsed = JSON.parse(body) as { counted: boolean; listens: number };
    waiting.resolve({ status, counted: parsed.counted, listens: parsed.listens });
  }
}

/** One listen on a connection of its own (the probe after a restart). */
async function postListen(baseUrl: string, trackId: string, headers: Record<string, string>): Promise<Outcome> {
  const connection = await Connection.open(Number(new URL(baseUrl).port));
  try {
    return await connection.postListen(trackId, headers);
  } finally {
    connection.close();
  }
}

interface RunResult {
  requests: number;
  counted: number;
  errors: number;
  /** Repeated plays that came back counted: must stay 0. */
  repeatsCounted: number;
  seconds: number;
  /** The server's CPU time (user + system) per request: steadier than requests/s on a shared machine. */
  cpuMsPerRequest: number;
  /** The CPU time of PostgreSQL's backends for this server, per request; NaN on SQLite. */
  postgresCpuMsPerRequest: number;
  latencies: number[];
  rssMb: number;
  peakRssMb: number;
  load: string;
  /** Acknowledged counted listens per `userId|-` + track. */
  acknowledged: Map<string, number>;
  /** Requests sent and never answered (the kill run). */
  unanswered: number;
}

/** CPU seconds (user + system) a process has used, from /proc (clock ticks of 1/100 s). */
function cpuSeconds(pid: number | undefined): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

/**
 * CPU seconds, by process id, of the PostgreSQL backends serving `database` (this machine's
 * PostgreSQL is shared, so the others' are left out).
 */
async function backendCpuSeconds(database: FreshDatabase): Promise<Map<number, number>> {
  const client = new pg.Client({ connectionString: adminDatabaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1', [database.name]);
    return new Map(rows.map((r) => [r.pid, cpuSeconds(r.pid)]));
  } finally {
    await client.end();
  }
}

/** CPU the backends used between two readings: the growth of those seen before, all of new ones. */
function backendCpuBetween(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, seconds] of after) if (!Number.isNaN(seconds)) total += seconds - (before.get(pid) ?? 0);
  return total;
}

function memory(pid: number | undefined): { rss: number; peak: number } {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? Number.NaN);
    return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
  } catch {
    return { rss: Number.NaN, peak: Number.NaN };
  }
}

/**
 * CLIENTS loops for `seconds` (or until the server goes away): clients 0..CLIENTS/2-1 signed in,
 * the rest anonymous. Each signed-in client takes the users c, c+CLIENTS/2, … in turn, and each
 * user walks through `tracks` from an offset of its own, so a user's plays of one track are
 * `tracks.length` plays apart (far more than the guard window) and all count; anonymous plays come
 * from a new address each. One request in ten repeats the client's previous play, which must not count.
 */
async function drive(target: Target, tracks: string[], seconds: number, cursor: { n: number }): Promise<RunResult> {
  const signedClients = SIGNED_CLIENTS;
  const latencies: number[] = [];
  const acknowledged = new Map<string, number>();
  let requests = 0;
  let counted = 0;
  let errors = 0;
  let repeatsCounted = 0;
  let unanswered = 0;
  let stopped = false;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const port = Number(new URL(target.process.baseUrl).port);
  const cpuBefore = cpuSeconds(target.process.pid);
  const backendsBefore = target.database ? await backendCpuSeconds(target.database) : undefined;
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, c) => {
      const signed = c < signedClients;
      const mine = target.listeners.filter((_, i) => i % signedClients === c);
      const own = signed ? (mine.length > 0 ? mine : [target.listeners[c % target.listeners.length] as Listener]) : [];
      let previous: { trackId: string; headers: Record<string, string>; key: string } | undefined;
      let turn = 0;
      const connection = await Connection.open(port);
      try {
        while (!stopped && performance.now() < deadline) {
          turn++;
          const repeat = previous !== undefined && turn % 10 === 0;
          let play = previous;
          if (!repeat || !play) {
            const n = cursor.n++;
            if (signed) {
              const index = n % own.length;
              const listener = own[index] as Listener;
              const trackId = tracks[(c * 37 + index * 7 + listener.plays++) % tracks.length] as string;
              play = { trackId, headers: { cookie: listener.cookie, 'x-forwarded-for': nextAddress() }, key: `${listener.userId}|${trackId}` };
            } else {
              const trackId = tracks[n % tracks.length] as string;
              play = { trackId, headers: { 'x-forwarded-for': nextAddress() }, key: `-|${trackId}` };
            }
          }
          const sent = performance.now();
          let outcome: Outcome;
          try {
            outcome = await connection.postListen(play.trackId, play.headers);
          } catch {
            // The server went away (the kill run): this request's fate is unknown.
            unanswered++;
            stopped = true;
            return;
          }
          latencies.push(performance.now() - sent);
          requests++;
          if (outcome.status !== 200) {
            errors++;
            continue;
          }
          if (outcome.counted) {
            counted++;
            acknowledged.set(play.key, (acknowledged.get(play.key) ?? 0) + 1);
            if (repeat) repeatsCounted++;
          }
          previous = play;
        }
      } finally {
        connection.close();
      }
    }),
  );
  const secondsTaken = (performance.now() - started) / 1000;
  const cpuMsPerRequest = ((cpuSeconds(target.process.pid) - cpuBefore) * 1000) / Math.max(1, requests);
  const backendsAfter = target.database && !stopped ? await backendCpuSeconds(target.database) : undefined;
  const postgresCpuMsPerRequest =
    backendsBefore && backendsAfter ? (backendCpuBetween(backendsBefore, backendsAfter) * 1000) / Math.max(1, requests) : Number.NaN;
  const { rss, peak } = memory(target.process.pid);
  latencies.sort((a, b) => a - b);
  return { requests, counted, errors, repeatsCounted, seconds: secondsTaken, cpuMsPerRequest, postgresCpuMsPerRequest, latencies, rssMb: rss, peakRssMb: peak, load: load(), acknowledged, unanswered };
}

interface KillResult {
  acknowledged: number;
  rows: number;
  counters: number;
  lost: number;
  inFlight: number;
  restartedOk: boolean;
  rate: number;
}

/** Load on tracks of their own; SIGKILL after KILL_AFTER s; restart on the same data; compare. */
async function killRun(target: Target): Promise<KillResult> {
  const db = openBenchDb(target.process.dataDir, target.database);
  const tracks = await insertTracks(db, target.artistId, 'kill-', TRACKS);
  await db.close();
  const timer = setTimeout(() => void target.process.kill('SIGKILL'), KILL_AFTER * 1000);
  const run = await drive(target, tracks, KILL_AFTER + 30, { n: 0 });
  clearTimeout(timer);
  await target.process.exited;
  const [port] = await freePorts(1);
  target.process = PlatterProcess.spawn(`listens-${target.label}-restarted`, port as number, target.env, {
    builtRoot: target.builtRoot,
    dataDir: target.process.dataDir,
    nodeArgs: NODE_ARGS,
  });
  await target.process.ready();
  const after = openBenchDb(target.process.dataDir, target.database);
  const rows = await after.all<{ user_id: string | null; track_id: string; n: number }>(
    "SELECT user_id, track_id, COUNT(*) AS n FROM listens WHERE track_id LIKE 'kill-%' GROUP BY user_id, track_id",
  );
  const [sum] = await after.all<{ total: number }>("SELECT SUM(listens_count) AS total FROM tracks WHERE id LIKE 'kill-%'");
  await after.close();
  // Anonymous listens are compared per track, signed-in ones per listener and track.
  const stored = new Map<string, number>();
  for (const row of rows) {
    const key = `${row.user_id ?? '-'}|${row.track_id}`;
    stored.set(key, (stored.get(key) ?? 0) + Number(row.n));
  }
  let lost = 0;
  for (const [key, acked] of run.acknowledged) lost += Math.max(0, acked - (stored.get(key) ?? 0));
  const totalRows = [...stored.values()].reduce((a, b) => a + b, 0);
  const probe = await postListen(target.process.baseUrl, tracks[0] as string, { 'x-forwarded-for': nextAddress() });
  return {
    acknowledged: run.counted,
    rows: totalRows,
    counters: Number(sum?.total ?? 0),
    lost,
    inFlight: run.unanswered,
    restartedOk: probe.status === 200 && probe.counted,
    rate: run.counted / run.seconds,
  };
}

async function stopTarget(target: Target): Promise<void> {
  await target.process.stop();
  target.process.cleanUp();
  await target.database?.drop();
}

function row(engine: string, label: string, round: string, r: RunResult): string {
  return `| ${engine} | ${label} | ${round} | ${(r.requests / r.seconds).toFixed(0)} | ${(r.counted / r.seconds).toFixed(0)} | ${quantile(r.latencies, 0.5).toFixed(1)} | ${quantile(r.latencies, 0.99).toFixed(1)} | ${r.cpuMsPerRequest.toFixed(3)} | ${Number.isNaN(r.postgresCpuMsPerRequest) ? '–' : r.postgresCpuMsPerRequest.toFixed(3)} | ${r.errors} | ${r.repeatsCounted} | ${r.rssMb.toFixed(0)} / ${r.peakRssMb.toFixed(0)} | ${r.load} |`;
}

async function benchEngine(engine: string, servers: Array<{ label: string; builtRoot: string }>): Promise<void> {
  const name = engine === 'postgres' ? 'PostgreSQL' : 'SQLite';
  const targets: Target[] = [];
  try {
    for (const s of servers) targets.push(await startTarget(s.label, s.builtRoot, engine));
    const cursors = new Map(targets.map((t) => [t.label, { n: 0 }]));
    // Warm-up: connections, JIT, caches.
    for (const t of targets) await drive(t, t.tracks, 2, cursors.get(t.label) as { n: number });
    const results = new Map<string, RunResult[]>(targets.map((t) => [t.label, []]));
    console.log(`\n${name}: ${CLIENTS} clients (${SIGNED_CLIENTS} signed in over ${USERS} users, the rest anonymous), ${SECONDS} s per round\n`);
    console.log('| engine | server | round | requests/s | counted listens/s | p50 (ms) | p99 (ms) | server CPU per request (ms) | PostgreSQL CPU per request (ms) | errors | repeats counted | server RSS / peak (MB) | load |');
    console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
    for (let round = 1; round <= ROUNDS; round++) {
      for (const t of targets) {
        const r = await drive(t, t.tracks, SECONDS, cursors.get(t.label) as { n: number });
        results.get(t.label)?.push(r);
        console.log(row(name, t.label, String(round), r));
      }
    }
    const medians = new Map(targets.map((t) => [t.label, median((results.get(t.label) ?? []).map((r) => r.counted / r.seconds))]));
    const summary = targets.map((t) => `${t.label} ${medians.get(t.label)?.toFixed(0)}/s`).join(', ');
    const [first, last] = [medians.get(targets[0]?.label ?? ''), medians.get(targets.at(-1)?.label ?? '')];
    console.log(`\n${name}, median counted listens/s: ${summary}${targets.length > 1 && first && last ? ` (${(last / first).toFixed(2)}×)` : ''}`);
    if (KILL) {
      console.log(`\n${name}: kill -9 after ${KILL_AFTER} s, restart, compare\n`);
      console.log('| engine | server | counted listens/s before the kill | acknowledged counted | listens rows | sum(listens_count) | lost | unanswered at the kill | restarted and counting |');
      console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
      for (const t of targets) {
        const k = await killRun(t);
        console.log(`| ${name} | ${t.label} | ${k.rate.toFixed(0)} | ${k.acknowledged} | ${k.rows} | ${k.counters} | ${k.lost} | ${k.inFlight} | ${k.restartedOk ? 'yes' : 'NO'} |`);
        if (k.lost > 0 || k.counters !== k.rows || k.rows - k.acknowledged > k.inFlight) process.exitCode = 1;
      }
    }
  } finally {
    for (const t of targets) await stopTarget(t);
  }
}

console.log(`Machine: ${os.cpus().length} CPUs (${os.cpus()[0]?.model.trim()}), Node ${process.version}, load ${load()}`);
build(root);
const servers = [...(BASELINE ? [{ label: `before (${BASELINE})`, builtRoot: baselineCheckout(BASELINE) }] : []), { label: 'current', builtRoot: root }];
for (const engine of ENGINES) {
  if (engine === 'postgres' && !adminDatabaseUrl) {
    console.log('\nPostgreSQL skipped: set TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test');
    continue;
  }
  await benchEngine(engine, servers);
}
