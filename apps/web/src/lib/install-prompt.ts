import { useSyncExternalStore } from 'react';

/** Chrome's install event (not in TypeScript's DOM types). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
}

export type InstallOutcome = 'accepted' | 'dismissed' | 'unavailable';

let held: BeforeInstallPromptEvent | null = null;
let installed = false;
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

/**
 * Captures and holds the browser's install event (SPEC section 4: "the install event is captured
 * and held"), so an Install button anywhere can show the prompt later. Call once, at start,
 * before the browser fires it.
 */
export function captureInstallPrompt(target: Window = window): void {
  target.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    held = event as BeforeInstallPromptEvent;
    notify();
  });
  target.addEventListener('appinstalled', () => {
    held = null;
    installed = true;
    notify();
  });
}

/** Shows the held prompt once; the browser allows each event to be used one time. */
export async function promptInstall(): Promise<InstallOutcome> {
  const event = held;
  if (!event) return 'unavailable';
  held = null;
  notify();
  await event.prompt();
  const { outcome } = await event.userChoice;
  return outcome;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether the browser currently allows installing Platter (an install event is held), and whether it was installed. */
export function useInstallPrompt(): { canInstall: boolean; installed: boolean; promptInstall: typeof promptInstall } {
  const canInstall = useSyncExternalStore(subscribe, () => held !== null, () => false);
  const isInstalled = useSyncExternalStore(subscribe, () => installed, () => false);
  return { canInstall, installed: isInstalled, promptInstall };
}
