/**
 * Where the main thread's time goes while a page boots (issue 29's total blocking time): starts
 * the built server (built-server.mjs), opens a page in Debian's Chromium at Lighthouse's mobile CPU
 * slowdown (4×), records a CPU profile from navigation until the page has been quiet for 3 s,
 * and prints the self time per script and the top functions, and the long tasks.
 *
 *   npm run build && node bench/boot-profile.mjs --path /home
 */
/* global window */
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { startPlatter } from './built-server.mjs';

const { values: args } = parseArgs({ options: { path: { type: 'string', default: '/home' }, top: { type: 'string', default: '25' }, url: { type: 'string' } } });
const platter = args.url ? { origin: new URL(args.url).origin, stop: async () => {} } : await startPlatter({ name: 'profile' });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
try {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
  await context.addInitScript(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__longTasks.push([Math.round(e.startTime), Math.round(e.duration)]); }).observe({ type: 'longtask', buffered: true });
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing', 'v8.execute'] });
  await page.goto(`${platter.origin}${await resolvePath(platter.origin, args.path)}`);
  await page.waitForTimeout(6000);
  const { profile } = await cdp.send('Profiler.stop');
  const trace = JSON.parse((await browser.stopTracing()).toString());
  printTasks(trace.traceEvents);
  const longTasks = await page.evaluate(() => window.__longTasks);
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map();
  const dt = profile.timeDeltas;
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (dt[i + 1] ?? 0) / 1000));
  const byScript = new Map();
  const byFunction = new Map();
  for (const [id, ms] of self) {
    const { callFrame: f } = byId.get(id);
    const script = f.url ? f.url.replace(platter.origin, '') : `(${f.functionName || 'program'})`;
    byScript.set(script, (byScript.get(script) ?? 0) + ms);
    const key = `${f.functionName || '(anonymous)'} ${script}:${f.lineNumber + 1}:${f.columnNumber + 1}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + ms);
  }
  // With a build made with source maps (vite build --sourcemap): inclusive time per source function.
  const inclusive = await sourceInclusive(profile, byId, self, platter.origin);
  const top = (map, n) => [...map].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `${v.toFixed(0).padStart(6)} ms  ${k}`).join('\n');
  console.log(`${args.path} at 4× CPU slowdown\nlong tasks [start, duration] ms: ${JSON.stringify(longTasks)}\nTBT-like sum over 50 ms: ${longTasks.reduce((s, [, d]) => s + Math.max(0, d - 50), 0)} ms`);
  if (inclusive) console.log(`\ninclusive time per source function (app code):\n${top(inclusive, 40)}`);
  console.log(`\nself time by script:\n${top(byScript, 15)}\n\ntop functions:\n${top(byFunction, Number(args.top))}`);
} finally {
  await browser.close();
  await platter.stop();
}

/** `:artist` and `:track` in the path become the first demo track's artist and id. */
async function resolvePath(origin, path) {
  if (!path.includes(':')) return path;
  const { items } = await (await fetch(`${origin}/api/tracks?limit=1`)).json();
  return path.replace(':artist', encodeURIComponent(items[0].artistId)).replace(':track', encodeURIComponent(items[0].id));
}

async function sourceInclusive(profile, byId, self, origin) {
  const fs = await import('node:fs');
  const { SourceMapConsumer } = await import('source-map-js');
  const dist = new URL('../apps/web/dist', import.meta.url).pathname;
  const consumers = new Map();
  const consumer = (url) => {
    if (!consumers.has(url)) {
      const file = `${dist}${url.replace(origin, '')}.map`;
      consumers.set(url, fs.existsSync(file) ? new SourceMapConsumer(JSON.parse(fs.readFileSync(file, 'utf8'))) : null);
    }
    return consumers.get(url);
  };
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const label = new Map();
  const name = (node) => {
    if (label.has(node.id)) return label.get(node.id);
    const f = node.callFrame;
    const map = f.url ? consumer(f.url) : null;
    let result = null;
    if (map) {
      const pos = map.originalPositionFor({ line: f.lineNumber + 1, column: f.columnNumber });
      if (pos.source && !pos.source.includes('node_modules')) result = `${pos.name ?? f.functionName} ${pos.source.replace(/^.*\/src\//, '')}:${pos.line}`;
      else if (pos.source) result = `[lib] ${pos.source.replace(/^.*node_modules\//, '').split('/').slice(0, 2).join('/')}`;
    }
    label.set(node.id, result);
    return result;
  };
  if (![...consumers.values()].some(Boolean) && !profile.nodes.some((n) => n.callFrame.url && consumer(n.callFrame.url))) return null;
  const totals = new Map();
  for (const [id, ms] of self) {
    const seen = new Set();
    for (let at = id; at !== undefined; at = parent.get(at)) {
      const key = name(byId.get(at));
      if (key && !seen.has(key)) {
        seen.add(key);
        totals.set(key, (totals.get(key) ?? 0) + ms);
      }
    }
  }
  return totals;
}

/** Each main-thread task over 50 ms with the events it holds (name: total ms). */
function printTasks(events) {
  const mains = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  // The page's renderer: the main thread with the most tasks.
  const count = (m) => events.filter((e) => e.pid === m.pid && e.tid === m.tid && e.name === 'RunTask').length;
  const main = mains.sort((a, b) => count(b) - count(a))[0];
  const ours = events.filter((e) => e.pid === main?.pid && e.tid === main?.tid && e.ph === 'X');
  const tasks = ours.filter((e) => e.name === 'RunTask' && e.dur > 50_000 * 1);
  const t0 = Math.min(...ours.map((e) => e.ts));
  for (const task of tasks) {
    const inner = new Map();
    for (const e of ours) {
      if (e === task || e.ts < task.ts || e.ts + e.dur > task.ts + task.dur) continue;
      const label = e.name === 'EvaluateScript' || e.name === 'v8.compileModule' || e.name === 'FunctionCall' ? `${e.name} ${(e.args?.data?.url ?? '').replace(/^.*\//, '')}` : e.name;
      inner.set(label, (inner.get(label) ?? 0) + e.dur / 1000);
    }
    const list = [...inner].sort((a, b) => b[1] - a[1]).slice(0, 8).map(([k, v]) => `${k} ${v.toFixed(0)}`).join(', ');
    console.log(`task at ${((task.ts - t0) / 1000).toFixed(0)} ms, ${(task.dur / 1000).toFixed(0)} ms: ${list}`);
  }
}
