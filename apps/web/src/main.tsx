import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { hydratePlayerStore } from './features/player/player-store';
import { i18nReady } from './i18n/i18n';
import { captureInstallPrompt } from './lib/install-prompt';
import './styles/global.css';

// Before anything else: Chrome may fire the install event right after load.
captureInstallPrompt();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The router has started loading the route's chunks already (router.tsx); the first render waits
// for the language's strings, so no untranslated key is ever painted, and for the player's stored
// state (player-store.ts). As a transition, React renders it in short slices instead of one long task.
void Promise.all([i18nReady, hydratePlayerStore()]).then(() => {
  const root = createRoot(container);
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
});
