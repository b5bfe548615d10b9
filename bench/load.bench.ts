/**
 * Load (issue 12): LOAD_LISTENERS simulated listeners for LOAD_SECONDS against the built server
 * (apps/server/dist/server.js, brought up to date first), on SQLite, then on PostgreSQL when
 * TEST_DATABASE_URL is set (a database of its own, dropped afterwards).
 *
 * Per engine: LOAD_ARTISTS artists upload LOAD_TRACKS real MP3s (LOAD_TRACK_SECONDS long) through
 * the upload protocol, their waveforms are awaited, and LOAD_LISTENERS listeners sign up, each from
 * an address of its own (the server runs with TRUST_PROXY=127.0.0.1, as behind a proxy). Then every
 * listener loops, with think times of 0.5–1.5 × LOAD_THINK_MS between steps:
 *   list    GET /api/tracks?page=&pageSize=9 (a random page)
 *   search  GET /api/search?q= (one loop in four, a word of the titles)
 *   stream  GET the track's audio with a Range of 64 KB, then one or two further ranges as it plays
 *   listen  POST /api/tracks/:id/listens (a playback start; counted unless a repeat within 10 s)
 *   like    PUT or DELETE /api/tracks/:id/like (one play in three toggles it)
 *   comment POST /api/tracks/:id/comments (one play in ten)
 * Every answer other than 2xx is an error (429 listed apart), as is a request without an answer.
 * After the run the server is stopped (SIGTERM) and its database compared with the acknowledged
 * writes: each listener's last acknowledged like state per track, every acknowledged comment, and
 * every acknowledged counted listen (per listener and track); likes and listens counters against
 * their rows. Prints a markdown table per engine: requests, requests/s, p50/p99/max per kind; the
 * load generator's own CPU (process.cpuUsage), the server's and PostgreSQL's (from /proc), and the
 * machine's load average before and after. Throughout the run /metrics is scraped every
 * LOAD_SCRAPE_SECONDS (as Prometheus would, with METRICS_TOKEN) and parsed by a Prometheus
 * text-format parser (parse-prometheus-text-format); the scrapes and a few of their figures
 * (listens counted, requests, queries, event-loop delay, the pool) are printed after the table.
 *
 *   npx tsx bench/load.bench.ts
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/load.bench.ts
 *   # LOAD_LISTENERS=300 LOAD_SECONDS=180 LOAD_THINK_MS=1000 LOAD_TRACKS=40 LOAD_ARTISTS=8 LOAD_TRACK_SECONDS=30
 *   # BENCH_ENGINES=sqlite,postgres
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/database.js';
import { makeMp3 } from '../apps/server/test/support/audio-fixtures.js';
import { BuiltServer, buildServer, freePort } from '../apps/server/test/support/built-server.js';
import { type FreshDatabase, freshDatabase } from '../apps/server/test/scale-out/support/cluster.js';
import { cpuSeconds, forwardedAddress } from './support/proc.js';
import { type Family, parseMetrics, parseSamples, sampleValue } from '../apps/server/test/support/prometheus.js';

const LISTENERS = Number(process.env.LOAD_LISTENERS ?? 300);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 180);
const THINK_MS = Number(process.env.LOAD_THINK_MS ?? 1000);
const TRACKS = Number(process.env.LOAD_TRACKS ?? 40);
const ARTISTS = Number(process.env.LOAD_ARTISTS ?? 8);
const TRACK_SECONDS = Number(process.env.LOAD_TRACK_SECONDS ?? 30);
const ENGINES = (process.env.BENCH_ENGINES ?? 'sqlite,postgres').split(',');
const SCRAPE_SECONDS = Number(process.env.LOAD_SCRAPE_SECONDS ?? 5);
const METRICS_TOKEN = 'load-bench-metrics-token';
const adminDatabaseUrl = process.env.TEST_DATABASE_URL;

const KINDS = ['list', 'search', 'stream', 'listen', 'like', 'comment'] as const;
type Kind = (typeof KINDS)[number];
const WORDS = ['midnight', 'river', 'neon', 'golden', 'echo', 'velvet', 'static', 'summer', 'ghost', 'paper', 'ember', 'tide'];

const loadavg = () => os.loadavg().map((v) => v.toFixed(2)).join(' ');
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const think = () => sleep(THINK_MS * (0.5 + Math.random()));

function rssMb(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? Number.NaN) / 1024;
  } catch {
    return Number.NaN;
  }
}

/** CPU seconds of the PostgreSQL backends serving `database`, by backend pid. */
async function backendCpu(database: FreshDatabase | undefined): Promise<Map<number, number>> {
  if (!database) return new Map();
  const client = new pg.Client({ connectionString: adminDatabaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1', [database.name]);
    return new Map(rows.map((r) => [r.pid, cpuSeconds(r.pid)]));
  } finally {
    await client.end();
  }
}


/** One browser: its address, its session cookie, its writes as acknowledged. */
interface Listener {
  address: string;
  cookie: string;
  userId: string;
  /** The last acknowledged like state per track. */
  likes: Map<string, boolean>;
  /** Acknowledged counted listens per track. */
  listens: Map<string, number>;
}

interface Results {
  latencies: Record<Kind, number[]>;
  errors: Map<string, number>;
  rateLimited: number;
  socketErrors: number;
  comments: Array<{ id: string; text: string }>;
  bytes: number;
  /** When the run started (performance.now()), and the requests that took over a second: kind, sent at (s into the run), ms. */
  startedAt: number;
  slow: Array<{ kind: Kind; at: number; ms: number }>;
}

/** What `Session.request` gives back: the status, the headers and the whole body. */
interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  buffer: Buffer;
  json<T>(): T;
}

class Session {
  /** Keep-alive connections, as many as there are listeners at once: node:http costs the generator less CPU per request than fetch. */
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  private readonly port: number;

  constructor(
    readonly baseUrl: string,
    readonly results: Results | undefined,
  ) {
    this.port = Number(new URL(baseUrl).port);
  }

  close(): void {
    this.agent.destroy();
  }

  /** One request, timed under `kind`; the body is read whole. Undefined when no answer came (counted as a socket error). */
  async request(kind: Kind | undefined, who: { address: string; cookie?: string }, method: string, url: string, init: { json?: unknown; body?: Uint8Array; headers?: Record<string, string> } = {}): Promise<Answer | undefined> {
    const headers: Record<string, string | number> = { origin: this.baseUrl, 'x-forwarded-for': who.address, ...init.headers };
    if (who.cookie) headers.cookie = who.cookie;
    let body: string | Uint8Array | undefined = init.body;
    if (init.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.json);
    }
    if (body !== undefined) headers['content-length'] = Buffer.byteLength(body);
    const started = performance.now();
    try {
      const answer = await new Promise<Answer>((resolve, reject) => {
        const target = new URL(url, this.baseUrl);
        const request = http.request({ host: '127.0.0.1', port: this.port, method, path: target.pathname + target.search, headers, agent: this.agent }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', () => {
            const buffer = Buffer.concat(chunks);
            resolve({ status: response.statusCode ?? 0, headers: response.headers, buffer, json: <T>() => JSON.parse(buffer.toString()) as T });
          });
        });
        request.on('error', reject);
        request.end(body);
      });
      const ms = performance.now() - started;
      if (kind && this.results) {
        this.results.latencies[kind].push(ms);
        if (ms > 1000) this.results.slow.push({ kind, at: (started - this.results.startedAt) / 1000, ms });
        this.results.bytes += answer.buffer.length;
        if (answer.status === 429) this.results.rateLimited++;
        else if (answer.status >= 300) {
          const key = `${kind} ${answer.status}`;
          this.results.errors.set(key, (this.results.errors.get(key) ?? 0) + 1);
        }
      }
      return answer;
    } catch (error) {
      if (!this.results) throw error;
      this.results.socketErrors++;
      return undefined;
    }
  }
}

async function signUp(session: Session, name: string): Promise<Listener> {
  const address = forwardedAddress();
  const email = `${name.toLowerCase().replace(/\W+/g, '-')}-${Math.random().toString(36).slice(2)}@example.com`;
  const answer = await session.request(undefined, { address }, 'POST', '/api/auth/sign-up/email', { json: { name, email, password: 'correct-horse-battery' } });
  const user = answer?.json<{ user?: { id: string } }>().user;
  if (!answer || !user) throw new Error(`sign-up: ${answer?.status} ${answer?.buffer.toString()}`);
  const cookie = (answer.headers['set-cookie'] ?? []).map((line) => line.split(';')[0]).join('; ');
  return { address, cookie, userId: user.id, likes: new Map(), listens: new Map() };
}

/** The catalogue: ARTISTS artists upload TRACKS real MP3s; resolves when every waveform is made. */
async function makeCatalogue(session: Session): Promise<void> {
  const files = await Promise.all([0, 1, 2, 3].map((i) => makeMp3(TRACK_SECONDS - i)));
  const artists: Listener[] = [];
  for (let i = 0; i < ARTISTS; i++) artists.push(await signUp(session, `Load Artist ${i}`));
  for (let i = 0; i < TRACKS; i++) {
    const artist = artists[i % artists.length] as Listener;
    const file = files[i % files.length] as Buffer;
    const title = `${WORDS[i % WORDS.length]} ${WORDS[(i * 5 + 3) % WORDS.length]} ${i}`;
    const url = await session.request(undefined, artist, 'POST', '/api/get-upload-url', { json: { fileName: `${i}.mp3`, fileType: 'audio/mpeg', fileSize: file.length } });
    const { uploadURL, fileUrl } = url?.json<{ uploadURL: string; fileUrl: string }>() ?? { uploadURL: '', fileUrl: '' };
    const put = await session.request(undefined, artist, 'PUT', uploadURL, { body: new Uint8Array(file), headers: { 'content-type': 'audio/mpeg' } });
    const created = await session.request(undefined, artist, 'POST', '/api/tracks', { json: { title, url: fileUrl } });
    if (url?.status !== 200 || put?.status !== 200 || created?.status !== 201) throw new Error(`upload ${i}: ${url?.status} ${put?.status} ${created?.status} ${created?.buffer.toString()}`);
  }
  for (;;) {
    const list = (await session.request(undefined, { address: forwardedAddress() }, 'GET', `/api/tracks?pageSize=100`))?.json<{ items: Array<{ waveform: string }> }>();
    if (list && list.items.length >= Math.min(TRACKS, 100) && list.items.every((t) => t.waveform !== 'pending')) return;
    await sleep(500);
  }
}

interface TrackItem {
  id: string;
  url: string;
}

/** One listener's loop until the deadline. */
async function listen(session: Session, listener: Listener, deadline: number, pages: number): Promise<void> {
  const results = session.results as Results;
  // Listeners start spread over the first think time, not all in one instant.
  await sleep(Math.random() * THINK_MS * 2);
  while (performance.now() < deadline) {
    const page = 1 + Math.floor(Math.random() * pages);
    const list = await session.request('list', listener, 'GET', `/api/tracks?page=${page}&pageSize=9`);
    let items = list?.status === 200 ? list.json<{ items: TrackItem[] }>().items : [];
    if (Math.random() < 0.25) {
      const word = WORDS[Math.floor(Math.random() * WORDS.length)] as string;
      const found = await session.request('search', listener, 'GET', `/api/search?q=${encodeURIComponent(word)}`);
      const searched = found?.status === 200 ? found.json<{ tracks: TrackItem[] }>().tracks : [];
      if (searched.length > 0) items = searched;
    }
    const track = items[Math.floor(Math.random() * items.length)];
    if (!track) {
      await think();
      continue;
    }
    await think();
    // Play: the first 64 KB, the listen, then further ranges as the player reads ahead.
    const first = await session.request('stream', listener, 'GET', track.url, { headers: { range: 'bytes=0-65535' } });
    const size = Number(/\/(\d+)$/.exec(String(first?.headers['content-range']))?.[1] ?? 0);
    const played = await session.request('listen', listener, 'POST', `/api/tracks/${track.id}/listens`, { json: {} });
    if (played?.status === 200 && played.json<{ counted: boolean }>().counted) listener.listens.set(track.id, (listener.listens.get(track.id) ?? 0) + 1);
    const more = 1 + Math.floor(Math.random() * 2);
    for (let i = 1; i <= more && i * 65536 < size && performance.now() < deadline; i++) {
      await think();
      await session.request('stream', listener, 'GET', track.url, { headers: { range: `bytes=${i * 65536}-${(i + 1) * 65536 - 1}` } });
    }
    if (Math.random() < 1 / 3) {
      const liked = listener.likes.get(track.id) ?? false;
      const answer = await session.request('like', listener, liked ? 'DELETE' : 'PUT', `/api/tracks/${track.id}/like`);
      if (answer?.status === 200) listener.likes.set(track.id, answer.json<{ liked: boolean }>().liked);
    }
    if (Math.random() < 0.1) {
      const text = `load comment ${Math.random().toString(36).slice(2)}`;
      const answer = await session.request('comment', listener, 'POST', `/api/tracks/${track.id}/comments`, { json: { text, positionSec: 3 } });
      if (answer?.status === 201) results.comments.push({ id: answer.json<{ id: string }>().id, text });
    }
    await think();
  }
}

interface Lost {
  likes: number;
  phantomLikes: number;
  comments: number;
  listens: number;
  extraListens: number;
  counterDrift: number;
  ackedLikes: number;
  ackedListens: number;
}

/** The stopped server's database against what was acknowledged. */
async function compare(dataDir: string, databaseUrl: string | undefined, listeners: Listener[], results: Results): Promise<Lost> {
  const handle = openDatabase({ dataDir, databaseUrl, poolSize: 2 });
  try {
    const db = handle.db;
    const likeRows = new Set((await db.selectFrom('track_likes').select(['user_id', 'track_id']).execute()).map((r) => `${r.user_id}|${r.track_id}`));
    const listenRows = new Map(
      (await db.selectFrom('listens').select(['user_id', 'track_id', (eb) => eb.fn.countAll<number>().as('n')]).groupBy(['user_id', 'track_id']).execute()).map((r) => [
        `${r.user_id}|${r.track_id}`,
        Number(r.n),
      ]),
    );
    const commentRows = new Map((await db.selectFrom('comments').select(['id', 'text']).execute()).map((r) => [r.id, r.text]));
    const lost: Lost = { likes: 0, phantomLikes: 0, comments: 0, listens: 0, extraListens: 0, counterDrift: 0, ackedLikes: 0, ackedListens: 0 };
    for (const listener of listeners) {
      for (const [trackId, liked] of listener.likes) {
        const stored = likeRows.has(`${listener.userId}|${trackId}`);
        if (liked) lost.ackedLikes++;
        if (liked && !stored) lost.likes++;
        if (!liked && stored) lost.phantomLikes++;
      }
      for (const [trackId, n] of listener.listens) {
        const stored = listenRows.get(`${listener.userId}|${trackId}`) ?? 0;
        lost.ackedListens += n;
        lost.listens += Math.max(0, n - stored);
        lost.extraListens += Math.max(0, stored - n);
      }
    }
    for (const comment of results.comments) if (commentRows.get(comment.id) !== comment.text) lost.comments++;
    const drift = await sql<{ n: number }>`
      SELECT count(*) AS n FROM tracks t WHERE t.likes_count <> (SELECT count(*) FROM track_likes l WHERE l.track_id = t.id)
        OR t.listens_count <> (SELECT count(*) FROM listens l WHERE l.track_id = t.id)`.execute(db);
    lost.counterDrift = Number(drift.rows[0]?.n ?? 0);
    return lost;
  } finally {
    await handle.close();
  }
}

interface Scrapes {
  ok: number;
  failed: string[];
  /** Milliseconds per scrape (fetch and parse). */
  ms: number[];
  /** The largest values seen across the scrapes. */
  maxLoopDelayP99: number;
  maxPoolWaiting: number;
  maxQueueWaiting: number;
  last: { families: Map<string, Family>; samples: Map<string, Family> } | undefined;
}

/** Scrapes /metrics every SCRAPE_SECONDS until `stop` resolves, as a Prometheus server would. */
async function scrapeDuring(baseUrl: string, stop: Promise<void>): Promise<Scrapes> {
  const scrapes: Scrapes = { ok: 0, failed: [], ms: [], maxLoopDelayP99: 0, maxPoolWaiting: 0, maxQueueWaiting: 0, last: undefined };
  let stopped = false;
  void stop.then(() => {
    stopped = true;
  });
  while (!stopped) {
    const started = performance.now();
    try {
      const response = await fetch(`${baseUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      const text = await response.text();
      if (response.status !== 200) throw new Error(`HTTP ${response.status}`);
      const families = parseMetrics(text);
      const samples = parseSamples(text);
      if (!families.get('platter_http_request_duration_seconds')) throw new Error('no request histogram');
      scrapes.ms.push(performance.now() - started);
      scrapes.ok += 1;
      scrapes.last = { families, samples };
      scrapes.maxLoopDelayP99 = Math.max(scrapes.maxLoopDelayP99, sampleValue(families.get('platter_event_loop_delay_seconds'), { quantile: '0.99' }) ?? 0);
      scrapes.maxPoolWaiting = Math.max(scrapes.maxPoolWaiting, sampleValue(families.get('platter_db_pool_connections'), { state: 'waiting' }) ?? 0);
      const waiting = (families.get('platter_job_queue_depth')?.metrics ?? []).filter((m) => m.labels?.state === 'waiting').reduce((n, m) => n + Number(m.value), 0);
      scrapes.maxQueueWaiting = Math.max(scrapes.maxQueueWaiting, waiting);
    } catch (error) {
      scrapes.failed.push(error instanceof Error ? error.message : String(error));
    }
    await Promise.race([sleep(SCRAPE_SECONDS * 1000), stop]);
  }
  return scrapes;
}

/** The scrapes as a line of the report. */
function describeScrapes(scrapes: Scrapes, ackedListens: number): string {
  const sorted = [...scrapes.ms].sort((a, b) => a - b);
  const last = scrapes.last;
  if (!last) return `- /metrics: no scrape succeeded (${scrapes.failed.length} failed: ${scrapes.failed.slice(0, 3).join('; ')})`;
  const sum = (family: Family | undefined) => (family?.metrics ?? []).reduce((n, m) => n + Number(m.value), 0);
  const requests = sum(last.samples.get('platter_http_request_duration_seconds_count'));
  const queries = sum(last.samples.get('platter_db_query_duration_seconds_count'));
  const querySeconds = sum(last.samples.get('platter_db_query_duration_seconds_sum'));
  const counted = sampleValue(last.families.get('platter_listens_total'), { outcome: 'counted' }) ?? Number.NaN;
  const pool = last.families.get('platter_db_pool_connections')?.metrics.length ? `; pool waiting at most ${scrapes.maxPoolWaiting}` : '';
  return (
    `- /metrics scraped every ${SCRAPE_SECONDS} s during the run with the token, parsed by parse-prometheus-text-format: ${scrapes.ok} of ${scrapes.ok + scrapes.failed.length} scrapes succeeded` +
    `${scrapes.failed.length ? ` (failed: ${scrapes.failed.slice(0, 3).join('; ')})` : ''}, ${last.families.size} families, scrape p50 ${quantile(sorted, 0.5).toFixed(1)} ms, max ${(sorted.at(-1) ?? Number.NaN).toFixed(1)} ms; ` +
    `last scrape: ${requests} requests timed, ${counted} listens counted (the bench saw ${ackedListens} acknowledged as counted by then or later), ${queries} queries (mean ${((1000 * querySeconds) / Math.max(1, queries)).toFixed(2)} ms); ` +
    `event-loop delay p99 at most ${(scrapes.maxLoopDelayP99 * 1000).toFixed(1)} ms between scrapes; job queue waiting at most ${scrapes.maxQueueWaiting}${pool}`
  );
}

async function runEngine(engine: string): Promise<void> {
  const label = engine === 'postgres' ? 'PostgreSQL' : 'SQLite';
  const database = engine === 'postgres' ? await freshDatabase(adminDatabaseUrl as string) : undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'platter-load-'));
  const port = await freePort();
  let server: BuiltServer | undefined;
  try {
    server = await BuiltServer.start({ port, dataDir, env: { TRUST_PROXY: '127.0.0.1', METRICS_TOKEN, ...(database ? { DATABASE_URL: database.url } : {}) } });
    const setup = new Session(server.baseUrl, undefined);
    let t = performance.now();
    await makeCatalogue(setup);
    console.log(`\n${label}: ${TRACKS} tracks uploaded and their waveforms made in ${((performance.now() - t) / 1000).toFixed(0)} s`);
    t = performance.now();
    const listeners: Listener[] = [];
    for (let i = 0; i < LISTENERS; i += 4) {
      listeners.push(...(await Promise.all(Array.from({ length: Math.min(4, LISTENERS - i) }, (_, j) => signUp(setup, `Load Listener ${i + j}`)))));
    }
    setup.close();
    console.log(`${label}: ${LISTENERS} listeners signed up in ${((performance.now() - t) / 1000).toFixed(0)} s`);
    const pages = Math.max(1, Math.ceil(TRACKS / 9));

    const results: Results = {
      latencies: Object.fromEntries(KINDS.map((k) => [k, []])) as unknown as Record<Kind, number[]>,
      errors: new Map(),
      rateLimited: 0,
      socketErrors: 0,
      comments: [],
      bytes: 0,
      startedAt: 0,
      slow: [],
    };
    const session = new Session(server.baseUrl, results);
    const loadBefore = loadavg();
    const cpuBefore = process.cpuUsage();
    const serverCpuBefore = cpuSeconds(server.pid);
    const backendsBefore = await backendCpu(database);
    const started = performance.now();
    results.startedAt = started;
    const deadline = started + SECONDS * 1000;
    let endLoad = () => undefined as void;
    const loadDone = new Promise<void>((resolve) => {
      endLoad = resolve;
    });
    const scraping = scrapeDuring(server.baseUrl, loadDone);
    await Promise.all(listeners.map((listener) => listen(session, listener, deadline, pages)));
    endLoad();
    const scrapes = await scraping;
    const wall = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    session.close();
    const generatorCpu = (cpu.user + cpu.system) / 1e6;
    const serverCpu = cpuSeconds(server.pid) - serverCpuBefore;
    const backendsAfter = await backendCpu(database);
    let postgresCpu = 0;
    for (const [pid, seconds] of backendsAfter) if (!Number.isNaN(seconds)) postgresCpu += seconds - (backendsBefore.get(pid) ?? 0);
    const serverRss = rssMb(server.pid);
    const loadAfter = loadavg();
    await server.stop();
    server = undefined;
    const lost = await compare(dataDir, database?.url, listeners, results);

    const total = KINDS.reduce((n, k) => n + results.latencies[k].length, 0);
    const errors = [...results.errors.values()].reduce((a, b) => a + b, 0);
    console.log(`\n### ${label}: ${LISTENERS} listeners, ${wall.toFixed(0)} s, think time ${THINK_MS / 2}–${(THINK_MS * 3) / 2} ms\n`);
    console.log('| request | requests | per second | p50 (ms) | p99 (ms) | max (ms) | errors |');
    console.log('| --- | --- | --- | --- | --- | --- | --- |');
    for (const kind of KINDS) {
      const sorted = [...results.latencies[kind]].sort((a, b) => a - b);
      const kindErrors = [...results.errors].filter(([key]) => key.startsWith(`${kind} `)).reduce((n, [, v]) => n + v, 0);
      console.log(
        `| ${kind} | ${sorted.length} | ${(sorted.length / wall).toFixed(1)} | ${quantile(sorted, 0.5).toFixed(1)} | ${quantile(sorted, 0.99).toFixed(1)} | ${(sorted.at(-1) ?? Number.NaN).toFixed(1)} | ${kindErrors} |`,
      );
    }
    const all = KINDS.flatMap((k) => results.latencies[k]).sort((a, b) => a - b);
    console.log(`| all | ${total} | ${(total / wall).toFixed(1)} | ${quantile(all, 0.5).toFixed(1)} | ${quantile(all, 0.99).toFixed(1)} | ${(all.at(-1) ?? Number.NaN).toFixed(1)} | ${errors} |`);
    console.log('');
    console.log(`- errors: ${errors} non-2xx${errors ? ` (${[...results.errors].map(([k, v]) => `${k}: ${v}`).join(', ')})` : ''}, ${results.rateLimited} rate-limited (429), ${results.socketErrors} without an answer`);
    const slowest = [...results.slow].sort((a, b) => b.ms - a.ms).slice(0, 8);
    const bySecond = new Map<number, number>();
    for (const r of results.slow) bySecond.set(Math.floor(r.at / 10) * 10, (bySecond.get(Math.floor(r.at / 10) * 10) ?? 0) + 1);
    console.log(
      `- requests over 1 s: ${results.slow.length}; by 10 s of the run: ${[...bySecond].sort((a, b) => a[0] - b[0]).map(([at, n]) => `${at}s: ${n}`).join(', ') || 'none'}; slowest: ${slowest.map((r) => `${r.kind} sent at ${r.at.toFixed(1)} s took ${r.ms.toFixed(0)} ms`).join(', ') || 'none'}`,
    );
    console.log(`- audio served: ${(results.bytes / 1024 / 1024).toFixed(0)} MB of answers in all (${(results.bytes / 1024 / 1024 / wall).toFixed(1)} MB/s)`);
    console.log(
      `- lost writes: likes ${lost.likes} of ${lost.ackedLikes} acknowledged as liked (${lost.phantomLikes} acknowledged unlikes still stored), comments ${lost.comments} of ${results.comments.length}, counted listens ${lost.listens} of ${lost.ackedListens} (${lost.extraListens} rows beyond them); tracks whose likes or listens counter differs from its rows: ${lost.counterDrift}`,
    );
    console.log(
      `- CPU over the run: load generator ${generatorCpu.toFixed(1)} s (${((100 * generatorCpu) / wall).toFixed(0)}% of a core), server ${serverCpu.toFixed(1)} s (${((100 * serverCpu) / wall).toFixed(0)}%)${database ? `, PostgreSQL backends ${postgresCpu.toFixed(1)} s (${((100 * postgresCpu) / wall).toFixed(0)}%)` : ''}; server RSS at the end ${serverRss.toFixed(0)} MB`,
    );
    console.log(describeScrapes(scrapes, lost.ackedListens));
    console.log(`- load average (1/5/15 min): before ${loadBefore}, after ${loadAfter}`);
    if (scrapes.ok === 0 || scrapes.failed.length > 0) process.exitCode = 1;
    if (lost.likes + lost.phantomLikes + lost.comments + lost.listens + lost.extraListens + lost.counterDrift > 0) process.exitCode = 1;
  } finally {
    await server?.killGroup('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
  }
}

console.log(`Machine: ${os.cpus().length} CPUs (${os.cpus()[0]?.model.trim()}), Node ${process.version}, load ${loadavg()}`);
buildServer();
for (const engine of ENGINES) {
  if (engine === 'postgres' && !adminDatabaseUrl) {
    console.log('\nPostgreSQL skipped: set TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test');
    continue;
  }
  await runEngine(engine);
}
