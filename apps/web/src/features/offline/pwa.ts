import { useSyncExternalStore } from 'react';
import type { Workbox } from 'workbox-window';

/** SPEC 7: the service worker is registered from /service-worker.js (built from ./service-worker.ts). */
export const SERVICE_WORKER_URL = '/service-worker.js';

let workbox: Workbox | null = null;
let registering = false;
let updateWaiting = false;
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

/**
 * Registers the service worker once; the app calls it after the page's load event and its first
 * paint, so neither it nor workbox-window (a chunk of its own, imported here) competes with the
 * first render.
 * The result goes to the console only (SPEC 8). A new version that finished installing waits;
 * `useUpdateAvailable` tells the Reload prompt, and `reloadToUpdate` lets it take over.
 */
export async function registerServiceWorker(): Promise<void> {
  if (registering || !('serviceWorker' in navigator)) return;
  registering = true;
  const { Workbox } = await import('workbox-window');
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
