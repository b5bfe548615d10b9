import { QueryClient } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { captureInstallPrompt } from '../../lib/install-prompt';
import { createLandingI18n, landingLanguage, loadMessages } from './i18n';
import { LandingApp } from './landing-app';

// Before anything else: Chrome may fire the install event right after load (the install offer).
captureInstallPrompt();

/** The app's service worker (features/offline/pwa.ts registers the same one): Platter installs and works offline from here too. */
const SERVICE_WORKER_URL = '/service-worker.js';

async function start(container: HTMLElement) {
  const language = landingLanguage();
  const i18n = createLandingI18n(language, await loadMessages(language));
  document.documentElement.lang = language;
  const app = (
    <StrictMode>
      <LandingApp i18n={i18n} queryClient={new QueryClient({ defaultOptions: { queries: { staleTime: 60_000, retry: 1 } } })} />
    </StrictMode>
  );
  // A transition: React hydrates in short slices, so the page stays responsive meanwhile.
  startTransition(() => {
    // The HTML is the English landing; another language renders afresh over it.
    if (language === 'en' && container.hasChildNodes()) hydrateRoot(container, app);
    else createRoot(container).render(app);
  });
}

const container = document.getElementById('root');
if (!container) throw new Error('landing.html has no #root element');
void start(container);

if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' }).catch((error: unknown) => console.error('Service worker registration failed', error));
  });
}
