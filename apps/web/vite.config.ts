import fs from 'node:fs';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

// The API server of `npm run dev`; it listens on PORT like the server itself.
const server = `http://localhost:${process.env.PORT ?? '8080'}`;

/** The app's background (--bg in styles/global.css): the splash screen and the browser's bars. */
const background = '#0e0e12';

/** The parts of a locale the landing's own page (src/app/landing) shows. */
const LANDING_MESSAGES = ['common', 'nav', 'site', 'landing', 'download'];

/**
 * `virtual:landing-messages/en` (and /ru): only the landing's part of a locale, so the landing's
 * bundle does not carry the SPA's whole en.json (src/app/landing/messages.d.ts types them).
 */
function landingMessages(): Plugin {
  const prefix = '\0landing-messages:';
  return {
    name: 'platter-landing-messages',
    resolveId: (id) => (id.startsWith('virtual:landing-messages/') ? prefix + id.slice('virtual:landing-messages/'.length) : undefined),
    load(id) {
      if (!id.startsWith(prefix)) return undefined;
      const file = new URL(`./src/i18n/${id.slice(prefix.length)}.json`, import.meta.url);
      this.addWatchFile(file.pathname);
      const locale = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
      return `export default ${JSON.stringify(Object.fromEntries(LANDING_MESSAGES.map((key) => [key, locale[key]])))};`;
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    landingMessages(),
    // The SSR build (scripts/prerender-landing.mjs renders the landing into landing.html) needs no worker.
    !isSsrBuild &&
    // The installable app (SPEC 7: the service worker is registered from /service-worker.js).
    // injectManifest: our own worker (src/features/offline/service-worker.ts) gets the precache list of the app
    // shell and adds the offline audio route; features/offline/pwa.ts registers it.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/features/offline',
      filename: 'service-worker.ts',
      injectRegister: false,
      registerType: 'prompt',
      manifestFilename: 'manifest.webmanifest',
      // The precache list comes from globPatterns alone (the plugin adds the manifest itself).
      includeManifestIcons: false,
      manifest: {
        id: '/home',
        name: 'Platter',
        short_name: 'Platter',
        description: 'Listen to, share and publish music. Save tracks and playlists to listen offline.',
        lang: 'en',
        start_url: '/home',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        theme_color: background,
        background_color: background,
        categories: ['music', 'entertainment'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        // The shell: index.html, landing.html (`/`), the hashed bundles and styles, the icons. Not
        // the demo audio (that is /media/, saved per track by the listener). landing.html is
        // prerendered after this list is made: scripts/prerender-landing.mjs updates its revision;
        // home.html (`/home`) is written after it too: scripts/prerender-home.mjs adds it.
        // (Not the SSR build's output in dist-ssr: it is outside dist.)
        globPatterns: ['**/*.{js,css,html,svg,png}'],
        rollupFormat: 'iife',
      },
      devOptions: { enabled: false },
    }),
  ],
  // The contract worker (src/lib/contract-worker.ts) is a module worker, split into chunks like the page.
  worker: { format: 'es' },
  // `source` makes @platter/shared resolve to its TypeScript, so web never waits on a shared build.
  resolve: { conditions: ['source', ...defaultClientConditions] },
  server: {
    proxy: { '/api': server, '/media': server },
  },
  build: isSsrBuild
    ? { outDir: 'dist-ssr', emptyOutDir: true, copyPublicDir: false }
    : {
        outDir: 'dist',
        emptyOutDir: true,
        // dist/.vite/manifest.json: scripts/prerender-home.mjs inlines the home route's stylesheets (and removes it).
        manifest: true,
        // Pages: the SPA (index.html, every route but `/`) and the landing's lightweight,
        // prerendered page (landing.html, served for `/`; src/app/landing).
        // The embed player (embed.html, /embed/track/:id) is a third, tiny page of its own (src/app/embed).
        rolldownOptions: { input: { main: 'index.html', landing: 'landing.html', embed: 'embed.html' } },
      },
}));
