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
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startPlatter } from './built-server.mjs';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

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

const server = args.url ? null : await startPlatter({ name: 'lighthouse' });
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
