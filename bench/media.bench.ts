/**
 * Media serving, Platter's embedded default vs nginx on the same file (issue 11, goal 3).
 *
 * Starts one Platter process (`server.ts`, SQLite, local disk, no demo) and one nginx (Debian's,
 * one worker, sendfile on, access log off) whose root is Platter's own media directory, uploads a
 * ~944 KB MP3 through the upload protocol, then drives both with wrk (50 connections) in
 * interleaved rounds: the whole file, and 60,000-byte ranges. Prints requests/s, p50/p99 and the
 * ratio to nginx per round and as medians, with the load average beside them.
 *
 *   npx tsx --conditions=source bench/media.bench.ts
 *   # BENCH_SECONDS=8 BENCH_ROUNDS=3 BENCH_CONNECTIONS=50
 * Needs nginx and wrk (apt-get install nginx wrk).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeMp3 } from '../apps/server/test/support/audio-fixtures.js';
import { Client } from '../apps/server/test/support/http-client.js';
import { freePorts } from '../apps/server/test/scale-out/support/cluster.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const RANGE_BYTES = 60_000;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const load = () => fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

interface WrkResult {
  rps: number;
  p50: number;
  p99: number;
  mbps: number;
  errors: number;
}

function ms(text: string): number {
  const m = /([\d.]+)(us|ms|s)/.exec(text);
  if (!m) return Number.NaN;
  const v = Number(m[1]);
  return m[2] === 'us' ? v / 1000 : m[2] === 's' ? v * 1000 : v;
}

function wrk(url: string, headers: string[] = []): WrkResult {
  const args = ['-t2', `-c${CONNECTIONS}`, `-d${SECONDS}s`, '--latency', ...headers.flatMap((h) => ['-H', h]), url];
  const out = execFileSync('wrk', args, { encoding: 'utf8' });
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
  const transfer = /Transfer\/sec:\s+([\d.]+)(KB|MB|GB)/.exec(out);
  const mbps = transfer ? Number(transfer[1]) * (transfer[2] === 'GB' ? 1024 : transfer[2] === 'KB' ? 1 / 1024 : 1) : Number.NaN;
  const p50 = ms(/\n\s+50%\s+(\S+)/.exec(out)?.[1] ?? '');
  const p99 = ms(/\n\s+99%\s+(\S+)/.exec(out)?.[1] ?? '');
  const errors = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0) + Number(/Socket errors: connect (\d+)/.exec(out)?.[1] ?? 0);
  return { rps, p50, p99, mbps, errors };
}

async function waitFor(url: string, child: ChildProcess, name: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited (${child.exitCode})`);
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error(`${name} did not answer ${url}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'platter-media-bench-'));
  const [platterPort, nginxPort] = (await freePorts(2)) as [number, number];
  const platter = spawn(process.execPath, ['--import', 'tsx', '--conditions=source', path.join(root, 'apps/server/src/server.ts')], {
    // From the repository, where `tsx` resolves (as the scale-out harness starts its processes).
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(platterPort),
      DATA_DIR: dir,
      PLATTER_DEMO: '0',
      LOG_LEVEL: 'warn',
      BETTER_AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    },
  });
  let nginx: ChildProcess | undefined;
  try {
    const base = `http://127.0.0.1:${platterPort}`;
    await waitFor(`${base}/api/health`, platter, 'Platter');
    const artist = new Client(base);
    await artist.signUp('Bench Artist');
    const mp3 = await makeMp3(120);
    const grant = await artist.json<{ uploadURL: string; fileUrl: string }>('POST', '/api/get-upload-url', { fileName: 'bench.mp3', fileType: 'audio/mpeg', fileSize: mp3.length });
    if ((await artist.request('PUT', grant.body.uploadURL, { body: new Uint8Array(mp3), headers: { 'content-type': 'audio/mpeg' } })).status !== 200) throw new Error('upload failed');
    const track = await artist.json<{ url: string }>('POST', '/api/tracks', { title: 'Bench', url: grant.body.fileUrl });
    if (track.status !== 201) throw new Error(`create failed: ${JSON.stringify(track.body)}`);

    const conf = path.join(dir, 'nginx.conf');
    fs.writeFileSync(
      conf,
      `daemon off; worker_processes 1; ${process.getuid?.() === 0 ? "user root;" : ""} pid ${dir}/nginx.pid; error_log ${dir}/nginx-error.log warn;
events { worker_connections 1024; }
http {
  access_log off; sendfile on; tcp_nopush on; keepalive_requests 100000;
  types { audio/mpeg mp3; } default_type audio/mpeg;
  client_body_temp_path ${dir}/nginx-tmp; proxy_temp_path ${dir}/nginx-tmp; fastcgi_temp_path ${dir}/nginx-tmp; uwsgi_temp_path ${dir}/nginx-tmp; scgi_temp_path ${dir}/nginx-tmp;
  server { listen 127.0.0.1:${nginxPort}; location /media/ { alias ${dir}/media/; } }
}
`,
    );
    nginx = spawn('nginx', ['-c', conf, '-p', dir], { stdio: ['ignore', 'ignore', 'inherit'] });
    await waitFor(`http://127.0.0.1:${nginxPort}/media/`, nginx, 'nginx');

    const platterUrl = `${base}${track.body.url}`;
    const nginxUrl = `http://127.0.0.1:${nginxPort}${track.body.url}`;
    // Both answer the same bytes.
    const [a, b] = await Promise.all([fetch(platterUrl).then((r) => r.arrayBuffer()), fetch(nginxUrl).then((r) => r.arrayBuffer())]);
    if (Buffer.compare(Buffer.from(a), Buffer.from(b)) !== 0 || a.byteLength !== mp3.length) throw new Error('Platter and nginx serve different bytes');

    const start = Math.floor(mp3.length / 3);
    const scenarios = [
      { name: `whole file (${Math.round(mp3.length / 1024)} KB)`, headers: [] as string[] },
      { name: `${RANGE_BYTES}-byte range`, headers: [`Range: bytes=${start}-${start + RANGE_BYTES - 1}`] },
    ];
    console.log(`Machine: ${os.cpus().length} CPUs (${os.cpus()[0]?.model.trim()}), Node ${process.version}, load ${load()}`);
    console.log(`wrk -t2 -c${CONNECTIONS} -d${SECONDS}s, ${ROUNDS} interleaved rounds; nginx 1 worker, sendfile on; Platter one process (SQLite, local disk)\n`);
    for (const scenario of scenarios) {
      console.log(`### ${scenario.name}\n`);
      console.log('| round | server | requests/s | p50 (ms) | p99 (ms) | MB/s | errors | ratio to nginx (req/s) | p99 vs nginx | load after |');
      console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
      const ratios: number[] = [];
      const p99s: number[] = [];
      for (let round = 1; round <= ROUNDS; round++) {
        // Alternate which goes first, so neither always gets the quieter half of the minute.
        const order = round % 2 ? (['nginx', 'platter'] as const) : (['platter', 'nginx'] as const);
        const results: Record<string, WrkResult> = {};
        const loads: Record<string, string> = {};
        for (const who of order) {
          results[who] = wrk(who === 'nginx' ? nginxUrl : platterUrl, scenario.headers);
          loads[who] = load();
        }
        const ngx = results.nginx!;
        for (const who of order) {
          const r = results[who]!;
          const vs = who === 'platter' ? [`${(r.rps / ngx.rps).toFixed(2)}×`, `${(r.p99 / ngx.p99).toFixed(1)}×`] : ['', ''];
          console.log(
            `| ${round} | ${who === 'nginx' ? 'nginx' : 'Platter'} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} | ${r.mbps.toFixed(0)} | ${r.errors} | ${vs[0]} | ${vs[1]} | ${loads[who]} |`,
          );
        }
        ratios.push(results.platter!.rps / results.nginx!.rps);
        p99s.push(results.platter!.p99 / results.nginx!.p99);
      }
      console.log(`\nMedian ratio to nginx: ${median(ratios).toFixed(2)}× requests/s, p99 ${median(p99s).toFixed(1)}× nginx's\n`);
    }
  } finally {
    nginx?.kill('SIGTERM');
    platter.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1000));
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
