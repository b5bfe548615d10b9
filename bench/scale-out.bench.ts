/**
 * Scale-out on loopback, with real Platter processes (the scale-out suite's harness):
 *
 * (a) live-event fan-out: BENCH_SUBSCRIBERS live-events streams split over two instances (Redis
 *     pub/sub between them), one like at a time; for every subscriber, the time from the like's
 *     answer (and from its sending) to the event's arrival. Beside it, the same on one instance
 *     with Redis, and on the embedded default (one process, SQLite, in-process events).
 * (b) media: one audio file fetched whole (`Range: bytes=0-`, as a player starts) for a fixed
 *     time at a fixed concurrency, through Platter's /media redirect to the bucket versus straight from the bucket
 *     (the presigned URL reused), requests/s and p50/p99; beside them, the embedded default
 *     streaming the file from local disk.
 *
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test TEST_REDIS_URL=redis://127.0.0.1:6379 \
 *     npx tsx --conditions=source bench/scale-out.bench.ts
 *   # BENCH_SUBSCRIBERS=1000 BENCH_WRITES=40 BENCH_CONCURRENCY=16 BENCH_MEDIA_SECONDS=15 (BENCH_MEDIA_REQUESTS to cap)
 *   # BENCH_PART=fanout|media, BENCH_SETUPS=two,one,embedded,bucket
 *   # BENCH_CLIENT_PROCESSES=N: the fan-out's streams held by N client processes (default 1: here)
 *   # BENCH_CLIENT=epoll: the streams held by one C program on epoll (bench/support/sse-fanout.c,
 *   # compiled with the machine's `cc`), which costs the machine least per subscriber
 *   # SCALE_OUT_PORTS=8600-8698 S3_SERVER_PORT=8699: the instances' and the bucket's ports, where the
 *   # machine gives each user a range (else the OS picks); 10,000 streams need `ulimit -n 65536` first.
 */
import { type ChildProcess, fork, spawn } from 'node:child_process';
import http from 'node:http';
import os from 'node:os';
import { createInterface } from 'node:readline';
import { makeMp3 } from '../apps/server/test/support/audio-fixtures.js';
import { Client } from '../apps/server/test/support/http-client.js';
import { type Cluster, type PlatterProcess, startCluster, startInstances, startS3 } from '../apps/server/test/scale-out/support/cluster.js';
import { EventStream } from '../apps/server/test/scale-out/support/event-stream.js';
import { sseFanoutBinary } from './support/sse-fanout-binary.mjs';

const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 1000);
const WRITES = Number(process.env.BENCH_WRITES ?? 40);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const MEDIA_REQUESTS = Number(process.env.BENCH_MEDIA_REQUESTS ?? Number.POSITIVE_INFINITY);
const MEDIA_SECONDS = Number(process.env.BENCH_MEDIA_SECONDS ?? 15);
const PART = process.env.BENCH_PART ?? 'all';
/** Client processes holding the fan-out's streams (scale-out.client.mjs); 1: all in this process. */
const CLIENT_PROCESSES = Number(process.env.BENCH_CLIENT_PROCESSES ?? 1);
/** `epoll`: the streams held by bench/support/sse-fanout.c instead of Node. */
const CLIENT = process.env.BENCH_CLIENT ?? 'node';
/**
 * Which setups run: fan-out on `two` instances, on `one` (both with Redis) and on the `embedded`
 * default; media through the `bucket` (redirect and direct) and from the `embedded` default's disk.
 */
const SETUPS = (process.env.BENCH_SETUPS ?? 'two,one,embedded,bucket').split(',');

const adminDatabaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
if (!adminDatabaseUrl || !redisUrl) {
  console.error('Set TEST_DATABASE_URL and TEST_REDIS_URL (postgres://postgres@127.0.0.1:5432/test, redis://127.0.0.1:6379).');
  process.exit(1);
}

function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

const ms = (v: number) => (Number.isNaN(v) ? '–' : v.toFixed(1));
const load = () => os.loadavg().map((v) => v.toFixed(2)).join(' ');

/** A like on every write, from a different forwarded address each time (the like limit is per address). */
let addressCounter = 0;
const nextAddress = () => {
  addressCounter++;
  return `10.${200 + (process.pid % 50)}.${Math.floor(addressCounter / 250)}.${1 + (addressCounter % 250)}`;
};

/** Signs up an artist on `instance` and uploads `audio` through the upload protocol; the new track. */
async function uploadTrack(instance: PlatterProcess, audio: Buffer): Promise<{ client: Client; track: { id: string; url: string } }> {
  const client = new Client(instance.baseUrl);
  await client.signUp('Bench Artist');
  const urls = await client.json<{ uploadURL: string; fileUrl: string }>('POST', '/api/get-upload-url', { fileName: 'bench.mp3', fileType: 'audio/mpeg', fileSize: audio.length });
  if (urls.status !== 200) throw new Error(`get-upload-url: ${urls.status} ${JSON.stringify(urls.body)}`);
  const target = new URL(urls.body.uploadURL, instance.baseUrl);
  const put =
    target.origin === instance.baseUrl
      ? await client.request('PUT', target.toString(), { body: new Uint8Array(audio), headers: { 'content-type': 'audio/mpeg' } })
      : await fetch(target, { method: 'PUT', body: new Uint8Array(audio), headers: { 'content-type': 'audio/mpeg' } });
  if (put.status !== 200) throw new Error(`PUT ${target}: ${put.status} ${await put.text()}`);
  const created = await client.json<{ id: string; url: string }>('POST', '/api/tracks', { title: 'Bench track', genre: 'Dance', url: urls.body.fileUrl });
  if (created.status !== 201) throw new Error(`POST /api/tracks: ${created.status} ${JSON.stringify(created.body)}`);
  return { client, track: created.body };
}

interface FanOutResult {
  label: string;
  subscribers: number;
  writes: number;
  afterAnswer: number[];
  afterSend: number[];
  /** Per write: until the last subscriber had it, from the answer. */
  lastPerWrite: number[];
  writeMs: number[];
  loadBefore: string;
  loadAfter: string;
}

/** What holds the subscribers' streams: this process, or client processes (scale-out.client.mjs). */
interface Subscribers {
  count: number;
  /** Before the like of `likes` on `trackId`: remembers where each stream is (or arms it for that frame). */
  mark(trackId: string, likes: number): Promise<void>;
  /** Each stream's arrival of that track.stats after the mark, as performance.timeOrigin + performance.now(). */
  collect(trackId: string, likes: number): Promise<number[]>;
  close(): void;
}

const clock = () => performance.timeOrigin + performance.now();

/** Where subscribers connect and likes go: a Platter instance, or a floor process (sse-floor.mjs). */
interface Target {
  baseUrl: string;
}

async function inProcessSubscribers(instances: Target[]): Promise<Subscribers> {
  // Opened 50 at a time, round-robin over the instances, as a balancer spreads new connections.
  const streams: EventStream[] = [];
  for (let i = 0; i < SUBSCRIBERS; i += 50) {
    const batch = Array.from({ length: Math.min(50, SUBSCRIBERS - i) }, (_, k) => EventStream.open((instances[(i + k) % instances.length] as Target).baseUrl, { timeoutMs: 30_000 }));
    streams.push(...(await Promise.all(batch)));
  }
  let from: number[] = [];
  return {
    count: streams.length,
    mark: async () => {
      from = streams.map((s) => s.events.length);
    },
    collect: async (trackId, likes) => {
      const arrivals = await Promise.all(streams.map((s, i) => s.waitFor((e) => e.type === 'track.stats' && e.trackId === trackId && e.likes === likes, 30_000, from[i])));
      return arrivals.map(({ at }) => performance.timeOrigin + at);
    },
    close: () => {
      for (const s of streams) s.close();
    },
  };
}

async function clientProcessSubscribers(instances: Target[]): Promise<Subscribers> {
  const children: ChildProcess[] = [];
  const ask = <T>(child: ChildProcess, message: object, key: string) =>
    new Promise<T>((resolve, reject) => {
      const onMessage = (answer: Record<string, unknown>) => {
        if (answer.error) reject(new Error(String(answer.error)));
        else if (key in answer) resolve(answer[key] as T);
        else return;
        child.off('message', onMessage);
      };
      child.on('message', onMessage);
      child.send(message);
    });
  const all = <T>(message: object, key: string) => Promise.all(children.map((child) => ask<T>(child, message, key)));
  const urls = instances.map((i) => i.baseUrl);
  const share = Math.ceil(SUBSCRIBERS / CLIENT_PROCESSES);
  for (let p = 0; p * share < SUBSCRIBERS; p++) children.push(fork(new URL('./scale-out.client.mjs', import.meta.url), [], { execArgv: [], stdio: 'inherit' }));
  const opened = await Promise.all(children.map((child, p) => ask<number>(child, { open: { urls, first: p * share, count: Math.min(share, SUBSCRIBERS - p * share) } }, 'opened')));
  return {
    count: opened.reduce((a, b) => a + b, 0),
    mark: async () => {
      await all({ mark: true }, 'marked');
    },
    collect: async (trackId, likes) => (await all<number[]>({ collect: { trackId, likes } }, 'arrivals')).flat(),
    close: () => {
      for (const child of children) if (child.connected) child.send({ close: true });
    },
  };
}

/**
 * The streams held by one C program on epoll (bench/support/sse-fanout.c): a few microseconds of the
 * machine per subscriber and event, so what is measured is Platter's fan-out, not the subscribers'
 * own parsing. Its arrival times are CLOCK_MONOTONIC, the clock of `process.hrtime`, moved here
 * onto `clock()`'s scale.
 */
async function epollSubscribers(instances: Target[]): Promise<Subscribers> {
  const binary = sseFanoutBinary();
  const targets = instances.map((i) => new URL(i.baseUrl).host);
  const child = spawn(binary, [String(SUBSCRIBERS), ...targets], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream })[Symbol.asyncIterator]();
  const answer = async (expected: string): Promise<string> => {
    const { value, done } = await lines.next();
    if (done) throw new Error(`sse-fanout ended while ${expected} was awaited`);
    const line = String(value);
    if (!line.startsWith(expected)) throw new Error(`sse-fanout: ${line}`);
    return line;
  };
  const offset = clock() - Number(process.hrtime.bigint()) / 1e6;
  const opened = Number((await answer('opened')).split(' ')[1]);
  return {
    count: opened,
    // Armed before the like is sent: from then each stream stamps that like's frame when it comes.
    mark: async (trackId, likes) => {
      child.stdin?.write(`expect ${trackId} ${likes}\n`);
      await answer('armed');
    },
    collect: async () => {
      child.stdin?.write('collect 30000\n');
      return (await answer('arrivals')).split(' ').slice(1).map((at) => Number(at) + offset);
    },
    close: () => {
      child.stdin?.end('close\n');
    },
  };
}

/**
 * One like at a time on `instances` in turn, each waited for at every subscriber. `platter`: a
 * signed-in like of an uploaded track; otherwise the floor processes' bare like (sse-floor.mjs).
 */
async function fanOut(label: string, instances: Target[], platter = true): Promise<FanOutResult> {
  const loadBefore = load();
  let trackId = 'floor-track';
  let like = (writer: Target, likes: number) => fetch(new URL(`/api/tracks/${trackId}/like`, writer.baseUrl), { method: likes ? 'PUT' : 'DELETE' });
  if (platter) {
    const { client, track } = await uploadTrack(instances[0] as PlatterProcess, await makeMp3(2));
    trackId = track.id;
    like = (writer, likes) =>
      client.request(likes ? 'PUT' : 'DELETE', new URL(`/api/tracks/${track.id}/like`, writer.baseUrl).toString(), {
        // The writer's own origin: each instance refuses a write that names another one.
        headers: { 'x-forwarded-for': nextAddress(), cookie: client.cookieHeader(), origin: writer.baseUrl },
      });
  }
  const subscribers =
    CLIENT === 'epoll' ? await epollSubscribers(instances) : CLIENT_PROCESSES > 1 ? await clientProcessSubscribers(instances) : await inProcessSubscribers(instances);
  const result: FanOutResult = { label, subscribers: subscribers.count, writes: WRITES, afterAnswer: [], afterSend: [], lastPerWrite: [], writeMs: [], loadBefore, loadAfter: '' };
  try {
    for (let w = 0; w < WRITES; w++) {
      const likes = w % 2 === 0 ? 1 : 0;
      // Writes go to the instances in turn too.
      const writer = instances[w % instances.length] as Target;
      await subscribers.mark(trackId, likes);
      const sent = clock();
      const response = await like(writer, likes);
      const answered = clock();
      if (response.status !== 200) throw new Error(`like ${w}: ${response.status} ${await response.text()}`);
      await response.body?.cancel();
      result.writeMs.push(answered - sent);
      let last = 0;
      for (const at of await subscribers.collect(trackId, likes)) {
        result.afterAnswer.push(at - answered);
        result.afterSend.push(at - sent);
        last = Math.max(last, at - answered);
      }
      result.lastPerWrite.push(last);
    }
  } finally {
    subscribers.close();
  }
  result.loadAfter = load();
  return result;
}

interface MediaResult {
  label: string;
  requests: number;
  seconds: number;
  latencies: number[];
  bytes: number;
  failures: number;
  loadBefore: string;
  loadAfter: string;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY * 2 });

/** One GET read to the end: status, Location, bytes. */
function get(url: string, headers: Record<string, string>): Promise<{ status: number; location: string | undefined; bytes: number }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent, headers }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, location: response.headers.location, bytes }));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

/** Plays the file for MEDIA_SECONDS (at most MEDIA_REQUESTS times), CONCURRENCY at once: `play` fetches it whole and says how many bytes came. */
async function mediaRun(label: string, size: number, play: () => Promise<number>): Promise<MediaResult> {
  for (let i = 0; i < CONCURRENCY; i++) await play(); // warm-up: connections, caches
  const loadBefore = load();
  const latencies: number[] = [];
  let bytes = 0;
  let failures = 0;
  let issued = 0;
  const started = performance.now();
  const deadline = started + MEDIA_SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (issued < MEDIA_REQUESTS && performance.now() < deadline) {
        issued++;
        const t = performance.now();
        const got = await play();
        latencies.push(performance.now() - t);
        bytes += got;
        if (got !== size) failures++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { label, requests: latencies.length, seconds, latencies, bytes, failures, loadBefore, loadAfter: load() };
}

/** Through the /media redirect and straight from the bucket, on one instance with S3. */
async function bucketMedia(audio: Buffer, results: MediaResult[]): Promise<void> {
  const s3 = await startS3();
  let cluster: Cluster | undefined;
  try {
    cluster = await startCluster({ count: 1, adminDatabaseUrl: adminDatabaseUrl as string, env: { REDIS_URL: redisUrl as string, ...s3.env } });
    const instance = cluster.instances[0] as PlatterProcess;
    const { track } = await uploadTrack(instance, audio);
    const range = { range: 'bytes=0-' };
    const viaRedirect = async () => {
      const first = await get(`${instance.baseUrl}${track.url}`, range);
      if (!first.location) throw new Error(`/media answered ${first.status} without a Location`);
      return (await get(new URL(first.location, instance.baseUrl).toString(), range)).bytes;
    };
    const presigned = (await get(`${instance.baseUrl}${track.url}`, range)).location;
    if (!presigned) throw new Error('/media did not redirect');
    const direct = async () => (await get(new URL(presigned, instance.baseUrl).toString(), range)).bytes;
    results.push(await mediaRun('through /media (a redirect to a presigned GET, then the bucket)', audio.length, viaRedirect));
    results.push(await mediaRun('straight from the bucket (the presigned URL reused)', audio.length, direct));
  } finally {
    await cluster?.close();
    await s3.stop();
  }
}

async function media(audio: Buffer): Promise<MediaResult[]> {
  const results: MediaResult[] = [];
  if (SETUPS.includes('bucket')) await bucketMedia(audio, results);
  if (!SETUPS.includes('embedded')) return results;
  // The embedded default: one process streaming from local disk, for scale.
  const [embedded] = await startInstances(1, {}, 'embedded');
  try {
    const { track } = await uploadTrack(embedded as PlatterProcess, audio);
    const local = async () => (await get(`${(embedded as PlatterProcess).baseUrl}${track.url}`, { range: 'bytes=0-' })).bytes;
    results.push(await mediaRun('embedded default: Platter streams from local disk', audio.length, local));
  } finally {
    await embedded?.stop();
    embedded?.cleanUp();
  }
  return results;
}

/** Two floor processes (sse-floor.mjs) on Redis: the same fan-out with nothing of Platter in it. */
async function floorFanOut(): Promise<FanOutResult> {
  const ports = (process.env.BENCH_FLOOR_PORTS ?? '8690,8691').split(',').map(Number);
  const floors = ports.map((port) => spawn(process.execPath, [new URL('./support/sse-floor.mjs', import.meta.url).pathname, String(port), redisUrl as string], { stdio: ['ignore', 'pipe', 'inherit'] }));
  try {
    await Promise.all(
      floors.map(
        (floor) =>
          new Promise<void>((resolve, reject) => {
            floor.stdout?.once('data', () => resolve());
            floor.once('exit', (code) => reject(new Error(`sse-floor exited with ${code}`)));
          }),
      ),
    );
    return await fanOut('floor: two bare Node processes, Redis pub/sub (sse-floor.mjs)', ports.map((port) => ({ baseUrl: `http://127.0.0.1:${port}` })), false);
  } finally {
    for (const floor of floors) floor.kill('SIGTERM');
  }
}

async function fanOuts(): Promise<FanOutResult[]> {
  const results: FanOutResult[] = [];
  const counts = [2, 1].filter((n) => SETUPS.includes(n === 2 ? 'two' : 'one'));
  const s3 = counts.length > 0 ? await startS3() : undefined;
  try {
    const env = { REDIS_URL: redisUrl as string, ...s3?.env, TRUST_PROXY: '127.0.0.1' };
    for (const count of counts) {
      const cluster = await startCluster({ count, adminDatabaseUrl: adminDatabaseUrl as string, env });
      try {
        results.push(await fanOut(count === 2 ? 'two instances, Redis pub/sub' : 'one instance, Redis pub/sub', cluster.instances));
      } catch (error) {
        console.error(cluster.describe());
        throw error;
      } finally {
        await cluster.close();
      }
    }
  } finally {
    await s3?.stop();
  }
  if (SETUPS.includes('floor')) results.push(await floorFanOut());
  if (!SETUPS.includes('embedded')) return results;
  const [embedded] = await startInstances(1, { TRUST_PROXY: '127.0.0.1' }, 'embedded');
  try {
    results.push(await fanOut('embedded default: one process, in-process events', [embedded as PlatterProcess]));
  } finally {
    await embedded?.stop();
    embedded?.cleanUp();
  }
  return results;
}

console.log(`Machine: ${os.cpus().length} CPUs (${os.cpus()[0]?.model.trim()}), Node ${process.version}, load ${load()}`);

if (PART === 'all' || PART === 'fanout') {
  const results = await fanOuts();
  // The ratio is against the floor where it ran (what this machine allows), else one instance.
  const floor = results.find((r) => r.label.startsWith('floor'));
  const reference = floor ?? results.find((r) => r.label.startsWith('one instance')) ?? results[0];
  console.log(`\n(a) live-event fan-out: ${SUBSCRIBERS} subscribers, ${WRITES} likes one at a time, streams held by ${CLIENT === 'epoll' ? 'one C program on epoll (bench/support/sse-fanout.c)' : CLIENT_PROCESSES > 1 ? `${CLIENT_PROCESSES} client processes` : 'the bench process'}\n`);
  console.log(`| setup | p50 after answer (ms) | p99 after answer (ms) | p50 after send (ms) | p99 after send (ms) | last subscriber p50 (ms) | like answered p50 (ms) | p99 vs ${floor ? 'the floor' : 'one instance'} | load before → after |`);
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  const refP99 = reference ? quantile([...reference.afterAnswer].sort((a, b) => a - b), 0.99) : Number.NaN;
  for (const r of results) {
    const answer = [...r.afterAnswer].sort((a, b) => a - b);
    const send = [...r.afterSend].sort((a, b) => a - b);
    const last = [...r.lastPerWrite].sort((a, b) => a - b);
    const write = [...r.writeMs].sort((a, b) => a - b);
    const p99 = quantile(answer, 0.99);
    console.log(
      `| ${r.label} | ${ms(quantile(answer, 0.5))} | ${ms(p99)} | ${ms(quantile(send, 0.5))} | ${ms(quantile(send, 0.99))} | ${ms(quantile(last, 0.5))} | ${ms(quantile(write, 0.5))} | ${(p99 / refP99).toFixed(2)}× | ${r.loadBefore} → ${r.loadAfter} |`,
    );
  }
}

if (PART === 'all' || PART === 'media') {
  const audio = await makeMp3(60); // a minute at 64 kbit/s
  const results = await media(audio);
  const reference = results[1];
  console.log(`\n(b) media: one ${(audio.length / 1024).toFixed(0)} KB MP3 fetched whole (Range: bytes=0-), ${CONCURRENCY} at a time\n`);
  console.log('| path | requests | requests/s | p50 (ms) | p99 (ms) | MB/s | requests/s vs direct | failures | load before → after |');
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  const refRate = reference ? reference.requests / reference.seconds : Number.NaN;
  for (const r of results) {
    const sorted = [...r.latencies].sort((a, b) => a - b);
    const rate = r.requests / r.seconds;
    console.log(
      `| ${r.label} | ${r.requests} | ${rate.toFixed(1)} | ${ms(quantile(sorted, 0.5))} | ${ms(quantile(sorted, 0.99))} | ${(r.bytes / r.seconds / 1e6).toFixed(1)} | ${(rate / refRate).toFixed(2)}× | ${r.failures} | ${r.loadBefore} → ${r.loadAfter} |`,
    );
  }
}
agent.destroy();
