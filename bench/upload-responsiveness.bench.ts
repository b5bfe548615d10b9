/**
 * Upload responsiveness (issue 13): does the server stay responsive while ten uploads arrive at
 * once and their `audio` jobs (loudness, true peak, renditions) run? Goal: event-loop delay p99
 * < 50 ms.
 *
 * Starts the built server (apps/server/dist/server.js, brought up to date first; SQLite, local
 * disk, no demo) with bench/support/loop-delay.mjs preloaded, which measures the server's own event
 * loop with perf_hooks.monitorEventLoopDelay (1 ms resolution) and hands a snapshot over on
 * SIGUSR2: nothing in Platter exposes it, and nothing needs to change for this. One artist uploads
 * ten files of the same test signal (RESP_SECONDS long, 180 by default; WAV, FLAC, MP3 320,
 * M4A/AAC, Ogg Vorbis, in turn) at once through the upload protocol (get-upload-url, PUT, POST
 * /api/tracks), and the bench waits until each track's audio is processed. Meanwhile a light API
 * request (GET /api/tracks?page=1&pageSize=9) goes out every 50 ms, whether or not the previous
 * one has answered (from a worker thread, apart from the uploading). Phases: idle (5 s), the uploads arriving, the jobs running after the last
 * upload. Prints the loop delay and the request latency per phase (p50/p99/max, ms), with the
 * load average beside them.
 *
 *   npx tsx bench/upload-responsiveness.bench.ts
 *   # RESP_SECONDS=180 RESP_TRACKS=10 RESP_CPU_PROF=/tmp/prof (CPU profiles of the server, per phase)
 *   # RESP_SERVER_ENV='MEDIA_ENGINE=none' (more server settings)
 *   # RESP_SERVER_ENV='MEDIA_ENGINE=none' (more server settings)
 */
import { execFile } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Worker } from 'node:worker_threads';
import { BuiltServer, buildServer, freePort } from '../apps/server/test/support/built-server.js';
import { Client } from '../apps/server/test/support/http-client.js';

const run = promisify(execFile);
const SECONDS = Number(process.env.RESP_SECONDS ?? 180);
const TRACKS = Number(process.env.RESP_TRACKS ?? 10);
const PROBE_EVERY_MS = 50;
const here = path.dirname(fileURLToPath(import.meta.url));
const load = () => fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const FORMATS: Array<{ ext: string; type: string; args: string[] }> = [
  { ext: 'wav', type: 'audio/wav', args: ['-c:a', 'pcm_s16le'] },
  { ext: 'flac', type: 'audio/flac', args: ['-c:a', 'flac'] },
  { ext: 'mp3', type: 'audio/mpeg', args: ['-c:a', 'libmp3lame', '-b:a', '320k'] },
  { ext: 'm4a', type: 'audio/mp4', args: ['-c:a', 'aac', '-b:a', '256k'] },
  { ext: 'ogg', type: 'audio/ogg', args: ['-c:a', 'libvorbis', '-q:a', '6'] },
];

interface LoopSnapshot {
  count: number;
  p50: number;
  p99: number;
  max: number;
  mean: number;
}

buildServer();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'platter-resp-bench-'));
const dataDir = path.join(dir, 'data');
fs.mkdirSync(dataDir);
const loopFile = path.join(dir, 'loop.json');

// The files, made once: the renditions bench's signal.
const master = path.join(dir, 'master.wav');
await run('ffmpeg', [
  '-hide_banner', '-loglevel', 'error', '-nostdin',
  '-f', 'lavfi', '-i', `sine=frequency=220:sample_rate=44100:duration=${SECONDS}`,
  '-f', 'lavfi', '-i', `anoisesrc=color=pink:sample_rate=44100:amplitude=0.2:duration=${SECONDS}:seed=13`,
  '-filter_complex', '[0:a]vibrato=f=0.5:d=0.5[tone];[tone][1:a]amix=inputs=2:normalize=0,tremolo=f=0.2:d=0.6,volume=6dB,aformat=sample_fmts=s16:channel_layouts=stereo[out]',
  '-map', '[out]', '-ar', '44100', '-ac', '2', '-y', master,
]);
const files: Array<{ name: string; type: string; bytes: Buffer }> = [];
for (const format of FORMATS) {
  const file = path.join(dir, `signal.${format.ext}`);
  await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-nostdin', '-i', master, ...format.args, '-y', file]);
  files.push({ name: `signal.${format.ext}`, type: format.type, bytes: fs.readFileSync(file) });
}

const server = await BuiltServer.start({
  port: await freePort(),
  dataDir,
  env: {
    NODE_OPTIONS: `--import ${path.join(here, 'support/loop-delay.mjs')}`,
    // RESP_CPU_PROF=<prefix>: CPU profiles of the server too, one per phase (<prefix>-<n>.cpuprofile), for finding what blocks.
    ...(process.env.RESP_CPU_PROF ? { LOOP_CPU_PROFILE: process.env.RESP_CPU_PROF } : {}),
    LOOP_DELAY_FILE: loopFile,
    LOG_LEVEL: 'warn',
    // RESP_SERVER_ENV='MEDIA_ENGINE=none …': more settings for the server, to take parts out when looking for a cause.
    ...Object.fromEntries((process.env.RESP_SERVER_ENV ?? '').split(/\s+/).filter(Boolean).map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)])),
  },
});

/** What the server's loop did since the previous call. */
async function loopSnapshot(): Promise<LoopSnapshot> {
  fs.rmSync(loopFile, { force: true });
  process.kill(server.pid, 'SIGUSR2');
  for (let i = 0; i < 200; i++) {
    if (fs.existsSync(loopFile)) return JSON.parse(fs.readFileSync(loopFile, 'utf8')) as LoopSnapshot;
    await sleep(25);
  }
  throw new Error('the server did not answer SIGUSR2 (is loop-delay.mjs preloaded?)');
}

/**
 * A light API request every 50 ms, each timed, until stopped: in a worker thread of its own, so
 * that this process pushing the uploads does not delay the probe's timers or its timing.
 */
const PROBE_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const latencies = [];
let failures = 0;
const pending = new Set();
const timer = setInterval(() => {
  const started = performance.now();
  const request = fetch(workerData.url)
    .then(async (response) => {
      await response.arrayBuffer();
      if (response.status !== 200) failures += 1;
      latencies.push(performance.now() - started);
    })
    .catch(() => void (failures += 1))
    .finally(() => pending.delete(request));
  pending.add(request);
}, workerData.every);
parentPort.once('message', async () => {
  clearInterval(timer);
  await Promise.all(pending);
  parentPort.postMessage({ latencies, failures });
});
`;

function startProbe() {
  const worker = new Worker(PROBE_WORKER, { eval: true, workerData: { url: `${server.baseUrl}/api/tracks?page=1&pageSize=9`, every: PROBE_EVERY_MS } });
  return {
    async stop(): Promise<{ latencies: number[]; failures: number }> {
      const result = once(worker, 'message');
      worker.postMessage('stop');
      const [answer] = (await result) as [{ latencies: number[]; failures: number }];
      await worker.terminate();
      return answer;
    },
  };
}

const rows: string[] = [];
async function phase(label: string, work: () => Promise<void>) {
  await loopSnapshot();
  const probe = startProbe();
  const started = performance.now();
  await work();
  const seconds = (performance.now() - started) / 1000;
  const { latencies, failures } = await probe.stop();
  const loop = await loopSnapshot();
  const f = (x: number) => x.toFixed(1);
  rows.push(
    `| ${label} | ${seconds.toFixed(1)} | ${f(loop.p50)} | **${f(loop.p99)}** | ${f(loop.max)} | ${latencies.length} (${failures} failed) | ${f(percentile(latencies, 50))} | ${f(percentile(latencies, 99))} | ${f(Math.max(...latencies))} | ${load()} |`,
  );
}

try {
  const artist = new Client(server.baseUrl);
  await artist.signUp('Bench Artist');
  const loadBefore = load();
  await phase('idle (5 s)', () => sleep(5000));

  const ids: string[] = [];
  await phase(`${TRACKS} uploads arriving at once`, async () => {
    await Promise.all(
      Array.from({ length: TRACKS }, async (_, i) => {
        const file = files[i % files.length] as (typeof files)[number];
        const urls = await artist.json<{ uploadURL: string; fileUrl: string }>('POST', '/api/get-upload-url', { fileName: file.name, fileType: file.type, fileSize: file.bytes.length });
        if (urls.status !== 200) throw new Error(`get-upload-url: ${urls.status} ${JSON.stringify(urls.body)}`);
        const put = await artist.request('PUT', urls.body.uploadURL, { body: new Uint8Array(file.bytes), headers: { 'content-type': file.type } });
        if (put.status !== 200) throw new Error(`PUT: ${put.status} ${await put.text()}`);
        const created = await artist.json<{ id: string }>('POST', '/api/tracks', { title: `Bench ${i + 1} (${file.name})`, genre: 'Other', url: urls.body.fileUrl });
        if (created.status !== 201) throw new Error(`POST /api/tracks: ${created.status} ${JSON.stringify(created.body)}`);
        ids.push(created.body.id);
      }),
    );
  });

  const statuses = new Map<string, string>();
  await phase('their audio jobs running, until all are processed', async () => {
    const deadline = Date.now() + 30 * 60_000;
    for (;;) {
      for (const id of ids) {
        const { body } = await artist.json<{ audio?: { status: string } }>('GET', `/api/tracks/${id}`);
        statuses.set(id, body.audio?.status ?? 'none');
      }
      if ([...statuses.values()].every((status) => status !== 'processing')) return;
      if (Date.now() > deadline) throw new Error('audio processing did not finish within 30 minutes');
      await sleep(1000);
    }
  });

  const outcome = [...statuses.values()].reduce<Record<string, number>>((counts, status) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }), {});
  console.log(`Machine: ${os.cpus().length} CPUs (${os.cpus()[0]?.model.trim()}), Node ${process.version}, load before ${loadBefore}`);
  console.log(`Built server on SQLite, local disk; ${TRACKS} files of a ${SECONDS} s signal (${FORMATS.map((f) => f.ext).join(', ')} in turn, ${files.map((f) => `${(f.bytes.length / 1024 / 1024).toFixed(1)} MB`).join(' / ')}); outcome ${JSON.stringify(outcome)}`);
  console.log(`Probe: GET /api/tracks?page=1&pageSize=9 every ${PROBE_EVERY_MS} ms. Event-loop delay from inside the server (monitorEventLoopDelay, 1 ms resolution).`);
  console.log('');
  console.log('| phase | seconds | loop delay p50 (ms) | loop delay p99 (ms) | loop delay max (ms) | probe requests | probe p50 (ms) | probe p99 (ms) | probe max (ms) | load after |');
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const row of rows) console.log(row);
} catch (error) {
  console.error(server.output());
  throw error;
} finally {
  await server.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}
