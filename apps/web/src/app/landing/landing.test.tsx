// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLandingI18n } from './i18n';
import { LandingApp } from './landing-app';
import en from './messages-en';
import { render } from './server';

// The virtual module of vite.config.ts's landingMessages plugin is the build's; tests take the same parts of en.json.
vi.mock('./messages-en', async () => {
  const { common, nav, site, landing, download } = (await import('../../i18n/en.json')).default;
  return { default: { common, nav, site, landing, download } };
});

afterEach(() => {
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('the prerendered landing', () => {
  it('is the whole English landing, with plain links and no figures yet', () => {
    const html = render();
    expect(html).toContain('Your music, on one platter');
    for (const id of ['home', 'discover', 'playlists', 'download', 'artists', 'figures']) expect(html).toContain(`id="${id}"`);
    expect(html).toContain('href="/#discover"');
    expect(html).toContain('href="/home"');
  });

  it('hydrates without a mismatch', async () => {
    // The figures and the download info arrive after hydration.
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>(() => {})));
    window.matchMedia = vi.fn().mockReturnValue({ matches: false });
    const container = document.createElement('div');
    container.innerHTML = render();
    document.body.append(container);
    const onRecoverableError = vi.fn();
    const root = await act(async () =>
      hydrateRoot(container, <LandingApp i18n={createLandingI18n('en', en)} queryClient={new QueryClient()} />, { onRecoverableError }),
    );
    expect(onRecoverableError).not.toHaveBeenCalled();
    expect(container.querySelector('h1')?.textContent).toBe('Your music, on one platter');
    act(() => root.unmount());
  });
});
