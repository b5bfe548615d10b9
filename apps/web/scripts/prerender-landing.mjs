/**
 * Prerenders the landing into dist/landing.html (served for `/`): after `vite build` (the client)
 * and `vite build --ssr src/app/landing/server.tsx` (its renderer, into dist-ssr), this
 * - puts the English landing's HTML into #root (src/app/landing/main.tsx hydrates it),
 * - inlines the landing's stylesheet, so the first paint waits for no other request,
 * - gives landing.html its new revision in the service worker's precache list (the list was made
 *   by vite-plugin-pwa before this step changed the file),
 * - removes dist-ssr.
 *
 *   node scripts/prerender-landing.mjs
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const web = fileURLToPath(new URL('..', import.meta.url));
const dist = path.join(web, 'dist');
const ssrDir = path.join(web, 'dist-ssr');
const htmlFile = path.join(dist, 'landing.html');
const PLACEHOLDER = '<!--landing-->';

const ssrEntry = fs.readdirSync(ssrDir).find((name) => /^server\.m?js$/.test(name));
if (!ssrEntry) throw new Error(`no server.js in ${ssrDir}: run vite build --ssr src/app/landing/server.tsx first`);
const { render } = await import(pathToFileURL(path.join(ssrDir, ssrEntry)).href);

let html = fs.readFileSync(htmlFile, 'utf8');
if (!html.includes(PLACEHOLDER)) throw new Error(`${htmlFile} has no ${PLACEHOLDER}`);
const oldRevision = crypto.createHash('md5').update(html).digest('hex');
html = html.replace(PLACEHOLDER, () => render());

// <link rel="stylesheet" crossorigin href="/assets/landing-….css"> → <style>…</style>
let inlined = 0;
html = html.replace(/<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/g, (_tag, href) => {
  inlined++;
  const css = fs.readFileSync(path.join(dist, href), 'utf8').replace(/<\/style/gi, '<\\/style');
  return `<style>${css}</style>`;
});
fs.writeFileSync(htmlFile, html);

// The precache list in the worker names landing.html with the revision of the file before this step.
const worker = path.join(dist, 'service-worker.js');
const newRevision = crypto.createHash('md5').update(html).digest('hex');
const source = fs.readFileSync(worker, 'utf8');
const entry = /(\{[^{}]*"?url"?\s*:\s*"landing\.html"[^{}]*\})/;
const match = source.match(entry);
if (!match) throw new Error('service-worker.js does not precache landing.html');
const updated = match[1].replace(/("?revision"?\s*:\s*")[0-9a-f]+(")/, `$1${newRevision}$2`);
if (updated === match[1]) throw new Error(`could not update landing.html's revision in ${match[1]}`);
fs.writeFileSync(worker, source.replace(match[1], updated));

fs.rmSync(ssrDir, { recursive: true, force: true });
console.log(`prerender: landing.html ${Math.round(html.length / 1024)} KiB, ${inlined} stylesheet(s) inlined, revision ${oldRevision.slice(0, 8)} → ${newRevision.slice(0, 8)}`);
