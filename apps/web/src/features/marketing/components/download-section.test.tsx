// @vitest-environment jsdom
import type { AppDownload } from '@platter/shared';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../../lib/query-keys';
import { createTestQueryClient, renderApp } from '../../../testing/render';
import { DownloadSection, qrTarget } from './download-section';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function renderWith(download: AppDownload) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(queryKeys.site.appDownload, download);
  return renderApp(<DownloadSection />, { queryClient, route: '/platter-started' });
}

const none: AppDownload = { kind: 'none', url: null, fileName: null, size: null };

describe('DownloadSection', () => {
  it('toggles the Scan QR card with a 120 px code of the page when there is no package', async () => {
    renderWith(none);
    expect(screen.queryByText('Scan QR')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show QR for dowloading' }));
    expect(screen.getByRole('heading', { name: 'Scan QR' })).toBeTruthy();
    expect(screen.getByText('Just point your camera at the QR code for quick downloading')).toBeTruthy();
    const code = screen.getByRole('img', { name: `QR code for ${window.location.origin}/platter-started` });
    expect(code.getAttribute('width')).toBe('120');
    expect(code.getAttribute('height')).toBe('120');
    // The encoder is loaded on demand, then the modules are drawn.
    await vi.waitFor(() => expect(code.querySelector('path')?.getAttribute('d')).toMatch(/^M\d/));

    fireEvent.click(screen.getByRole('button', { name: 'Hide QR' }));
    expect(screen.queryByText('Scan QR')).toBeNull();
    expect(screen.getByRole('button', { name: 'Show QR for dowloading' }).getAttribute('aria-expanded')).toBe('false');
  });

  it('offers installing Platter from the browser, with steps for Android and iOS, and no package or its figures, when there is none', () => {
    renderWith(none);
    expect(screen.getByRole('heading', { name: 'Install Platter as an app' })).toBeTruthy();
    // jsdom never fires beforeinstallprompt: the steps stand in for the Install button.
    expect(screen.queryByRole('button', { name: 'Install Platter' })).toBeNull();
    const android = screen.getByRole('region', { name: 'Android, in Chrome' });
    expect(android.textContent).toContain('Tap the ⋮ menu at the top right.');
    expect(android.textContent).toContain('Choose “Install app” (or “Add to Home screen”).');
    const ios = screen.getByRole('region', { name: 'iPhone or iPad, in Safari' });
    expect(ios.textContent).toContain('Tap Share (the square with an arrow up).');
    expect(ios.textContent).toContain('Scroll down and choose “Add to Home Screen”.');
    // Nothing to download, and no claims about a package that does not exist.
    expect(screen.queryByRole('button', { name: 'Download for Android' })).toBeNull();
    expect(screen.queryByText(/not available yet/)).toBeNull();
    for (const claim of ['Rating', 'Downloads', 'Size', 'Version', '4.0', '1000+', '50MB', 'v1.0.2']) expect(screen.queryByText(claim), claim).toBeNull();
  });

  it("shows the browser's own install prompt, once it has offered one", async () => {
    const prompt = vi.fn(() => Promise.resolve());
    const { captureInstallPrompt } = await import('../../../lib/install-prompt');
    captureInstallPrompt(window);
    renderWith(none);
    act(() => {
      window.dispatchEvent(Object.assign(new Event('beforeinstallprompt', { cancelable: true }), { prompt, userChoice: Promise.resolve({ outcome: 'accepted', platform: 'web' }) }));
    });
    expect(screen.queryByRole('region', { name: 'Android, in Chrome' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Install Platter' }));
    expect(prompt).toHaveBeenCalledOnce();
    expect(await screen.findByText('Platter is installed on this device.')).toBeTruthy();
  });

  it('offers the package, with its figures and no install steps, when there is one', () => {
    renderWith({ kind: 'remote', url: 'https://cdn.example.com/platter.apk', fileName: null, size: null });
    expect(screen.getByRole('button', { name: 'Download for Android' })).toBeTruthy();
    expect(screen.getByText('1000+')).toBeTruthy();
    expect(screen.getByText('v1.0.2')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Install Platter as an app' })).toBeNull();
  });

  it('opens a remote package in a new window, without an opener', () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderWith({ kind: 'remote', url: 'https://cdn.example.com/platter.apk', fileName: null, size: null });
    fireEvent.click(screen.getByRole('button', { name: 'Download for Android' }));
    expect(open).toHaveBeenCalledWith('https://cdn.example.com/platter.apk', '_blank', 'noopener,noreferrer');
  });

  it('shows the real size of a package Platter serves, and the claimed one of a remote package', () => {
    renderWith({ kind: 'file', url: '/downloads/platter.apk', fileName: 'platter.apk', size: 7 * 1024 * 1024 });
    expect(screen.getByText('7MB')).toBeTruthy();
    cleanup();
    renderWith({ kind: 'remote', url: 'https://cdn.example.com/platter.apk', fileName: null, size: null });
    expect(screen.getByText('50MB')).toBeTruthy();
    expect(screen.getByText('v1.0.2')).toBeTruthy();
  });

  it("'Open in web' goes to /home", () => {
    renderWith(none);
    // A plain link on the landing's own page; inside the SPA, SiteLayout makes it the router's.
    expect(screen.getByRole('link', { name: 'Open in web' }).getAttribute('href')).toBe('/home');
  });
});

describe('qrTarget', () => {
  const origin = 'https://platter.example.com';
  it('is the absolute package link, or this download page when there is none', () => {
    expect(qrTarget({ kind: 'file', url: '/downloads/a.apk', fileName: 'a.apk', size: 1 }, origin)).toBe(`${origin}/downloads/a.apk`);
    expect(qrTarget({ kind: 'remote', url: 'https://cdn.example.com/a.apk', fileName: null, size: null }, origin)).toBe('https://cdn.example.com/a.apk');
    expect(qrTarget(none, origin)).toBe(`${origin}/platter-started`);
    expect(qrTarget(undefined, origin)).toBe(`${origin}/platter-started`);
  });
});
