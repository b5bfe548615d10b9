/// <reference lib="webworker" />
/**
 * Platter's service worker, built by vite-plugin-pwa (injectManifest) into /service-worker.js.
 * - The app shell (index.html, landing.html, home.html, the hashed bundles, icons) is precached, so
 *   /home opens offline after one online visit; a navigation to `/` gets the precached landing.html
 *   (the landing's own prerendered page, as the server answers), to /home (any tab) home.html (its
 *   prerendered first frame, scripts/prerender-home.mjs), every other app route index.html.
 * - /media/ files the listener saved for offline (OFFLINE_CACHE, written by the page) are served
 *   from the cache, ranges cut from the stored file, so <audio> plays and seeks with no network;
 *   everything else under /media/ goes to the network untouched.
 * - A new version waits until the page asks it to take over (the Reload prompt).
 */
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { RangeRequestsPlugin } from 'workbox-range-requests';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheOnly } from 'workbox-strategies';
import { OFFLINE_CACHE } from './cache-names';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | PrecacheEntry)[] };

// `/` is the landing (landing.html), not index.html as the precache's default directory index would have it.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: 'landing.html' });
cleanupOutdatedCaches();

/** Server paths, never app routes: a navigation to one must reach the server. */
const SERVER_PATHS = [/^\/api\//, /^\/media\//, /^\/downloads\//, /^\/embed\//, /^\/\.well-known\//, /^\/(artist|release)\/[^/]+\/feed\.(rss|atom)(\?|$)/, /^\/service-worker\.js$/, /^\/manifest\.webmanifest$/];
registerRoute(new NavigationRoute(createHandlerBoundToURL('/landing.html'), { allowlist: [/^\/$/] }));
// The pathname and the query: `/home?tab=search` too.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/home.html'), { allowlist: [/^\/home\/?(\?|$)/i] }));
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [...SERVER_PATHS, /^\/$/] }));

const savedMedia = new CacheOnly({ cacheName: OFFLINE_CACHE, plugins: [new RangeRequestsPlugin()] });
registerRoute(
  ({ url, request }) => url.origin === self.location.origin && url.pathname.startsWith('/media/') && request.method === 'GET',
  async (options) => {
    try {
      return await savedMedia.handle(options);
    } catch {
      // Not saved: the network as if there were no worker (a range request stays a range request).
      return fetch(options.request);
    }
  },
);

self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// The first install takes the open page at once, so tracks saved in this visit already play
// through the worker; an update only activates after SKIP_WAITING, followed by a reload.
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
