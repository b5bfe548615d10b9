/**
 * Media serving, Platter's embedded default vs nginx on the same file (issue 11, goal 3).
 *
 * Starts two Platter processes (`server.ts`, SQLite, local disk, no demo): the embedded default,
 * and one with MEDIA_ACCEL_REDIRECT behind nginx as docs/deploy.md sets it up (Platter authorizes,
 * nginx sends the bytes). One nginx (Debian's, one worker, sendfile on, access log off) serves
 * Platter's media directory as plain files on one port and proxies to the second Platter on
 * another. A ~944 KB MP3 is uploaded through the upload protocol to each Platter; all three must
 * answer the same bytes. Each contender gets a warm-up run, then wrk (50 connections) drives them
 * in interleaved rounds (the order rotates): the whole file, and 60,000-byte ranges. Prints
 * requests/s, p50/p99 and the ratio to plain nginx per round and as medians, with the load beside them.
 *
 *   npx tsx --conditions=source bench/media.bench.ts
 *   # BENCH_SECONDS=8 BENCH_ROUNDS=3 BENCH_CONNECTIONS=50 BENCH_WARMUP_SECONDS=2
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
import { nginxConfig } from '../apps/server/test/support/nginx.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
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

function wrk(url: string, headers: string[] = [], seconds = SECONDS): WrkResult {
  const args = ['-t2', `-c${CONNECTIONS}`, `-d${seconds}s`, '--latency', ...headers.flatMap((h) => ['-H', h]), url];
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

function startPlatter(port: number, dataDir: string, env: Record<string, string> = {}): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', '--conditions=source', path.join(root, 'apps/server/src/server.ts')], {
    // From the repository, where `tsx` resolves (as the scale-out harness starts its processes).
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      PLATTER_DEMO: '0',
      LOG_LEVEL: 'warn',
      BETTER_AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
      ...env,
    },
  });
}

/** Signs up an artist and publishes the MP3 as a track, as the web app does; returns its media URL. */
async function publish(base: string, mp3: Buffer): Promise<string> {
  const artist = new Client(base);
  await artist.signUp('Bench Artist');
  const grant = await artist.json<{ uploadURL: string; fileUrl: string }>('POST', '/api/get-upload-url', { fileName: 'bench.mp3', fileType: 'audio/mpeg', fileSize: mp3.length });
  if ((await artist.request('PUT', grant.body.uploadURL, { body: new Uint8Array(mp3), headers: { 'content-type': 'audio/mpeg' } })).status !== 200) throw new Error('upload failed');
  const track = await artist.json<{ url: string }>('POST', '/api/tracks', { title: 'Bench', url: grant.body.fileUrl });
  if (track.status !== 201) throw new Error(`create failed: ${JSON.stringify(track.body)}`);
  return track.body.url;
}

type Who = 'nginx' | 'platter' | 'accel' | 'cached';
type Contender = Exclude<Who, 'nginx'>;
const CONTENDERS: Contender[] = ['platter', 'accel', 'cached'];
const LABEL: Record<Who, string> = {
  nginx: 'nginx',
  platter: 'Platter (embedded)',
  accel: 'nginx → Platter, X-Accel-Redirect every request',
  cached: 'nginx → Platter, auth_request kept 5 s (deploy/nginx-local-media.conf)',
};

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'platter-media-bench-'));
  const [platterPort, accelPort, nginxPort, proxyPort, cachedPort] = (await freePorts(5)) as [number, number, number, number, number];
  const accelDir = path.join(dir, 'behind-nginx');
  fs.mkdirSync(accelDir);
  const platter = startPlatter(platterPort, dir);
  const accel = startPlatter(accelPort, accelDir, { MEDIA_ACCEL_REDIRECT: '/_platter_media/', TRUST_PROXY: '127.0.0.1' });
  const nginx: ChildProcess[] = [];
  try {
    const base = `http://127.0.0.1:${platterPort}`;
    await waitFor(`${base}/api/health`, platter, 'Platter');
    await waitFor(`http://127.0.0.1:${accelPort}/api/health`, accel, 'Platter behind nginx');
    const mp3 = await makeMp3(120);
    const mediaPath = await publish(base, mp3);

    const asRoot = process.getuid?.() === 0 ? 'user root;\n' : '';
    const temp = `client_body_temp_path ${dir}/nginx-tmp; proxy_temp_path ${dir}/nginx-tmp; fastcgi_temp_path ${dir}/nginx-tmp; uwsgi_temp_path ${dir}/nginx-tmp; scgi_temp_path ${dir}/nginx-tmp;`;
    const plainConf = path.join(dir, 'nginx-plain.conf');
    fs.writeFileSync(
      plainConf,
      `daemon off; worker_processes 1; ${asRoot} pid ${dir}/nginx-plain.pid; error_log ${dir}/nginx-error.log warn;
events { worker_connections 1024; }
http {
  access_log off; sendfile on; tcp_nopush on; keepalive_requests 100000; open_file_cache max=10000 inactive=60s;
  types { audio/mpeg mp3; } default_type audio/mpeg;
  ${temp}
  server { listen 127.0.0.1:${nginxPort}; location /media/ { alias ${dir}/media/; } }
}
`,
    );
    // deploy/nginx-local-media.conf as it is, with this machine's paths and ports, one worker like plain nginx.
    const deployed = (name: string, port: number, edit?: (conf: string) => string) => {
      const workDir = path.join(dir, `nginx-${name}`);
      fs.mkdirSync(path.join(workDir, 'tmp'), { recursive: true });
      const file = path.join(workDir, 'nginx.conf');
      fs.writeFileSync(file, nginxConfig({ workDir, port, upstreamPort: accelPort, mediaDir: path.join(accelDir, 'media'), ...(edit ? { edit } : {}) }));
      return file;
    };
    const cachedConf = deployed('cached', cachedPort);
    // The same, with every /media request proxied to Platter, which answers X-Accel-Redirect.
    const accelConf = deployed('accel', proxyPort, (conf) => conf.replace(/location \/media\/ \{[\s\S]*?\n {4}\}/, 'location /media/ { proxy_pass http://platter; }'));
    for (const conf of [plainConf, cachedConf, accelConf]) {
      const child = spawn('nginx', ['-c', conf, '-p', dir], { stdio: ['ignore', 'ignore', 'inherit'] });
      nginx.push(child);
    }
    await waitFor(`http://127.0.0.1:${nginxPort}/media/`, nginx[0]!, 'nginx');
    await waitFor(`http://127.0.0.1:${cachedPort}/api/health`, nginx[1]!, 'nginx in front of Platter');
    await waitFor(`http://127.0.0.1:${proxyPort}/api/health`, nginx[2]!, 'nginx in front of Platter (X-Accel-Redirect)');
    const accelPath = await publish(`http://127.0.0.1:${proxyPort}`, mp3);

    const urls: Record<Who, string> = {
      nginx: `http://127.0.0.1:${nginxPort}${mediaPath}`,
      platter: `${base}${mediaPath}`,
      accel: `http://127.0.0.1:${proxyPort}${accelPath}`,
      cached: `http://127.0.0.1:${cachedPort}${accelPath}`,
    };
    // All three answer the same bytes, whole and in a range.
    for (const who of Object.keys(urls) as Who[]) {
      const whole = Buffer.from(await (await fetch(urls[who])).arrayBuffer());
      const range = await fetch(urls[who], { headers: { range: 'bytes=100-199' } });
      const type = range.headers.get('content-type');
      if (who !== 'nginx' && type !== 'audio/mpeg') throw new Error(`${LABEL[who]} answers Content-Type ${type}`);
      if (!whole.equals(mp3) || range.status !== 206 || !Buffer.from(await range.arrayBuffer()).equals(mp3.subarray(100, 200))) {
        throw new Error(`${LABEL[who]} serves different bytes`);
      }
    }

    const start = Math.floor(mp3.length / 3);
    const scenarios = [
      { name: `whole file (${Math.round(mp3.length / 1024)} KB)`, headers: [] as string[] },
      { name: `${RANGE_BYTES}-byte range`, headers: [`Range: bytes=${start}-${start + RANGE_BYTES - 1}`] },
    ];
    console.log(`Machine: ${os.cpus().length} CPUs (${os.cpus()[0]?.model.trim()}), Node ${process.version}, load ${load()}`);
    console.log(`wrk -t2 -c${CONNECTIONS} -d${SECONDS}s after a ${WARMUP_SECONDS} s warm-up each, ${ROUNDS} interleaved rounds; nginx 1 worker, sendfile on; Platter one process (SQLite, local disk)\n`);
    for (const scenario of scenarios.filter((s) => !process.env.BENCH_ONLY || s.name.includes(process.env.BENCH_ONLY))) {
      for (const who of Object.keys(urls) as Who[]) wrk(urls[who], scenario.headers, WARMUP_SECONDS);
      console.log(`### ${scenario.name}\n`);
      console.log('| round | server | requests/s | p50 (ms) | p99 (ms) | MB/s | errors | ratio to nginx (req/s) | p99 vs nginx | load after |');
      console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
      const ratios: Record<Contender, number[]> = { platter: [], accel: [], cached: [] };
      const p99s: Record<Contender, number[]> = { platter: [], accel: [], cached: [] };
      const orders: Who[][] = [
        ['nginx', 'platter', 'accel', 'cached'],
        ['platter', 'cached', 'nginx', 'accel'],
        ['cached', 'accel', 'platter', 'nginx'],
        ['accel', 'nginx', 'cached', 'platter'],
      ];
      for (let round = 1; round <= ROUNDS; round++) {
        // Rotate who goes first, so none always gets the quieter part of the minute.
        const order = orders[(round - 1) % orders.length]!;
        const results = {} as Record<Who, WrkResult>;
        const loads = {} as Record<Who, string>;
        for (const who of order) {
          results[who] = wrk(urls[who], scenario.headers);
          loads[who] = load();
        }
        const ngx = results.nginx;
        for (const who of order) {
          const r = results[who];
          const vs = who === 'nginx' ? ['', ''] : [`${(r.rps / ngx.rps).toFixed(2)}×`, `${(r.p99 / ngx.p99).toFixed(1)}×`];
          console.log(`| ${round} | ${LABEL[who]} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} | ${r.mbps.toFixed(0)} | ${r.errors} | ${vs[0]} | ${vs[1]} | ${loads[who]} |`);
        }
        for (const who of CONTENDERS) {
          ratios[who].push(results[who].rps / ngx.rps);
          p99s[who].push(results[who].p99 / ngx.p99);
        }
      }
      for (const who of CONTENDERS) {
        console.log(`\n${LABEL[who]}: median ${median(ratios[who]).toFixed(2)}× nginx's requests/s, p99 ${median(p99s[who]).toFixed(1)}× nginx's`);
      }
      console.log('');
    }
  } finally {
    for (const child of nginx) child.kill('SIGTERM');
    platter.kill('SIGTERM');
    accel.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1000));
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
