/**
 * Server memory at a million tracks (issue 11, goal 6: RSS ≤ 250 MB under the listen and media
 * loads).
 *
 * Starts the built server (`apps/server/dist/server.js`, built first by `tsc -b`) on a seeded
 * database (BENCH_DATA_DIR, e.g. a `npm run seed -- --tracks 1000000 --users 100000` SQLite data
 * directory; with DATABASE_URL its PostgreSQL), TRUST_PROXY=127.0.0.1, and samples its VmRSS every
 * 100 ms through phases: idle after start; catalogue reads (lists, deep pages, searches, genres,
 * stats, charts); listens (wrk, 50 connections, each POST from an address of its own, on the
 * catalogue's first 900 tracks); media (a track uploaded by a new account, then wrk on the whole
 * file and on 60,000-byte ranges, 50 connections). Prints each phase's RSS at its end and its
 * peak, with the load average.
 *
 *   npm run seed -- --tracks 1000000 --users 100000     # DATA_DIR=/tmp/seedbig
 *   BENCH_DATA_DIR=/tmp/seedbig npx tsx bench/memory.bench.ts
 *   # BENCH_SECONDS=8 (each loaded phase), BENCH_UPLOAD_IDLE_MS=35000; DATABASE_URL=… BETTER_AUTH_SECRET=… for PostgreSQL
 * Needs wrk (apt-get install wrk). The uploaded bench account stays in the database (seed again with --force).
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
const DATA_DIR = process.env.BENCH_DATA_DIR;
if (!DATA_DIR) throw new Error('BENCH_DATA_DIR: the seeded data directory (npm run seed) to start the server on');
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const load = () => fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN) / 1024;
}

function wrk(url: string, args: string[] = []): string {
  const out = execFileSync('wrk', ['-t2', '-c50', `-d${SECONDS}s`, ...args, url], { encoding: 'utf8' });
  const rps = /Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? '?';
  const bad = /Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? '0';
  return `${Number(rps).toFixed(0)} requests/s, ${bad} non-2xx`;
}

async function main(): Promise<void> {
  execFileSync(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-b', 'packages/shared', 'apps/server'], { cwd: root, stdio: 'inherit' });
  const [port] = (await freePorts(1)) as [number];
  const base = `http://127.0.0.1:${port}`;
  const server: ChildProcess = spawn(process.execPath, [path.join(root, 'apps/server/dist/server.js')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR,
      PLATTER_DEMO: '0',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '127.0.0.1',
      ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL, BETTER_AUTH_SECRET: process.env.BETTER_AUTH_SECRET } : {}),
    },
  });
  const pid = server.pid!;
  let peak = 0;
  const sampler = setInterval(() => {
    try {
      peak = Math.max(peak, rssMb(pid));
    } catch {
      // exited
    }
  }, 100);
  const rows: string[] = [];
  const phase = async (name: string, run: () => Promise<string> | string) => {
    peak = rssMb(pid);
    const what = await run();
    const end = rssMb(pid);
    peak = Math.max(peak, end);
    rows.push(`| ${name} | ${what} | ${end.toFixed(0)} | ${peak.toFixed(0)} | ${load()} |`);
  };
  try {
    for (let i = 0; ; i++) {
      if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode})`);
      if ((await fetch(`${base}/api/health`).catch(() => undefined))?.ok) break;
      if (i > 600) throw new Error('the server did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
    const started = rssMb(pid);
    const { total } = (await (await fetch(`${base}/api/tracks?page=1`)).json()) as { total: number };

    await phase('idle, 5 s after start', async () => {
      await new Promise((r) => setTimeout(r, 5000));
      return `${total.toLocaleString('en-US')} tracks; ${started.toFixed(0)} MB when healthy`;
    });

    await phase('catalogue reads', async () => {
      const paths = ['/api/tracks?page=1', '/api/tracks?page=5000', '/api/tracks?genre=Phonk', '/api/tracks?q=love', '/api/tracks?q=ka', '/api/search?q=lvoe', '/api/genres', '/api/stats', '/api/charts/top'];
      const deadline = Date.now() + SECONDS * 1000;
      let n = 0;
      await Promise.all(
        Array.from({ length: 20 }, async (_, c) => {
          for (let i = c; Date.now() < deadline; i++, n++) await (await fetch(base + paths[i % paths.length])).arrayBuffer();
        }),
      );
      return `${(n / SECONDS).toFixed(0)} requests/s from 20 clients over ${paths.length} kinds`;
    });

    const ids: string[] = [];
    for (let page = 1; page <= 18; page++) {
      const { items } = (await (await fetch(`${base}/api/tracks?page=${page}&pageSize=50`)).json()) as { items: Array<{ id: string }> };
      ids.push(...items.map((t) => t.id));
    }
    const script = path.join(os.tmpdir(), `platter-memory-listens-${process.pid}.lua`);
    fs.writeFileSync(
      script,
      `local ids = {${ids.map((id) => `"${id}"`).join(',')}}
local n = 0
request = function()
  n = n + 1
  local headers = { ["Content-Type"] = "application/json", ["Origin"] = "${base}", ["X-Forwarded-For"] = "10." .. (n % 250) .. "." .. math.random(0, 250) .. "." .. math.random(1, 250) }
  return wrk.format("POST", "/api/tracks/" .. ids[math.random(#ids)] .. "/listens", headers, "{}")
end
`,
    );
    await phase('listens (anonymous, 50 connections)', () => wrk(base, ['-s', script]));
    fs.rmSync(script, { force: true });

    const mp3 = await makeMp3(120);
    let track = { status: 0, body: { url: '' } };
    await phase('an upload, its waveform made; then 35 s idle (the waveform thread stops after 30 s idle)', async () => {
      const artist = new Client(base);
      await artist.signUp('Memory Bench');
      const grant = await artist.json<{ uploadURL: string; fileUrl: string }>('POST', '/api/get-upload-url', { fileName: 'bench.mp3', fileType: 'audio/mpeg', fileSize: mp3.length });
      await artist.request('PUT', grant.body.uploadURL, { body: new Uint8Array(mp3), headers: { 'content-type': 'audio/mpeg' } });
      track = await artist.json<{ url: string }>('POST', '/api/tracks', { title: 'Memory bench', url: grant.body.fileUrl });
      if (track.status !== 201) throw new Error(`create failed: ${JSON.stringify(track.body)}`);
      await new Promise((r) => setTimeout(r, Number(process.env.BENCH_UPLOAD_IDLE_MS ?? 35_000)));
      return `${Math.round(mp3.length / 1024)} KB MP3`;
    });
    await phase(`media, whole file (${Math.round(mp3.length / 1024)} KB)`, () => wrk(base + track.body.url));
    const start = Math.floor(mp3.length / 3);
    await phase('media, 60,000-byte ranges', () => wrk(base + track.body.url, ['-H', `Range: bytes=${start}-${start + 59_999}`]));
    await phase('idle, 10 s after the loads', async () => {
      await new Promise((r) => setTimeout(r, 10_000));
      return '';
    });

    console.log(`Machine: ${os.cpus().length} CPUs, Node ${process.version}; server: apps/server/dist/server.js on ${process.env.DATABASE_URL ? 'PostgreSQL' : `SQLite in ${DATA_DIR}`}; ${SECONDS} s a loaded phase\n`);
    console.log('| phase | what ran | RSS at the end (MB) | peak RSS (MB) | load |');
    console.log('| --- | --- | --- | --- | --- |');
    for (const row of rows) console.log(row);
  } finally {
    clearInterval(sampler);
    server.kill('SIGTERM');
  }
}

await main();
