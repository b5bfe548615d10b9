// @vitest-environment jsdom
import type { AppDownload } from '@platter/shared';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../../lib/query-keys';
import { createTestQueryClient, renderApp } from '../../../testing/render';
import { figuresFor } from './figures-section';
import { LandingPage } from './landing-page';

const scrollIntoView = vi.fn();
beforeEach(() => {
  scrollIntoView.mockReset();
  // jsdom lays nothing out, so it has no scrollIntoView of its own.
  Element.prototype.scrollIntoView = scrollIntoView;
  window.matchMedia = vi.fn().mockReturnValue({ matches: false });
});
afterEach(cleanup);

const NO_PACKAGE: AppDownload = { kind: 'none', url: null, fileName: null, size: null };

function renderLanding(route = '/', download: AppDownload = NO_PACKAGE) {
  // The landing reads the hash from the window's own location (it is also a router-free page).
  window.history.replaceState(null, '', route);
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(queryKeys.site.stats, { tracks: 6, artists: 2, users: 1234 });
  queryClient.setQueryData(queryKeys.site.appDownload, download);
  return renderApp(<LandingPage />, { queryClient, route });
}

describe('LandingPage', () => {
  it('has the sections the anchors name, headings in order', () => {
    const { container } = renderLanding();
    for (const id of ['home', 'discover', 'playlists', 'download', 'artists', 'figures']) {
      expect(container.querySelector(`section#${id}`), id).not.toBeNull();
    }
    const levels = [...container.querySelectorAll('h1, h2, h3')].map((h) => Number(h.tagName[1]));
    expect(levels[0]).toBe(1);
    levels.forEach((level, i) => expect(level - (levels[i - 1] ?? 0)).toBeLessThanOrEqual(1));
  });

  it('Learn more glides to the features and Get started to the download section', () => {
    const { container } = renderLanding();
    fireEvent.click(screen.getByRole('link', { name: 'Learn more' }));
    expect(scrollIntoView).toHaveBeenLastCalledWith({ behavior: 'smooth', block: 'start' });
    expect(scrollIntoView.mock.contexts.at(-1)).toBe(container.querySelector('#discover'));
    fireEvent.click(screen.getByRole('link', { name: 'Get started' }));
    expect(scrollIntoView.mock.contexts.at(-1)).toBe(container.querySelector('#download'));
  });

  it('jumps instead of gliding when reduced motion is asked for', () => {
    window.matchMedia = vi.fn().mockReturnValue({ matches: true });
    renderLanding('/#playlists');
    expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'auto', block: 'start' });
  });

  it('shows the real figures of the server and the claims for the rest; the app claims only with a package', () => {
    renderLanding();
    const value = (label: string) => screen.getByText(label).parentElement?.querySelector('dd')?.textContent;
    expect(value('tracks in the catalogue')).toBe('6');
    expect(value('registered listeners')).toBe('1,234');
    expect(value('countries')).toBe('20+');
    expect(screen.queryByText('app rating')).toBeNull();
    expect(screen.queryByText('app downloads')).toBeNull();
    cleanup();

    renderLanding('/', { kind: 'remote', url: 'https://cdn.example.com/platter.apk', fileName: null, size: null });
    expect(value('app rating')).toBe('4.0');
    expect(value('app downloads')).toBe('1000+');
  });
});

describe('figuresFor', () => {
  const format = String;
  it('keeps the claims only when the real figures cannot be had', () => {
    expect(figuresFor(undefined, false, format)).toEqual({ tracks: '…', artists: '…', users: '…' });
    expect(figuresFor(undefined, true, format)).toEqual({ tracks: '50+', artists: '—', users: '1000+' });
    expect(figuresFor({ tracks: 0, artists: 0, users: 3 }, false, format)).toEqual({ tracks: '0', artists: '0', users: '3' });
  });
});
