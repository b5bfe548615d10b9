import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createAppRouter, startRouteChunks } from './app/router';
import { hydratePlayerStore } from './features/player/player-store';
import { i18nReady } from './i18n/i18n';
import { captureInstallPrompt } from './lib/install-prompt';
import './styles/global.css';

// Before anything else: Chrome may fire the install event right after load.
captureInstallPrompt();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The router starts loading the route's chunks as it is made: at once, but in a task of its own
// rather than in the one that evaluates every module (its first navigation and history entry take
// tens of milliseconds on a phone). The first render waits for it, for the language's strings, so
// no untranslated key is ever painted, and for the player's stored state (player-store.ts). As a
// transition, React renders it in short slices instead of one long task.
// Before it, in a task of its own as well, the current route's chunks are asked for: Vite's preload
// helper adds their modulepreloads and stylesheets there (tens of milliseconds on a phone), and the
// router's own calls then find them asked for already. Two short tasks rather than one long one.
const router = new Promise<ReturnType<typeof createAppRouter>>((resolve) =>
  setTimeout(() => {
    startRouteChunks(window.location);
    setTimeout(() => resolve(createAppRouter()), 0);
  }, 0),
);
void Promise.all([router, i18nReady, hydratePlayerStore()]).then(([appRouter]) => {
  const root = createRoot(container);
  startTransition(() =>
    root.render(
      <StrictMode>
        <App router={appRouter} />
      </StrictMode>,
    ),
  );
});
