/**
 * Media as a listener's client meets it (issue 31 item 2's method): the built server as
 * `npm start` runs it (SQLite, local disk, demo tracks; bench/built-server.mjs) against Debian's
 * nginx (one worker, sendfile on, access log off) serving the same MP3 from the server's own media
 * directory, with `wrk -t2 -c50`, interleaved, the order alternating. Whole file, and 60,000-byte
 * ranges from a third of the file. `bench/media.bench.ts` measures the variants behind nginx;
 * this one checks that its embedded figure is the one `npm start` gives.
 *
 *   npm run build && node bench/media-as-run.mjs      # BENCH_SECONDS=5 BENCH_ROUNDS=4
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startPlatter } from './built-server.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const load = () => fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

function wrk(url, headers = [], seconds = SECONDS) {
  const args = ['-t2', '-c50', `-d${seconds}s`, '--latency', ...headers.flatMap((h) => ['-H', h]), url];
  const out = execFileSync('wrk', args, { encoding: 'utf8' });
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
  const unit = (text) => {
    const m = /([\d.]+)(us|ms|s)\b/.exec(text ?? '');
    return m ? Number(m[1]) * (m[2] === 'us' ? 0.001 : m[2] === 's' ? 1000 : 1) : Number.NaN;
  };
  const errors = /Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? '0';
  return { rps, p50: unit(/50%\s+(\S+)/.exec(out)?.[1]), p99: unit(/99%\s+(\S+)/.exec(out)?.[1]), errors: Number(errors) };
}

const platter = await startPlatter({ name: 'media-as-run' });
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'platter-media-as-run-nginx-'));
let nginx;
try {
  const { items } = await (await fetch(`${platter.origin}/api/tracks?page=1&pageSize=10`)).json();
  // The largest demo file (the issue's was 944 KB).
  const fileOf = (t) => path.join(platter.dataDir, 'media', decodeURIComponent(t.url.slice('/media/'.length)));
  const track = items
    .filter((t) => t.url.startsWith('/media/'))
    .sort((a, b) => fs.statSync(fileOf(b)).size - fs.statSync(fileOf(a)).size)[0];
  if (!track) throw new Error('no demo track served from /media');
  const size = fs.statSync(fileOf(track)).size;
  const port = 8470 + (process.pid % 20);
  const asRoot = process.getuid?.() === 0 ? 'user root;' : '';
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((k) => `${k}_temp_path ${dir};`).join(' ');
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    `daemon off; worker_processes 1; ${asRoot} pid ${dir}/nginx.pid; error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http { access_log off; sendfile on; tcp_nopush on; keepalive_requests 100000; ${temp}
  types { audio/mpeg mp3; }
  server { listen 127.0.0.1:${port}; location /media/ { alias ${platter.dataDir}/media/; } } }
`,
  );
  nginx = spawn('nginx', ['-c', path.join(dir, 'nginx.conf'), '-p', dir], { stdio: ['ignore', 'ignore', 'inherit'] });
  const urls = { nginx: `http://127.0.0.1:${port}${track.url}`, platter: `${platter.origin}${track.url}` };
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(urls.nginx)).status === 200) break;
    } catch {
      if (i > 50) throw new Error('nginx did not start');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  // The same bytes from both.
  const [a, b] = await Promise.all(Object.values(urls).map(async (url) => Buffer.from(await (await fetch(url)).arrayBuffer())));
  if (!a.equals(b) || a.length !== size) throw new Error('nginx and Platter serve different bytes');
  const start = Math.floor(size / 3);
  const scenarios = [
    { name: `whole file (${Math.round(size / 1024)} KB, "${track.title}")`, headers: [] },
    { name: '60,000-byte range', headers: [`Range: bytes=${start}-${start + 59_999}`] },
  ];
  console.log(`Machine: ${os.cpus().length} CPUs (${os.cpus()[0]?.model.trim()}), Node ${process.version}, load ${load()}`);
  console.log(`wrk -t2 -c50 -d${SECONDS}s, ${ROUNDS} rounds, order alternating; nginx 1 worker, sendfile on; Platter: the built server as \`npm start\` runs it\n`);
  for (const scenario of scenarios) {
    for (const url of Object.values(urls)) wrk(url, scenario.headers, 2);
    console.log(`### ${scenario.name}\n`);
    console.log('| round | server | requests/s | p50 (ms) | p99 (ms) | errors | Platter / nginx (req/s) | load after |');
    console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
    const ratios = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const order = round % 2 ? ['nginx', 'platter'] : ['platter', 'nginx'];
      const r = {};
      for (const who of order) {
        r[who] = wrk(urls[who], scenario.headers);
        r[who].load = load();
      }
      ratios.push(r.platter.rps / r.nginx.rps);
      for (const who of order) {
        const x = r[who];
        console.log(`| ${round} | ${who === 'nginx' ? 'nginx' : 'Platter (npm start)'} | ${x.rps.toFixed(0)} | ${x.p50.toFixed(2)} | ${x.p99.toFixed(2)} | ${x.errors} | ${who === 'platter' ? `${ratios.at(-1).toFixed(2)}×` : ''} | ${x.load} |`);
      }
    }
    ratios.sort((x, y) => x - y);
    console.log(`\nMedian Platter / nginx: ${ratios[Math.floor(ratios.length / 2)].toFixed(2)}× (rounds: ${ratios.map((x) => x.toFixed(2)).join(', ')})\n`);
  }
} finally {
  nginx?.kill('SIGTERM');
  await platter.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}
