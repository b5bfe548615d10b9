// @vitest-environment jsdom
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { removeHomeShell, whenHomeShellRemoved } from './home-shell';

/** public/home-shell.js, run as home.html runs it before the first paint. */
const shellScript = fs.readFileSync(path.join(import.meta.dirname, '../../public/home-shell.js'), 'utf8');
const runShellScript = () => new Function(shellScript)();
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
