/**
 * How much JavaScript `/home` loads before its first paint (issue 11, goal 5: ≤ 170 KB gzip).
 *
 * Starts the built server on a free port with a fresh data directory (bench/built-server.mjs),
 * opens /home once per language in Debian's Chromium (a fresh profile, Lighthouse's mobile
 * viewport, service workers blocked: a first visit), the language set the way the app reads it
 * (the stored choice under localStorage `language`, and the browser's locale to match), and waits
 * for the track list. Every .js file the page requested is then listed with its own size and its
 * size gzipped here at level 9 (independent of how the server compresses), with whether it was
 * requested before the first contentful paint and before the load event. Prints one table per
 * language and the totals.
 *
 *   npm run build && node bench/web-bundle.mjs
 *   node bench/web-bundle.mjs --path /home?tab=search --languages ru
 *   node bench/web-bundle.mjs --url http://127.0.0.1:8080   # an already running Platter
 *
 * Chromium and Playwright: CHROMIUM_PATH overrides /usr/bin/chromium; @playwright/test comes from
 * the e2e workspace (hoisted to the root node_modules).
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { startPlatter } from './built-server.mjs';

const LOCALES = { en: 'en-US', ru: 'ru-RU' };
/** Lighthouse's mobile emulation (Moto G Power), so the figures match bench/lighthouse.mjs's page. */
const MOBILE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };

const { values: args } = parseArgs({
  options: {
    path: { type: 'string', default: '/home' },
    url: { type: 'string' },
    languages: { type: 'string', default: 'en,ru' },
  },
});
const languages = args.languages.split(',');
for (const language of languages) if (!(language in LOCALES)) throw new Error(`unknown language ${language} (en, ru)`);

const kb = (bytes) => (bytes / 1024).toFixed(1);

/** Opens the page as a first visit in `language`; returns every .js request with its timing. */
async function visit(browser, url, language) {
  const context = await browser.newContext({ ...MOBILE, locale: LOCALES[language], serviceWorkers: 'block' });
  await context.addInitScript((value) => globalThis.localStorage.setItem('language', value), language);
  const page = await context.newPage();
  try {
    await page.goto(url, { waitUntil: 'load' });
    await page.getByTestId('track-row').first().waitFor({ timeout: 30_000 });
    // Whatever the page still asks for on its own after showing the list (listed, not counted before load).
    await page.waitForLoadState('networkidle');
    return await page.evaluate(() => {
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null;
      const load = performance.getEntriesByType('navigation')[0]?.loadEventStart ?? null;
      const scripts = performance
        .getEntriesByType('resource')
        .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
        .map((entry) => ({ url: entry.name, requestedAt: entry.startTime }));
      // (globalThis: this function runs in the page, not in Node.)
      return { fcp, load, scripts, lang: globalThis.document.documentElement.lang };
    });
  } finally {
    await context.close();
  }
}

/** The file's bytes as served (decoded), and their gzip at level 9. */
async function sizes(url) {
  const response = await fetch(url, { headers: { 'Accept-Encoding': 'identity' } });
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  const body = Buffer.from(await response.arrayBuffer());
  return { raw: body.length, gzip: gzipSync(body, { level: 9 }).length };
}

const server = args.url ? null : await startPlatter({ name: 'web-bundle' });
const origin = args.url ?? server.origin;
const results = {};
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});
try {
  console.log(`JavaScript of ${args.path}, first visit, load average ${os.loadavg().map((n) => n.toFixed(2)).join(' ')}`);
  for (const language of languages) {
    const { fcp, load, scripts, lang } = await visit(browser, new URL(args.path, origin).href, language);
    if (lang !== language) throw new Error(`asked for ${language}, the page is in ${lang}`);
    if (fcp === null || load === null) throw new Error('no first contentful paint or load event recorded');
    const rows = [];
    for (const script of scripts) rows.push({ ...script, ...(await sizes(script.url)) });
    rows.sort((a, b) => a.requestedAt - b.requestedAt);
    const sum = (filter) => rows.filter(filter).reduce((total, row) => ({ raw: total.raw + row.raw, gzip: total.gzip + row.gzip, files: total.files + 1 }), { raw: 0, gzip: 0, files: 0 });
    const beforePaint = sum((row) => row.requestedAt < fcp);
    const beforeLoad = sum((row) => row.requestedAt < load);
    const all = sum(() => true);
    results[language] = { fcp, load, beforePaint, beforeLoad, all };

    console.log(`\n## ${language}: first contentful paint at ${Math.round(fcp)} ms, load at ${Math.round(load)} ms (no throttling)\n`);
    console.log('| file | requested at | raw KB | gzip KB | before paint | before load |');
    console.log('| --- | ---: | ---: | ---: | :---: | :---: |');
    for (const row of rows) {
      const file = new URL(row.url).pathname;
      console.log(`| ${file} | ${Math.round(row.requestedAt)} ms | ${kb(row.raw)} | ${kb(row.gzip)} | ${row.requestedAt < fcp ? '✓' : ''} | ${row.requestedAt < load ? '✓' : ''} |`);
    }
    for (const [label, total] of [['before first paint', beforePaint], ['before load', beforeLoad], ['all, until the network is idle', all]]) {
      console.log(`| **${label}** (${total.files} files) | | ${kb(total.raw)} | **${kb(total.gzip)}** | | |`);
    }
  }
} finally {
  await browser.close();
  await server?.stop();
}

console.log(`\nsummary (gzip KB, level 9): ${languages.map((language) => `${language}: ${kb(results[language].beforePaint.gzip)} before first paint, ${kb(results[language].beforeLoad.gzip)} before load`).join('; ')}`);
console.log(`load average after: ${os.loadavg().map((n) => n.toFixed(2)).join(' ')}`);
