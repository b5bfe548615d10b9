import { whenHomeShellRemoved } from './home-shell';

/**
 * Resolves once the page has painted its first content (the browser's first-contentful-paint
 * entry; on /home, once the app has taken over from the prerendered frame: lib/home-shell.ts), so
 * that work the first paint does not need (the API contracts, the player's background work)
 * neither delays it nor competes with it for the network and the CPU. Where the browser
 * reports no paints (tests, older browsers) it resolves at once; a page that paints nothing
 * contentful (a tab opened in the background) goes on at the latest FALLBACK_MS after its load
 * event.
 */
export function whenFirstPainted(): Promise<void> {
  return (firstPaint ??= whenHomeShellRemoved().then(waitForFirstPaint));
}

/** After the load event, how long a page without a first contentful paint waits for it. */
const FALLBACK_MS = 3000;

let firstPaint: Promise<void> | undefined;

function waitForFirstPaint(): Promise<void> {
  if (typeof window === 'undefined' || typeof PerformanceObserver === 'undefined') return Promise.resolve();
  if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) return Promise.resolve();
  if (performance.getEntriesByName('first-contentful-paint').length > 0) return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length > 0) done();
    });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const startFallback = () => {
      timer = setTimeout(done, FALLBACK_MS);
    };
    function done() {
      observer.disconnect();
      clearTimeout(timer);
      window.removeEventListener('load', startFallback);
      resolve();
    }
    observer.observe({ type: 'paint', buffered: true });
    if (document.readyState === 'complete') startFallback();
    else window.addEventListener('load', startFallback, { once: true });
  });
}
