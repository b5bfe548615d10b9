/**
 * Lighthouse on Platter's landing page (issue 5: performance, accessibility, best practices and SEO
 * each ≥ 95 on mobile settings). Starts the built server on a free port with a fresh data directory
 * (6 demo tracks), runs Lighthouse with its defaults (mobile form factor, simulated throttling)
 * in Debian's Chromium, three times, and prints each run and the median per category.
 *
 *   npm run build && flock /tmp/platter-e2e.lock node bench/lighthouse.mjs
 *   node bench/lighthouse.mjs --runs 5 --path /platter-started
 *   node bench/lighthouse.mjs --url http://127.0.0.1:8080/   # an already running Platter
 *
 * `--report <file.json>` keeps the median run's full report; failing audits are listed either way.
 * CHROMIUM_PATH overrides /usr/bin/chromium.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const root = fileURLToPath(new URL('..', import.meta.url));

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    path: { type: 'string', default: '/' },
    url: { type: 'string' },
    report: { type: 'string' },
  },
});
const runs = Number(args.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a positive integer, got ${args.runs}`);

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(origin, child) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`${origin}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${origin}/api/health did not answer within 60 s`);
}

/** The built server on a throwaway data directory, like the e2e server (e2e/support/app-server.ts). */
async function startPlatter() {
  const serverEntry = path.join(root, 'apps/server/dist/server.js');
  if (!fs.existsSync(serverEntry) || !fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    throw new Error('apps/server/dist or apps/web/dist is missing: run `npm run build` first');
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'platter-lighthouse-'));
  const port = await freePort();
  const child = spawn(process.execPath, [serverEntry], {
    cwd: dataDir,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      BETTER_AUTH_SECRET: 'lighthouse-secret-that-is-at-least-32-characters',
      PLATTER_DEMO_TRACKS: '6',
      DEMO_WORKERS: '1',
      LOG_LEVEL: 'warn',
    },
  });
  const origin = `http://127.0.0.1:${port}`;
  await waitForHealth(origin, child);
  // Let the demo catalogue finish, so its worker does not share the CPU with the measured runs.
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const stats = await (await fetch(`${origin}/api/stats`)).json();
    if (stats.tracks >= 6) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return { origin, stop };
}

async function runLighthouse(url) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox'],
  });
  try {
    // No config: Lighthouse's defaults are the mobile form factor with simulated throttling.
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES });
    if (!result) throw new Error('Lighthouse returned no result');
    if (result.lhr.runtimeError) throw new Error(`Lighthouse: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
    return result.lhr;
  } finally {
    await chrome.kill();
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};
const score = (lhr, id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);

const server = args.url ? null : await startPlatter();
const url = args.url ?? new URL(args.path, server.origin).href;
const results = [];
try {
  console.log(`Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version} on ${url}, ${runs} runs (mobile, simulated throttling)`);
  for (let i = 0; i < runs; i++) {
    const lhr = await runLighthouse(url);
    results.push(lhr);
    const metrics = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index']
      .map((id) => `${id.replace(/-/g, ' ')} ${lhr.audits[id]?.displayValue ?? '?'}`)
      .join(', ');
    console.log(`run ${i + 1}: ${CATEGORIES.map((id) => `${id} ${score(lhr, id)}`).join(', ')}\n  ${metrics}`);
  }
} finally {
  await server?.stop();
}

const medians = Object.fromEntries(CATEGORIES.map((id) => [id, median(results.map((lhr) => score(lhr, id)))]));
console.log(`median: ${CATEGORIES.map((id) => `${id} ${medians[id]}`).join(', ')}`);

// The run closest to the median performance score explains what costs points.
const perfMedian = medians.performance;
const representative = results.find((lhr) => score(lhr, 'performance') === perfMedian) ?? results[0];
for (const id of CATEGORIES) {
  const failing = representative.categories[id].auditRefs
    .filter((ref) => ref.weight > 0)
    .map((ref) => representative.audits[ref.id])
    .filter((audit) => audit.score !== null && audit.score < 0.9);
  for (const audit of failing) console.log(`  ${id}: ${audit.id} ${audit.score} ${audit.displayValue ?? ''} – ${audit.title}`);
}
if (args.report) fs.writeFileSync(args.report, JSON.stringify(representative, null, 2));

const below = CATEGORIES.filter((id) => medians[id] < 95);
if (below.length > 0) {
  console.log(`below 95: ${below.join(', ')}`);
  process.exitCode = 1;
}
