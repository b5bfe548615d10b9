// @vitest-environment jsdom
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { removeHomeShell, whenHomeShellRemoved } from './home-shell';

/** public/home-shell.js, run as home.html runs it before the first paint. */
const shellScript = fs.readFileSync(path.join(import.meta.dirname, '../../public/home-shell.js'), 'utf8');
const runShellScript = () => new Function(shellScript)();

/** Runs the script, then its DOMContentLoaded handler (only this run's: earlier tests' runs added theirs). */
function runShellScriptToLoaded() {
  const handlers: EventListener[] = [];
  const add = document.addEventListener.bind(document);
  vi.spyOn(document, 'addEventListener').mockImplementation((type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions) => {
    if (type === 'DOMContentLoaded') handlers.push(listener as EventListener);
    else add(type, listener, options);
  });
  runShellScript();
  for (const handler of handlers) handler(new Event('DOMContentLoaded'));
  return handlers.length;
}
const html = document.documentElement;

afterEach(() => {
  localStorage.clear();
  html.removeAttribute('data-home-shell');
  html.lang = '';
  window.history.replaceState(null, '', '/');
  vi.restoreAllMocks();
});

describe("home.html's first frame", () => {
  it("shows a first visit the heading and the terms dialog, in the browser's language", () => {
    window.history.replaceState(null, '', '/home');
    runShellScript();
    expect(html.lang).toBe('en');
    expect(html.getAttribute('data-home-shell')).toBe('title terms');

    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['ru-RU', 'en']);
    runShellScript();
    expect(html.lang).toBe('ru');
  });

  it('shows no dialog to someone who accepted the terms, and speaks the language they picked', () => {
    window.history.replaceState(null, '', '/home?tab=home');
    localStorage.setItem('acceptedTerms', 'true');
    localStorage.setItem('language', 'ru');
    runShellScript();
    expect(html.lang).toBe('ru');
    expect(html.getAttribute('data-home-shell')).toBe('title');
  });

  it('shows neither the heading nor the dialog on another tab (the app opens the dialog on the home tab only)', () => {
    window.history.replaceState(null, '', '/home?tab=search');
    runShellScript();
    expect(html.getAttribute('data-home-shell')).toBeNull();
  });

  it("shows neither on a public page's frame (a track's, an artist's, a release's)", () => {
    window.history.replaceState(null, '', '/track/t1');
    runShellScript();
    expect(html.getAttribute('data-home-shell')).toBeNull();
  });

  it("starts the app's modules once the first frame has painted: its preloads in order, then the entry, once", async () => {
    vi.useFakeTimers();
    const meta = document.createElement('meta');
    meta.name = 'platter-modules';
    meta.content = '/assets/main-1.js /assets/react-2.js /assets/global-3.js';
    document.head.append(meta);
    const modules = () => [...document.head.querySelectorAll('link[rel="modulepreload"], script[type="module"]')] as (HTMLLinkElement | HTMLScriptElement)[];
    try {
      window.history.replaceState(null, '', '/home');
      expect(runShellScriptToLoaded()).toBe(1);
      // Nothing competes with the first frame.
      expect(modules()).toEqual([]);
      await vi.advanceTimersByTimeAsync(1000);
      expect(modules().map((element) => [element.tagName, 'src' in element ? element.getAttribute('src') : element.getAttribute('href')])).toEqual([
        ['LINK', '/assets/react-2.js'],
        ['LINK', '/assets/global-3.js'],
        ['SCRIPT', '/assets/main-1.js'],
      ]);
      expect(modules().every((element) => element.crossOrigin === '')).toBe(true);
    } finally {
      for (const element of [meta, ...modules()]) element.remove();
      vi.useRealTimers();
    }
  });

  it('starts no module on a page without the list (index.html loads its own)', async () => {
    vi.useFakeTimers();
    try {
      expect(runShellScriptToLoaded()).toBe(1);
      await vi.advanceTimersByTimeAsync(1000);
      expect(document.head.querySelectorAll('link[rel="modulepreload"], script[type="module"]')).toHaveLength(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('is removed when the app takes over, which settles whenHomeShellRemoved', async () => {
    const shell = document.createElement('div');
    shell.id = 'home-shell';
    document.body.append(shell);
    html.setAttribute('data-home-shell', 'title terms');
    let removed = false;
    void whenHomeShellRemoved().then(() => {
      removed = true;
    });
    await Promise.resolve();
    expect(removed).toBe(false);
    removeHomeShell();
    await Promise.resolve();
    expect(removed).toBe(true);
    expect(document.getElementById('home-shell')).toBeNull();
    expect(html.getAttribute('data-home-shell')).toBeNull();
    // Any other page has no shell: nothing to wait for.
    await expect(whenHomeShellRemoved()).resolves.toBeUndefined();
  });
});
