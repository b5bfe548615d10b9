/**
 * Writes dist/home.html (served for `/home`): the SPA's index.html with a static first frame of
 * the home tab, so its first contentful paint needs no module (bench/lighthouse.md, 2026-11-26):
 * - the app's own stylesheets and the home route's are inlined, so the first paint waits for no
 *   other request;
 * - `#home-shell`, a fixed layer over #root: the layout (top bar or sidebar, the tabs, the
 *   heading, the tab's pending block) and the terms dialog of a first visit, in English and in
 *   Russian, made of the app's own classes (so it looks like the app's first frame);
 * - /home-shell.js (public/) runs before the first paint and says which of it shows: the
 *   visitor's language, and the dialog only on the home tab for someone who has not accepted the
 *   terms. The app removes the layer once it has rendered under it (lib/home-shell.ts);
 * - home.html joins the service worker's precache list (made by vite-plugin-pwa before this step).
 * Needs `vite build` with `build.manifest` (the home route's stylesheets); removes dist/.vite.
 *
 *   node scripts/prerender-home.mjs
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const web = fileURLToPath(new URL('..', import.meta.url));
const dist = path.join(web, 'dist');
const HOME_ROUTE = 'src/app/routes/home/home.tsx';
/** The layout route around /home (the sidebar, the top bar, the bottom navigation): its stylesheets are the route's too. */
const SHELL_ROUTE = 'src/app/routes/shell-root.tsx';

const manifestFile = path.join(dist, '.vite', 'manifest.json');
const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));

const locales = Object.fromEntries(['en', 'ru'].map((language) => [language, JSON.parse(fs.readFileSync(path.join(web, 'src/i18n', `${language}.json`), 'utf8'))]));

const escape = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const SIDEBAR_TABS = ['home', 'search', 'playlists', 'liked', 'history', 'saved', 'menu', 'news'];
const BOTTOM_NAV = [['home', 'tabs.home'], ['search', 'tabs.search'], ['library', 'shell.library'], ['menu', 'tabs.menu'], ['news', 'tabs.news']];

/** A translator for one language, its strings escaped for HTML: a missing key fails the build. */
const translator = (language) => (key) => {
  const value = key.split('.').reduce((node, part) => node?.[part], locales[language]);
  if (typeof value !== 'string') throw new Error(`${language}.json has no ${key}`);
  return escape(value);
};

/** The first frame of /home in one language (the markup of home.tsx, home-sidebar.tsx, bottom-nav.tsx and terms-modal.tsx, without their behaviour). */
function shell(language, main = null) {
  const t = translator(language);
  const logo = `<span class="logo"><span class="logo__mark home-shell__mark"></span><span class="logo__text">${t('common.appName')}</span></span>`;
  const current = main === null ? 'home' : null;
  const tabs = SIDEBAR_TABS.map((tab) => `<li><span class="shell-tab"${tab === current ? ' aria-current="page"' : ''}><span class="shell-tab__icon"></span><span>${t(`tabs.${tab}`)}</span></span></li>`).join('');
  const bottom = BOTTOM_NAV.map(([id, label]) => `<li><span class="bottom-nav__link"${id === current ? ' aria-current="page"' : ''}><span class="bottom-nav__icon"></span><span class="bottom-nav__label">${t(label)}</span></span></li>`).join('');
  const terms = ['intro', 'age', 'content', 'changes'].map((key) => `<p>${t(`terms.${key}`)}</p>`).join('');
  return `<div lang="${language}">`
    + `<div class="shell"><header class="shell-topbar">${logo}</header>`
    + `<aside class="shell-sidebar"><div class="shell-sidebar__brand">${logo}</div><nav class="shell-sidebar__nav"><ul class="shell-tabs">${tabs}</ul></nav></aside>`
    + `<main class="shell-main">${main ?? `<h1 class="shell-main__title home-shell__title">${t('tabs.home')}</h1><div class="shell-main__pending"></div>`}</main>`
    + `<nav class="bottom-nav"><ul class="bottom-nav__list">${bottom}</ul></nav></div>`
    + (main !== null ? '' : `<div class="home-shell__terms"><div class="home-shell__backdrop"></div><div class="dialog home-shell__dialog"><div class="dialog__body">`
    + `<h2 class="dialog__title">${t('terms.title')}</h2><div class="terms">${terms}<a>${t('terms.readAll')}</a></div>`
    + `<div class="dialog__footer"><span class="button button--primary">${t('terms.accept')}</span></div></div></div></div>`)
    + `</div>`;
}

/** The layer itself; the rest is the app's own classes. `data-home-shell` on <html> comes from /home-shell.js. */
const SHELL_CSS = `
.home-shell{position:fixed;inset:0;z-index:2147483000;overflow:hidden;background:var(--bg)}
.home-shell .shell{height:100vh}
html:not([lang=ru]) .home-shell>[lang=ru],html[lang=ru] .home-shell>[lang=en]{display:none}
.home-shell__mark{display:inline-block;background:radial-gradient(circle closest-side,#111116 9.4%,#ff5b37 9.4% 34.4%,#111116 34.4% 90.6%,#2c2c38 90.6% 96.9%,transparent 96.9%)}
.home-shell__title,.home-shell__terms{display:none}
html[data-home-shell~=title] .home-shell__title{display:block}
html[data-home-shell~=terms] .home-shell__terms{display:block}
.home-shell .shell-tab__icon,.home-shell .bottom-nav__icon,.home-shell .library-switch__icon{display:block;width:1em;height:1em}
.home-shell__backdrop{position:fixed;inset:0;z-index:100;background:rgb(0 0 0/60%);backdrop-filter:blur(2px)}
.home-shell__dialog{position:fixed;inset:0;z-index:100;margin:auto;height:fit-content;max-height:calc(100% - 6px - 2em);overflow:auto}
`;

const indexFile = path.join(dist, 'index.html');
const index = fs.readFileSync(indexFile, 'utf8');

// The app's stylesheets (index.html's <link>s), then the route's, inlined in this order.
const linked = [...index.matchAll(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g)].map((match) => match[1]);
if (linked.length === 0) throw new Error('index.html links no stylesheet');
if (!manifest[SHELL_ROUTE]) throw new Error(`the build's manifest has no ${SHELL_ROUTE}`);
// A route's own stylesheets and those of the chunks it imports: when the router loads the route,
// Vite's preload helper fetches every one of them it finds no <link rel="stylesheet"> for, and
// waits for them before the route renders.
const routeCss = (key, seen = new Set()) => {
  if (seen.has(key)) return [];
  seen.add(key);
  const chunk = manifest[key];
  return [...(chunk.css ?? []), ...(chunk.imports ?? []).flatMap((imported) => routeCss(imported, seen))];
};
/** A route's chunk and the chunks it imports (statically), as paths. */
const routeJs = (key, seen = new Set()) => {
  if (seen.has(key)) return [];
  seen.add(key);
  const chunk = manifest[key];
  return [`/${chunk.file}`, ...(chunk.imports ?? []).flatMap((imported) => routeJs(imported, seen))];
};

/**
 * index.html with everything a first frame needs inline: the app's and the routes' stylesheets,
 * the layer (`#home-shell`) over #root, and /home-shell.js, which starts the app's modules (the
 * entry, its preloads and `routes`' chunks) once the frame has painted.
 */
function framed(routes, layer) {
  let html = index;
  const route = [...new Set(routes.flatMap((key) => routeCss(key)))].filter((file) => !linked.includes(file));
  const css = [...linked, ...route].map((file) => fs.readFileSync(path.join(dist, file), 'utf8')).join('\n').replace(/<\/style/gi, '<\\/style');
  html = html.replace(/\s*<link rel="stylesheet"[^>]*href="\/[^"]+\.css"[^>]*>/g, '');
  // Each inlined file stays named by a disabled <link> (never fetched): the preload helper takes it
  // as loaded, so the route renders without asking for its stylesheets again.
  const named = [...linked, ...route].map((file) => `<link rel="stylesheet" href="/${file}" disabled>`).join('');
  html = html.replace('</head>', () => `<style>${css}\n${SHELL_CSS}</style>${named}\n  </head>`);
  // Before the first paint: a blocking classic script of a few hundred bytes. It also starts the
  // app's modules once the first frame has painted: the entry and its modulepreloads leave the HTML
  // for a <meta> it reads.
  const entry = html.match(/\s*<script type="module" crossorigin src="(\/[^"]+\.js)"><\/script>/);
  if (!entry) throw new Error('index.html has no entry module');
  const preloads = [...html.matchAll(/\s*<link rel="modulepreload" crossorigin href="(\/[^"]+\.js)">/g)];
  for (const tag of [entry, ...preloads]) html = html.replace(tag[0], '');
  const modules = [entry[1], ...preloads.map((preload) => preload[1])];
  // The routes' chunks after the app's, each a modulepreload of its own task, so the router finds
  // them asked for: otherwise Vite's preload helper adds them all in the router's first task (at
  // 4× CPU, ~100 ms of /home's total blocking time; bench/lighthouse.md, 2026-11-28).
  const chunks = [...new Set(routes.flatMap((key) => routeJs(key)))].filter((file) => !modules.includes(file));
  html = html.replace('<meta name="viewport"', () => `<script src="/home-shell.js"></script>\n    <meta name="platter-modules" content="${[...modules, ...chunks].join(' ')}" />\n    <meta name="viewport"`);
  html = html.replace('<div id="root"></div>', () => `<div id="home-shell" class="home-shell" aria-hidden="true" inert>${layer}</div>\n    <div id="root"></div>`);
  if (!html.includes('id="home-shell"') || !html.includes('/home-shell.js') || html.includes('type="module"')) throw new Error('index.html is not as scripts/prerender-home.mjs expects');
  return { html, stylesheets: linked.length + route.length };
}

if (!manifest[HOME_ROUTE]?.css?.length) throw new Error(`the build's manifest has no stylesheet for ${HOME_ROUTE}`);
const { html, stylesheets } = framed([SHELL_ROUTE, HOME_ROUTE], `${shell('en')}${shell('ru')}`);
fs.writeFileSync(path.join(dist, 'home.html'), html);

// The public pages' first frames (page-track.html, page-artist.html, page-release.html): the shell
// with `<!--platter-frame-->` where the page goes; the server fills it with the page's title and
// picture (apps/server/src/services/share.service.ts), so their first paint waits for no module.
const PAGE_ROUTES = { track: 'src/app/routes/track.tsx', artist: 'src/app/routes/artist.tsx', release: 'src/app/routes/release.tsx' };
for (const [page, key] of Object.entries(PAGE_ROUTES)) {
  if (!manifest[key]) throw new Error(`the build's manifest has no ${key}`);
  const frame = framed([SHELL_ROUTE, key], `${shell('en', '<!--platter-frame-->')}${shell('ru', '<!--platter-frame-->')}`);
  fs.writeFileSync(path.join(dist, `page-${page}.html`), frame.html);
}
// A public playlist's share link (/playlist/:id) opens its page in /home's playlist tab: the tab's
// title, then the playlist's header (the server fills it), with the playlist view's stylesheets and chunks.
const PLAYLIST_VIEW = 'src/features/playlists/components/playlist-details-view.tsx';
if (!manifest[PLAYLIST_VIEW]) throw new Error(`the build's manifest has no ${PLAYLIST_VIEW}`);
// On narrow screens the library's switch sits over the title (home-nav.tsx's LibrarySwitch), Playlists current.
const LIBRARY_TABS = ['playlists', 'liked', 'history', 'saved'];
const playlistMain = (language) => {
  const t = translator(language);
  const librarySwitch = LIBRARY_TABS.map(
    (id) => `<li><span class="library-switch__link"${id === 'playlists' ? ' aria-current="page"' : ''}><span class="library-switch__icon"></span><span>${t(`shell.libraryTab.${id}`)}</span></span></li>`,
  ).join('');
  return (
    `<nav class="library-switch"><ul class="library-switch__list">${librarySwitch}</ul></nav>` +
    `<h1 class="shell-main__title">${t('tabs.playlists-details')}</h1>` +
    `<div class="playlist-details"><span class="button button--link playlist-details__back">${t('playlists.back')}</span><!--platter-frame--></div>`
  );
};
const playlistFrame = framed([SHELL_ROUTE, HOME_ROUTE, PLAYLIST_VIEW], `${shell('en', playlistMain('en'))}${shell('ru', playlistMain('ru'))}`);
fs.writeFileSync(path.join(dist, 'page-playlist.html'), playlistFrame.html);

// The precache list: home.html beside landing.html.
const worker = path.join(dist, 'service-worker.js');
const revision = crypto.createHash('md5').update(html).digest('hex');
const source = fs.readFileSync(worker, 'utf8');
const landing = source.match(/\{[^{}]*"?url"?\s*:\s*"landing\.html"[^{}]*\}/);
if (!landing) throw new Error('service-worker.js does not precache landing.html');
const home = landing[0].replace('landing.html', 'home.html').replace(/("?revision"?\s*:\s*")[0-9a-f]+(")/, `$1${revision}$2`);
fs.writeFileSync(worker, source.replace(landing[0], `${landing[0]},${home}`));

fs.rmSync(path.join(dist, '.vite'), { recursive: true, force: true });
console.log(`prerender: home.html ${Math.round(html.length / 1024)} KiB, ${stylesheets} stylesheet(s) inlined, revision ${revision.slice(0, 8)}; page-track/artist/release/playlist.html`);
