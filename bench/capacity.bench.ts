/**
 * Capacity (issue 31, item 9): does each resource's cost per request stay flat when the load, the
 * catalogue and the number of Platter processes double, and double again? docs/capacity.md's plan
 * rests on per-request costs measured one request kind at a time; this run puts them together.
 *
 * Per scale s (CAPACITY_SCALES, default 1,2,4): a PostgreSQL database of its own seeded once with
 * s × CAPACITY_TRACKS tracks (and a tenth as many users) by the project's seed command, s Platter
 * processes (the scale-out harness: PostgreSQL, Redis, an S3-protocol server, TRUST_PROXY) and an
 * open-loop generator: requests arrive on a timer at s × the 1× rates below, whatever the answers
 * take, each from a client of its own address and session, to a process picked at random (as a
 * proxy would spread them).
 *
 *   per second at 1×   listen 20 (70 % signed in, one in ten a repeat), history 14, now-playing 14,
 *                      like or unlike 2, comment 0.2, catalogue read 10 (a list page, a search in
 *                      four, a track), /media redirect 65 (20 audio, 45 covers)
 *   open at 1×         250 live-event streams (/api/events), CAPACITY_CLIENTS signed-in clients
 *
 * Runs go 1×, 2×, 4×, 4×, 2×, 1× (each after a CAPACITY_WARMUP-second warm-up at its rate), and per run
 * it takes from /proc the CPU of the Platter processes, of PostgreSQL (the database's backends, and
 * every postgres process), of redis-server and of the generator; Redis's INFO commandstats before
 * and after. Printed as markdown: achieved rates, p50/p99, errors and 429s per kind, then per
 * scale CPU ms per request for each resource and Redis commands per request, with each figure's
 * ratio to 1× (medians of the runs). The pass line is the plan's: within 1.25× of 1×.
 *
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test TEST_REDIS_URL=redis://127.0.0.1:6379 \
 *     npx tsx --conditions=source bench/capacity.bench.ts
 *   # CAPACITY_SCALES=1,2,4 CAPACITY_SECONDS=60 CAPACITY_WARMUP=15 CAPACITY_TRACKS=250000 CAPACITY_CLIENTS=100 CAPACITY_STREAMS=250
 *   # CAPACITY_ORDER=1,2,4,4,2,1 (default: the scales up, then down)
 *   # CAPACITY_PROCESSES=2: that many processes at every scale; CAPACITY_STREAMS=0: no live streams;
 *   # CAPACITY_RATE=0.5: every 1× rate, client and stream count halved
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { Redis } from 'ioredis';
import { cpuSeconds, forwardedAddress } from './support/proc.js';
import { makeMp3, withId3Tags } from '../apps/server/test/support/audio-fixtures.js';
import { makePng } from '../apps/server/test/support/images.js';
import { type FreshDatabase, freshDatabase, freePorts, PlatterProcess, startS3 } from '../apps/server/test/scale-out/support/cluster.js';

const adminDatabaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
if (!adminDatabaseUrl || !redisUrl) {
  console.error('Set TEST_DATABASE_URL and TEST_REDIS_URL (postgres://postgres@127.0.0.1:5432/test, redis://127.0.0.1:6379).');
  process.exit(1);
}

const SCALES = (process.env.CAPACITY_SCALES ?? '1,2,4').split(',').map(Number);
const ORDER = (process.env.CAPACITY_ORDER ?? [...SCALES, ...[...SCALES].reverse()].join(',')).split(',').map(Number);
const SECONDS = Number(process.env.CAPACITY_SECONDS ?? 60);
const WARMUP = Number(process.env.CAPACITY_WARMUP ?? 15);
const TRACKS = Number(process.env.CAPACITY_TRACKS ?? 250_000);
const CLIENTS = Number(process.env.CAPACITY_CLIENTS ?? 100);
const STREAMS = Number(process.env.CAPACITY_STREAMS ?? 250);
/** A fixed number of Platter processes at every scale (the plan's second series); unset: s processes at s×. */
const PROCESSES = process.env.CAPACITY_PROCESSES ? Number(process.env.CAPACITY_PROCESSES) : undefined;
/** A factor on every 1× rate and count (0.5 halves them), for a machine the default 4× saturates. */
const RATE = Number(process.env.CAPACITY_RATE ?? 1);
/** Seconds with no requests, after the warm-up, to measure each process's fixed CPU. */
const IDLE_SECONDS = Number(process.env.CAPACITY_IDLE_SECONDS ?? 20);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The request kinds and their rates per second at 1×. */
const RATES = { listen: 20, history: 14, nowPlaying: 14, like: 2, comment: 0.2, read: 10, mediaAudio: 20, mediaCover: 45 } as const;
type Kind = keyof typeof RATES;
const KINDS = Object.keys(RATES) as Kind[];
const WORDS = ['love', 'night', 'summer', 'river', 'dream', 'fire', 'хаос', 'город'];

const loadavg = () => os.loadavg().map((v) => v.toFixed(2)).join(' ');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  return sorted.length % 2 === 1 ? (sorted[Math.floor(middle)] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};
const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)] as T;

/** Pids of every process whose command name is `name` (postgres, redis-server). */
function pidsNamed(name: string): number[] {
  return fs
    .readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        return fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === name;
      } catch {
        return false;
      }
    })
    .map(Number);
}

const cpuOf = (pids: number[]) => new Map(pids.map((pid) => [pid, cpuSeconds(pid)]));
/** CPU used since `before` by the processes alive now (a process born since counts from zero; one gone since is left out). */
const cpuSince = (before: Map<number, number>, pids: number[]) =>
  pids.reduce((sum, pid) => {
    const now = cpuSeconds(pid);
    return Number.isNaN(now) ? sum : sum + now - (before.get(pid) ?? 0);
  }, 0);

/** The pids of the connections to `database` (Platter's pools). */
async function backendPids(database: FreshDatabase): Promise<number[]> {
  const client = new pg.Client({ connectionString: adminDatabaseUrl });
  await client.connect();
  try {
    // Client backends only: autovacuum's workers on a freshly seeded database are counted with every postgres process.
    const { rows } = await client.query<{ pid: number }>("SELECT pid FROM pg_stat_activity WHERE datname = $1 AND backend_type = 'client backend'", [database.name]);
    return rows.map((row) => row.pid);
  } finally {
    await client.end();
  }
}

/**
 * The CPU of `database`'s client backends while it runs, sampled every second: a pool connection
 * that ends during the run keeps what it used up to its last sample, and one that starts counts
 * from its first (a pid read once before and once after would lose the one and misread a reused pid).
 */
function sampleBackends(database: FreshDatabase): { stop(): Promise<number> } {
  const seen = new Map<number, { first: number; last: number }>();
  let stopped = false;
  const sample = async (first: boolean) => {
    for (const pid of await backendPids(database)) {
      const cpu = cpuSeconds(pid);
      if (Number.isNaN(cpu)) continue;
      const entry = seen.get(pid);
      if (entry) entry.last = Math.max(entry.last, cpu);
      else seen.set(pid, { first: first ? cpu : 0, last: cpu });
    }
  };
  const loop = (async () => {
    await sample(true);
    while (!stopped) {
      await sleep(1000);
      await sample(false);
    }
  })();
  return {
    async stop() {
      stopped = true;
      await loop;
      await sample(false);
      return [...seen.values()].reduce((sum, { first, last }) => sum + last - first, 0);
    },
  };
}

/** Redis's command calls so far, by command, from INFO commandstats. */
async function redisCalls(redis: Redis): Promise<Map<string, number>> {
  const info = await redis.info('commandstats');
  const calls = new Map<string, number>();
  for (const match of info.matchAll(/^cmdstat_([^:]+):calls=(\d+)/gm)) calls.set(match[1] as string, Number(match[2]));
  return calls;
}

/** Seeds a fresh database with `tracks` tracks through the project's own command. */
async function seededDatabase(tracks: number): Promise<FreshDatabase> {
  const database = await freshDatabase(adminDatabaseUrl as string);
  const started = performance.now();
  execFileSync(process.execPath, ['--import', 'tsx', '--conditions=source', 'apps/server/src/cli/seed.ts', '--tracks', String(tracks), '--users', String(Math.max(100, Math.round(tracks / 10)))], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: database.url, BETTER_AUTH_SECRET: 'cluster-secret-cluster-secret-cluster-0123', DOTENV_CONFIG_PATH: '/nonexistent', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  console.log(`seeded ${tracks.toLocaleString('en')} tracks in ${((performance.now() - started) / 1000).toFixed(0)} s (${database.name})`);
  return database;
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** Keep-alive connections per process, node:http (less generator CPU per request than fetch). */
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

function request(base: string, method: string, url: string, headers: Record<string, string>, json?: unknown): Promise<Answer> {
  const body = json === undefined ? undefined : JSON.stringify(json);
  const target = new URL(url, base);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: target.hostname,
        port: target.port,
        method,
        path: target.pathname + target.search,
        agent,
        headers: { origin: base, ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
        response.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

interface Client {
  address: string;
  cookie: string;
  liked: Set<string>;
  lastTrack: string | undefined;
}

async function signUp(base: string, i: number): Promise<Client> {
  const address = forwardedAddress();
  const email = `capacity-${i}-${Math.random().toString(36).slice(2)}@example.com`;
  const answer = await request(base, 'POST', '/api/auth/sign-up/email', { 'x-forwarded-for': address }, { name: `Capacity ${i}`, email, password: 'correct-horse-battery' });
  if (answer.status !== 200) throw new Error(`sign-up: ${answer.status} ${answer.body.toString()}`);
  const cookie = ([] as string[]).concat(answer.headers['set-cookie'] ?? []).map((line) => line.split(';')[0]).join('; ');
  return { address, cookie, liked: new Set(), lastTrack: undefined };
}

interface TrackRef {
  id: string;
  url: string;
  image: string | null;
}

/** Seeded tracks have no files: MEDIA_TRACKS real MP3s with embedded covers, uploaded once per database, are what /media serves. */
const MEDIA_TRACKS = 8;
const mediaByDatabase = new Map<string, TrackRef[]>();

async function mediaTracks(base: string, database: FreshDatabase): Promise<TrackRef[]> {
  const known = mediaByDatabase.get(database.name);
  if (known) return known;
  const artist = await signUp(base, -1);
  const who = { 'x-forwarded-for': artist.address, cookie: artist.cookie };
  const file = withId3Tags(await makeMp3(30), { cover: await makePng(600, 600) });
  const ids: string[] = [];
  for (let i = 0; i < MEDIA_TRACKS; i++) {
    const grant = await request(base, 'POST', '/api/get-upload-url', who, { fileName: `capacity-${i}.mp3`, fileType: 'audio/mpeg', fileSize: file.length });
    const { uploadURL, fileUrl } = JSON.parse(grant.body.toString()) as { uploadURL: string; fileUrl: string };
    const put = await new Promise<number>((resolve, reject) => {
      const target = new URL(uploadURL, base);
      const req = http.request({ host: target.hostname, port: target.port, method: 'PUT', path: target.pathname + target.search, headers: { ...who, origin: base, 'content-type': 'audio/mpeg', 'content-length': file.length } }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      });
      req.on('error', reject);
      req.end(file);
    });
    const created = await request(base, 'POST', '/api/tracks', who, { title: `Capacity media ${i}`, url: fileUrl });
    if (grant.status !== 200 || put !== 200 || created.status !== 201) throw new Error(`media upload ${i}: ${grant.status} ${put} ${created.status} ${created.body.toString()}`);
    ids.push((JSON.parse(created.body.toString()) as { id: string }).id);
  }
  for (let attempt = 0; ; attempt++) {
    const tracks = await Promise.all(ids.map(async (id) => JSON.parse((await request(base, 'GET', `/api/tracks/${id}`, who)).body.toString()) as TrackRef & { audio?: { status: string } }));
    // Covers extracted and renditions made: no ffmpeg left running into the measured run.
    if (tracks.every((track) => track.image && (!track.audio || track.audio.status !== 'pending'))) {
      mediaByDatabase.set(database.name, tracks);
      return tracks;
    }
    if (attempt > 240) throw new Error(`the media tracks' covers never came: ${JSON.stringify(tracks.map((track) => track.image))}`);
    await sleep(500);
  }
}

/** A pool of tracks from pages spread over the catalogue. */
async function trackPool(base: string, pages: number): Promise<TrackRef[]> {
  const first = JSON.parse((await request(base, 'GET', '/api/tracks?pageSize=50', { 'x-forwarded-for': forwardedAddress() })).body.toString()) as { total?: number; items: TrackRef[] };
  const lastPage = Math.max(1, Math.floor((first.total ?? 50) / 50));
  const pool = [...first.items];
  for (let i = 1; i < pages; i++) {
    const page = 1 + Math.floor((i / pages) * lastPage);
    const answer = await request(base, 'GET', `/api/tracks?pageSize=50&page=${page}`, { 'x-forwarded-for': forwardedAddress() });
    pool.push(...(JSON.parse(answer.body.toString()) as { items: TrackRef[] }).items);
  }
  return pool;
}

/** Opens an SSE stream and counts the bytes and frames it receives. */
function openStream(base: string, counter: { frames: number; open: number }): http.ClientRequest {
  const target = new URL('/api/events', base);
  const req = http.get({ host: target.hostname, port: target.port, path: target.pathname, headers: { accept: 'text/event-stream', 'x-forwarded-for': forwardedAddress() }, agent: false }, (response) => {
    if (response.statusCode === 200) counter.open++;
    response.on('data', (chunk: Buffer) => {
      for (let at = chunk.indexOf('\n\n'); at !== -1; at = chunk.indexOf('\n\n', at + 2)) counter.frames++;
    });
    response.on('error', () => {});
  });
  req.on('error', () => {});
  return req;
}

/** A catalogue read: a search in four, a list page, a track (the mix), or one of them alone (attribution). */
type ReadMode = 'search' | 'list' | 'track';

interface KindResult {
  latencies: number[];
  errors: Map<number | string, number>;
  rateLimited: number;
}

const emptyResults = () => Object.fromEntries(KINDS.map((kind): [Kind, KindResult] => [kind, { latencies: [], errors: new Map(), rateLimited: 0 }])) as Record<Kind, KindResult>;

interface RunResult {
  scale: number;
  seconds: number;
  kinds: Record<Kind, KindResult>;
  requests: number;
  cpu: { platter: number; backends: number; postgres: number; redis: number; generator: number };
  /** CPU seconds per second one Platter process used with no requests. */
  idlePerProcess: number;
  processes: number;
  redisCommands: number;
  redisByCommand: Map<string, number>;
  frames: number;
  streams: number;
  loadBefore: string;
  loadAfter: string;
}

/** One request of `kind`, its outcome recorded in `result` when given. */
async function fire(kind: Kind, bases: string[], clients: Client[], pool: TrackRef[], media: TrackRef[], result: Record<Kind, KindResult> | undefined, readMode?: ReadMode): Promise<void> {
  const base = pick(bases);
  const client = pick(clients);
  const track = pick(pool);
  const started = performance.now();
  const who = { 'x-forwarded-for': client.address, cookie: client.cookie };
  let answer: Promise<Answer>;
  switch (kind) {
    case 'listen': {
      const signedIn = Math.random() < 0.7;
      const id = Math.random() < 0.1 && client.lastTrack ? client.lastTrack : track.id;
      client.lastTrack = id;
      answer = request(base, 'POST', `/api/tracks/${id}/listens`, signedIn ? who : { 'x-forwarded-for': client.address }, {});
      break;
    }
    case 'history':
      answer = request(base, 'POST', '/api/me/history', who, { trackId: track.id });
      break;
    case 'nowPlaying':
      answer = request(base, 'POST', '/api/me/now-playing', who, { trackId: track.id });
      break;
    case 'like': {
      const liked = client.liked.has(track.id);
      if (liked) client.liked.delete(track.id);
      else client.liked.add(track.id);
      answer = request(base, liked ? 'DELETE' : 'PUT', `/api/tracks/${track.id}/like`, who);
      break;
    }
    case 'comment':
      answer = request(base, 'POST', `/api/tracks/${track.id}/comments`, who, { text: `capacity ${Math.random().toString(36).slice(2, 8)}` });
      break;
    case 'read': {
      const roll = Math.random();
      const mode = readMode ?? (roll < 0.25 ? 'search' : roll < 0.65 ? 'list' : 'track');
      const url = mode === 'search' ? `/api/search?q=${encodeURIComponent(pick(WORDS))}` : mode === 'list' ? `/api/tracks?pageSize=9&page=${1 + Math.floor(Math.random() * 50)}` : `/api/tracks/${track.id}`;
      answer = request(base, 'GET', url, who);
      break;
    }
    case 'mediaAudio':
      answer = request(base, 'GET', pick(media).url, who);
      break;
    case 'mediaCover':
      answer = request(base, 'GET', pick(media).image as string, who);
      break;
  }
  try {
    const { status } = await answer;
    if (!result) return;
    const entry = result[kind];
    entry.latencies.push(performance.now() - started);
    if (status === 429) entry.rateLimited++;
    else if (status >= 400) entry.errors.set(status, (entry.errors.get(status) ?? 0) + 1);
  } catch (error) {
    if (!result) return;
    const code = (error as NodeJS.ErrnoException).code ?? 'socket';
    result[kind].errors.set(code, (result[kind].errors.get(code) ?? 0) + 1);
  }
}

/** Sends every kind at s × its rate for `seconds`, open loop (a timer per kind; arrivals never wait for answers). */
async function drive(scale: number, seconds: number, bases: string[], clients: Client[], pool: TrackRef[], media: TrackRef[], result: Record<Kind, KindResult> | undefined): Promise<void> {
  const pending: Promise<void>[] = [];
  const started = performance.now();
  const end = started + seconds * 1000;
  const sent = Object.fromEntries(KINDS.map((kind) => [kind, 0])) as Record<Kind, number>;
  while (performance.now() < end) {
    const elapsed = (performance.now() - started) / 1000;
    for (const kind of KINDS) {
      // Due so far at this kind's rate: send what is owed (a late tick catches up, as arrivals would).
      const due = Math.floor(elapsed * RATES[kind] * RATE * scale);
      for (; sent[kind] < due; sent[kind]++) pending.push(fire(kind, bases, clients, pool, media, result));
    }
    await sleep(5);
  }
  await Promise.all(pending);
}

async function run(scale: number, database: FreshDatabase, s3env: Record<string, string>, redis: Redis): Promise<RunResult> {
  const ports = await freePorts(PROCESSES ?? scale);
  const env = { DATABASE_URL: database.url, REDIS_URL: redisUrl as string, TRUST_PROXY: '127.0.0.1', ...s3env };
  const instances = ports.map((port, i) => PlatterProcess.spawn(`capacity-${scale}x-${i + 1}`, port, env));
  try {
    await Promise.all(instances.map((instance) => instance.ready(120_000)));
    const bases = instances.map((instance) => instance.baseUrl);
    const clients: Client[] = [];
    for (let i = 0; i < Math.round(CLIENTS * RATE * scale); i++) clients.push(await signUp(bases[i % bases.length] as string, i));
    const pool = await trackPool(bases[0] as string, 20);
    const media = await mediaTracks(bases[0] as string, database);
    const counter = { frames: 0, open: 0 };
    const streams = Array.from({ length: Math.round(STREAMS * RATE * scale) }, (_, i) => openStream(bases[i % bases.length] as string, counter));
    await drive(scale, WARMUP, bases, clients, pool, media, undefined);
    // What the processes use with no requests at all (job polling, timers): the fixed cost per instance.
    await sleep(2000);
    const idleFrom = cpuOf(instances.map((instance) => instance.pid as number));
    await sleep(IDLE_SECONDS * 1000);
    const idlePerProcess = cpuSince(idleFrom, [...idleFrom.keys()]) / IDLE_SECONDS / instances.length;

    const kinds = emptyResults();
    const platterPids = instances.map((instance) => instance.pid as number);
    const backends = sampleBackends(database);
    const postgres = pidsNamed('postgres');
    const redisPids = pidsNamed('redis-server');
    const before = { platter: cpuOf(platterPids), postgres: cpuOf(postgres), redis: cpuOf(redisPids), generator: process.cpuUsage(), calls: await redisCalls(redis), frames: counter.frames };
    const loadBefore = loadavg();
    const started = performance.now();
    await drive(scale, SECONDS, bases, clients, pool, media, kinds);
    const seconds = (performance.now() - started) / 1000;
    const backendCpu = await backends.stop();
    const generator = process.cpuUsage(before.generator);
    const calls = await redisCalls(redis);
    const redisByCommand = new Map([...calls].map(([command, count]) => [command, count - (before.calls.get(command) ?? 0)]).filter(([, count]) => (count as number) > 0) as [string, number][]);
    const result: RunResult = {
      scale,
      seconds,
      idlePerProcess,
      processes: instances.length,
      kinds,
      requests: KINDS.reduce((sum, kind) => sum + kinds[kind].latencies.length, 0),
      cpu: {
        platter: cpuSince(before.platter, platterPids),
        backends: backendCpu,
        postgres: cpuSince(before.postgres, pidsNamed('postgres')),
        redis: cpuSince(before.redis, redisPids),
        generator: (generator.user + generator.system) / 1e6,
      },
      redisCommands: [...redisByCommand.values()].reduce((sum, count) => sum + count, 0),
      redisByCommand,
      frames: counter.frames - before.frames,
      streams: counter.open,
      loadBefore,
      loadAfter: loadavg(),
    };
    for (const stream of streams) stream.destroy();
    return result;
  } finally {
    await Promise.all(instances.map((instance) => instance.stop(10_000)));
    for (const instance of instances) instance.cleanUp();
  }
}

function kindTable(result: RunResult): string {
  const rows = KINDS.map((kind) => {
    const entry = result.kinds[kind];
    const sorted = [...entry.latencies].sort((a, b) => a - b);
    const errors = [...entry.errors].map(([status, count]) => `${status}×${count}`).join(' ') || '0';
    return `| ${kind} | ${(RATES[kind] * RATE * result.scale).toFixed(1)} | ${(sorted.length / result.seconds).toFixed(1)} | ${quantile(sorted, 0.5).toFixed(1)} | ${quantile(sorted, 0.99).toFixed(1)} | ${errors} | ${entry.rateLimited} |`;
  });
  return ['| kind | offered/s | answered/s | p50 ms | p99 ms | errors | 429 |', '| --- | ---: | ---: | ---: | ---: | --- | ---: |', ...rows].join('\n');
}

/**
 * CAPACITY_ATTRIBUTE=<scale>: on that scale's database and processes, after a warm-up on the mix,
 * each request kind alone at CAPACITY_ATTRIBUTE_RATE a second (default 20 × scale) for
 * CAPACITY_ATTRIBUTE_SECONDS (20): Platter's CPU per request above its idle, and the client
 * backends' — the plan's per-kind costs, measured.
 */
async function attribute(scale: number, database: FreshDatabase, s3env: Record<string, string>): Promise<void> {
  const rate = Number(process.env.CAPACITY_ATTRIBUTE_RATE ?? 20 * scale);
  const seconds = Number(process.env.CAPACITY_ATTRIBUTE_SECONDS ?? 20);
  const ports = await freePorts(PROCESSES ?? scale);
  const env = { DATABASE_URL: database.url, REDIS_URL: redisUrl as string, TRUST_PROXY: '127.0.0.1', ...s3env };
  const instances = ports.map((port, i) => PlatterProcess.spawn(`attribute-${i + 1}`, port, env));
  try {
    await Promise.all(instances.map((instance) => instance.ready(120_000)));
    const bases = instances.map((instance) => instance.baseUrl);
    const clients: Client[] = [];
    for (let i = 0; i < Math.max(100, Math.round(CLIENTS * RATE * scale)); i++) clients.push(await signUp(bases[i % bases.length] as string, i));
    const pool = await trackPool(bases[0] as string, 20);
    const media = await mediaTracks(bases[0] as string, database);
    await drive(scale, WARMUP, bases, clients, pool, media, undefined);
    const pids = instances.map((instance) => instance.pid as number);
    await sleep(2000);
    const idleFrom = cpuOf(pids);
    const idleBackends = sampleBackends(database);
    await sleep(IDLE_SECONDS * 1000);
    const idle = cpuSince(idleFrom, pids) / IDLE_SECONDS;
    const backendsIdle = (await idleBackends.stop()) / IDLE_SECONDS;
    console.log(`\n## Each kind alone, ${rate}/s for ${seconds} s, on ${instances.length} process(es) and the ${scale}× database; with no requests, Platter ${(idle * 1000).toFixed(1)} ms/s in all and the backends ${(backendsIdle * 1000).toFixed(1)} ms/s; load ${loadavg()}\n`);
    console.log('| kind | requests | p50 ms | p99 ms | errors | Platter CPU ms/request above idle | PostgreSQL backends CPU ms/request |');
    console.log('| --- | ---: | ---: | ---: | --- | ---: | ---: |');
    const probes: Array<[Kind, ReadMode | undefined]> = [
      ['listen', undefined], ['history', undefined], ['nowPlaying', undefined], ['like', undefined], ['comment', undefined],
      ['read', 'list'], ['read', 'search'], ['read', 'track'], ['mediaAudio', undefined], ['mediaCover', undefined],
    ];
    // CAPACITY_PROBES=listen,read:search,…: which kinds, in which order (background jobs land in whichever runs then).
    const chosen = process.env.CAPACITY_PROBES?.split(',').map((probe) => probe.split(':') as [Kind, ReadMode | undefined]) ?? probes;
    for (const [kind, mode] of chosen) {
      const result = emptyResults();
      const backends = sampleBackends(database);
      const from = cpuOf(pids);
      const started = performance.now();
      const pending: Promise<void>[] = [];
      for (let sent = 0; performance.now() < started + seconds * 1000; await sleep(5)) {
        const due = Math.floor(((performance.now() - started) / 1000) * rate);
        for (; sent < due; sent++) pending.push(fire(kind, bases, clients, pool, media, result, mode));
      }
      await Promise.all(pending);
      const elapsed = (performance.now() - started) / 1000;
      const platter = cpuSince(from, pids) - idle * elapsed;
      const backendCpu = await backends.stop();
      const entry = result[kind];
      const sorted = [...entry.latencies].sort((a, b) => a - b);
      const errors = [...entry.errors].map(([status, count]) => `${status}×${count}`).join(' ') || (entry.rateLimited ? `429×${entry.rateLimited}` : '0');
      const n = sorted.length;
      console.log(`| ${kind}${mode ? ` (${mode})` : ''} | ${n} | ${quantile(sorted, 0.5).toFixed(1)} | ${quantile(sorted, 0.99).toFixed(1)} | ${errors} | ${((platter * 1000) / n).toFixed(3)} | ${((backendCpu * 1000) / n).toFixed(3)} |`);
    }
  } finally {
    await Promise.all(instances.map((instance) => instance.stop(10_000)));
    for (const instance of instances) instance.cleanUp();
  }
}

const databases = new Map<number, FreshDatabase>();
const s3 = await startS3();
const redis = new Redis(redisUrl);
const results: RunResult[] = [];
try {
  console.log(`# capacity ${new Date().toISOString()} — ${os.cpus().length} cores, load ${loadavg()}`);
  console.log(`scales ${SCALES.join(', ')}; order ${ORDER.join(', ')}; ${SECONDS} s per run after ${WARMUP} s; 1×: ${TRACKS.toLocaleString('en')} tracks, rates × ${RATE}, ${Math.round(CLIENTS * RATE)} clients, ${Math.round(STREAMS * RATE)} streams`);
  const attributeAt = process.env.CAPACITY_ATTRIBUTE ? Number(process.env.CAPACITY_ATTRIBUTE) : undefined;
  if (attributeAt) {
    databases.set(attributeAt, await seededDatabase(TRACKS * attributeAt));
    await attribute(attributeAt, databases.get(attributeAt) as FreshDatabase, s3.env);
    process.exitCode = 0;
  }
  for (const scale of attributeAt ? [] : SCALES) databases.set(scale, await seededDatabase(TRACKS * scale));
  for (const scale of attributeAt ? [] : ORDER) {
    const result = await run(scale, databases.get(scale) as FreshDatabase, s3.env, redis);
    results.push(result);
    const processes = PROCESSES ?? scale;
    console.log(`\n## ${scale}× (${processes} process${processes > 1 ? 'es' : ''}), ${result.seconds.toFixed(1)} s, load ${result.loadBefore} → ${result.loadAfter}`);
    console.log(kindTable(result));
    const perRequest = (seconds: number) => ((seconds * 1000) / result.requests).toFixed(3);
    console.log(
      `\n${result.requests} requests (${(result.requests / result.seconds).toFixed(0)}/s); CPU ms per request: Platter ${perRequest(result.cpu.platter)} (above its idle ${perRequest(Math.max(0, result.cpu.platter - result.idlePerProcess * result.processes * result.seconds))}; idle ${(result.idlePerProcess * 1000).toFixed(1)} ms/s per process), PostgreSQL backends ${perRequest(result.cpu.backends)} (all postgres ${perRequest(result.cpu.postgres)}), Redis ${perRequest(result.cpu.redis)}, generator ${perRequest(result.cpu.generator)}; Redis commands per request ${(result.redisCommands / result.requests).toFixed(2)} (${[...result.redisByCommand].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([command, count]) => `${command} ${count}`).join(', ')}); live frames ${result.frames} to ${result.streams} streams (${(result.frames / result.seconds).toFixed(0)}/s)`,
    );
  }

  if (!attributeAt) printSummary();
  console.log(`\nload at the end ${loadavg()}`);
} finally {
  await redis.quit();
  await s3.stop();
  for (const database of databases.values()) await database.drop();
  agent.destroy();
}

function printSummary(): void {
  console.log('\n## Per scale, medians of the runs, and the ratio to 1×\n');
  const measures: Array<[string, (result: RunResult) => number]> = [
    ['Platter CPU ms/request', (r) => (r.cpu.platter * 1000) / r.requests],
    ['Platter CPU ms/request above idle', (r) => (Math.max(0, r.cpu.platter - r.idlePerProcess * r.processes * r.seconds) * 1000) / r.requests],
    ['Platter idle CPU ms/s per process', (r) => r.idlePerProcess * 1000],
    ['PostgreSQL backends CPU ms/request', (r) => (r.cpu.backends * 1000) / r.requests],
    ['all postgres CPU ms/request', (r) => (r.cpu.postgres * 1000) / r.requests],
    ['Redis CPU ms/request', (r) => (r.cpu.redis * 1000) / r.requests],
    ['Redis commands/request', (r) => r.redisCommands / r.requests],
    ['live frames per stream per second', (r) => r.frames / Math.max(1, r.streams) / r.seconds],
    ['live frames/s (all streams)', (r) => r.frames / r.seconds],
    ['read p99 ms', (r) => quantile([...r.kinds.read.latencies].sort((a, b) => a - b), 0.99)],
    ['listen p99 ms', (r) => quantile([...r.kinds.listen.latencies].sort((a, b) => a - b), 0.99)],
  ];
  const header = `| measure | ${SCALES.map((s) => `${s}×`).join(' | ')} | ${SCALES.slice(1).map((s) => `${s}× / 1×`).join(' | ')} |`;
  console.log(header);
  console.log(`| --- | ${SCALES.map(() => '---:').join(' | ')} | ${SCALES.slice(1).map(() => '---:').join(' | ')} |`);
  for (const [name, measure] of measures) {
    const values = SCALES.map((scale) => median(results.filter((r) => r.scale === scale).map(measure)));
    const base = values[0] as number;
    const ratios = values.slice(1).map((value) => (base > 0 ? `${(value / base).toFixed(2)}${value / base > 1.25 ? ' ✗' : ''}` : '—'));
    console.log(`| ${name} | ${values.map((v) => v.toFixed(3)).join(' | ')} | ${ratios.join(' | ')} |`);
  }
}
