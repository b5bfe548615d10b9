/**
 * Lighthouse on Platter's pages (issue 5: the landing; issue 29: `/`, `/home`, a track, an artist
 * and a release page, performance ≥ 95 and accessibility 100 on mobile settings). Starts the built
 * server on a free port with a fresh data directory (6 demo tracks), runs Lighthouse with its
 * defaults (mobile form factor, simulated throttling) in Debian's Chromium, three times per page
 * (`--runs`), and prints each run, the median per category and the machine's load average.
 *
 *   npm run build && flock /tmp/platter-e2e.lock node bench/lighthouse.mjs
 *   node bench/lighthouse.mjs --runs 5 --path /platter-started
 *   node bench/lighthouse.mjs --app --runs 5     # /, /home, a track, an artist, a release and a playlist page
 *   node bench/lighthouse.mjs --url http://127.0.0.1:8080/   # an already running Platter
 *
 * `--app` signs up an artist on the fresh server and makes a release of two tracks (copies of demo
 * tracks' files) so that a release page exists, and a public playlist of the demo tracks (its share link, `/playlist/:id`, is measured); it ends with a Markdown table for lighthouse.md.
 * `--report <file.json>` keeps the median run's full report (with `--app`, one per page:
 * `<file>-track.json`…); `--port` serves on that port instead of a free one; failing audits are
 * listed either way. CHROMIUM_PATH overrides /usr/bin/chromium. Nothing is downloaded: Lighthouse
 * drives the local Chromium through chrome-launcher.
 */
import fs from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startPlatter } from './built-server.mjs';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    path: { type: 'string', default: '/' },
    app: { type: 'boolean', default: false },
    url: { type: 'string' },
    report: { type: 'string' },
    port: { type: 'string' },
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

const load = () => os.loadavg().map((value) => value.toFixed(1)).join(' ');

/**
 * An artist with a public release of two tracks (copies of the first demo tracks' files), so the
 * fresh server has a release page to measure. Returns the app's pages for `--app`.
 */
async function appPages(origin) {
  const json = { origin, 'content-type': 'application/json' };
  const signUp = await fetch(`${origin}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ name: 'Bench Artist', email: `bench-${Date.now()}@example.com`, password: 'correct-horse-battery-staple' }),
  });
  if (!signUp.ok) throw new Error(`sign-up: ${signUp.status} ${await signUp.text()}`);
  const cookie = signUp.headers.getSetCookie().map((value) => value.split(';')[0]).join('; ');
  const api = async (method, url, body, headers = json) => {
    const response = await fetch(new URL(url, origin), { method, headers: { ...headers, cookie }, body });
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
    return response.status === 204 ? null : response.json();
  };
  const demo = (await (await fetch(`${origin}/api/tracks?pageSize=100`)).json()).items.filter((track) => track.id.startsWith('demo-'));
  const trackIds = [];
  for (const [index, track] of demo.slice(0, 2).entries()) {
    const audio = Buffer.from(await (await fetch(new URL(track.url, origin))).arrayBuffer());
    const grant = await api('POST', '/api/get-upload-url', JSON.stringify({ fileName: `side-${index}.mp3`, fileType: 'audio/mpeg', fileSize: audio.length }));
    await api('PUT', grant.uploadURL, audio, { origin, 'content-type': 'audio/mpeg' });
    const created = await api('POST', '/api/tracks', JSON.stringify({ title: `Bench side ${index + 1}`, genre: track.genre, url: grant.fileUrl }));
    trackIds.push(created.id);
  }
  const release = await api('POST', '/api/releases', JSON.stringify({ title: 'Bench EP', type: 'ep', trackIds }));
  // A public playlist of the demo tracks: its share link is what someone it is sent to opens.
  const playlist = await api('POST', '/api/playlists', JSON.stringify({ name: 'Bench mix' }));
  await api('PATCH', `/api/playlists/${playlist.id}`, JSON.stringify({ isPublic: true }));
  for (const track of demo) await api('POST', `/api/playlists/${playlist.id}/tracks`, JSON.stringify({ trackId: track.id }));
  // Let the uploads' background work (waveforms, renditions) finish before measuring.
  await new Promise((resolve) => setTimeout(resolve, 15_000));
  return [
    { name: 'landing', path: '/' },
    { name: 'home', path: '/home' },
    { name: 'track', path: `/track/${encodeURIComponent(demo[0].id)}` },
    { name: 'artist', path: `/artist/${encodeURIComponent(demo[0].artistId)}` },
    { name: 'release', path: `/release/${encodeURIComponent(release.id)}` },
    { name: 'playlist', path: `/playlist/${encodeURIComponent(playlist.id)}` },
  ];
}

const server = args.url ? null : await startPlatter({ name: 'lighthouse', port: args.port ? Number(args.port) : undefined });
const origin = args.url ? new URL(args.url).origin : server.origin;
const summary = [];
let failed = false;
try {
  const pages = args.app ? await appPages(origin) : [{ name: args.path, path: args.url ? new URL(args.url).pathname + new URL(args.url).search : args.path }];
  const version = (await import('lighthouse/package.json', { with: { type: 'json' } })).default.version;
  for (const page of pages) {
    const url = new URL(page.path, origin).href;
    const results = [];
    const loadBefore = load();
    console.log(`Lighthouse ${version} on ${url}, ${runs} runs (mobile, simulated throttling), load average ${loadBefore}`);
    for (let i = 0; i < runs; i++) {
      // Lighthouse now and then loses the trace (NO_NAVSTART): such a run is made again, twice at
      // most, so that a median is of as many runs as asked.
      let lhr;
      for (let attempt = 1; !lhr && attempt <= 3; attempt++) {
        try {
          lhr = await runLighthouse(url);
        } catch (error) {
          console.log(`run ${i + 1}: failed${attempt < 3 ? ', made again' : ''}: ${error.message}`);
        }
      }
      if (!lhr) continue;
      results.push(lhr);
      const metrics = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index']
        .map((id) => `${id.replace(/-/g, ' ')} ${lhr.audits[id]?.displayValue ?? '?'}`)
        .join(', ');
      console.log(`run ${i + 1}: ${CATEGORIES.map((id) => `${id} ${score(lhr, id)}`).join(', ')}\n  ${metrics}`);
    }
    if (results.length === 0) {
      failed = true;
      continue;
    }
    const loadAfter = load();
    const medians = Object.fromEntries(CATEGORIES.map((id) => [id, median(results.map((lhr) => score(lhr, id)))]));
    console.log(`median: ${CATEGORIES.map((id) => `${id} ${medians[id]}`).join(', ')}; load average after ${loadAfter}`);

    // The run closest to the median performance score explains what costs points.
    const representative = results.find((lhr) => score(lhr, 'performance') === medians.performance) ?? results[0];
    for (const id of CATEGORIES) {
      const failing = representative.categories[id].auditRefs
        .filter((ref) => ref.weight > 0)
        .map((ref) => representative.audits[ref.id])
        .filter((audit) => audit.score !== null && audit.score < (id === 'accessibility' ? 1 : 0.9));
      for (const audit of failing) console.log(`  ${id}: ${audit.id} ${audit.score} ${audit.displayValue ?? ''} – ${audit.title}`);
    }
    if (args.report) {
      // With --app, one report per page: /tmp/lh.json → /tmp/lh-track.json.
      const file = args.app ? args.report.replace(/(\.json)?$/, `-${page.name}$1`) : args.report;
      fs.writeFileSync(file, JSON.stringify(representative, null, 2));
    }
    const metric = (id) => representative.audits[id]?.displayValue ?? '?';
    summary.push(
      `| ${page.name} | ${results.map((lhr) => score(lhr, 'performance')).join(' ')} | **${medians.performance}** | ` +
        `${results.map((lhr) => score(lhr, 'accessibility')).join(' ')} | **${medians.accessibility}** | ${medians['best-practices']} | ${medians.seo} | ` +
        `${metric('first-contentful-paint')} | ${metric('largest-contentful-paint')} | ${metric('total-blocking-time')} | ${loadBefore} → ${loadAfter} |`,
    );
    const below = CATEGORIES.filter((id) => medians[id] < (id === 'accessibility' && args.app ? 100 : 95));
    if (below.length > 0) {
      console.log(`below target: ${below.join(', ')}`);
      failed = true;
    }
  }
} finally {
  await server?.stop();
}

if (summary.length > 0) {
  console.log('\n| page | performance (each run) | median | accessibility (each run) | median | best practices | SEO | FCP | LCP | TBT | load average (1 min) before → after |');
  console.log('| --- | --- | ---: | --- | ---: | ---: | ---: | --- | --- | --- | --- |');
  for (const row of summary) console.log(row);
}
if (failed) process.exitCode = 1;
