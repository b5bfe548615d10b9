import { useSyncExternalStore } from 'react';
import { Workbox } from 'workbox-window';

/** SPEC 7: the service worker is registered from /service-worker.js (built from ./service-worker.ts). */
export const SERVICE_WORKER_URL = '/service-worker.js';

let workbox: Workbox | null = null;
let updateWaiting = false;
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

/**
 * Registers the service worker once, after load (it must not compete with the first render).
 * The result goes to the console only (SPEC 8). A new version that finished installing waits;
 * `useUpdateAvailable` tells the Reload prompt, and `reloadToUpdate` lets it take over.
 */
export function registerServiceWorker(): void {
  if (workbox || !('serviceWorker' in navigator)) return;
  workbox = new Workbox(SERVICE_WORKER_URL, { scope: '/' });
  workbox.addEventListener('waiting', () => {
    updateWaiting = true;
    notify();
  });
  workbox.register().then(
    (registration) => console.info('Service worker registered', registration?.scope),
    (error: unknown) => console.error('Service worker registration failed', error),
  );
}

/** Lets the waiting version take over, then reloads into it (once it controls the page). */
export function reloadToUpdate(): void {
  const wb = workbox;
  if (!wb) {
    window.location.reload();
    return;
  }
  wb.addEventListener('controlling', () => window.location.reload());
  wb.messageSkipWaiting();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether a new version of Platter is installed and waiting for a reload. */
export function useUpdateAvailable(): boolean {
  return useSyncExternalStore(subscribe, () => updateWaiting, () => false);
}
