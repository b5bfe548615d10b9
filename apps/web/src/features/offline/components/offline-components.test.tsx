// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { captureInstallPrompt } from '../../../lib/install-prompt';
import { makeTrack } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render';
import { SAVED_TRACKS_KEY, resetSavedTracksSnapshot } from '../saved-tracks';
import { InstallButton } from './install-button';
import { OfflineBanner } from './offline-banner';
import { SaveOfflineButton } from './save-offline-button';
import { SavedView } from './saved-view';

const first = makeTrack({ id: 'a', title: 'Night Drive', artist: 'Ann', url: '/media/a.mp3' });
const second = makeTrack({ id: 'b', title: 'Low Tide', artist: 'Bo', url: '/media/b.mp3' });

function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  act(() => void window.dispatchEvent(new Event(online ? 'online' : 'offline')));
}

function stubOfflineStorage(sizes: Record<string, number>) {
  const entries = new Map<string, Response>();
  const cache = {
    put: (url: string, response: Response) => Promise.resolve(void entries.set(url, response)),
    delete: (url: string) => Promise.resolve(entries.delete(url)),
  };
  vi.stubGlobal('caches', { open: () => Promise.resolve(cache) });
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => Promise.resolve(sizes[url] === undefined ? new Response('', { status: 404 }) : new Response(new Uint8Array(sizes[url])))),
  );
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: {} });
  Object.defineProperty(navigator, 'storage', {
    configurable: true,
    value: { estimate: () => Promise.resolve({ usage: 5_000_000, quota: 1e9 }), persist: () => Promise.resolve(true) },
  });
  return entries;
}

beforeEach(() => {
  localStorage.clear();
  resetSavedTracksSnapshot();
  setOnline(true);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Save for offline', () => {
  it('saves a track, then offers to remove it', async () => {
    const entries = stubOfflineStorage({ '/media/a.mp3': 2_400_000 });
    renderApp(<SaveOfflineButton tracks={[first]} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save for offline' }));
    expect(await screen.findByRole('button', { name: 'Remove from offline' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Saved for offline');
    expect([...entries.keys()]).toEqual(['/media/a.mp3']);
    fireEvent.click(screen.getByRole('button', { name: 'Remove from offline' }));
    expect(await screen.findByRole('button', { name: 'Save for offline' })).toBeTruthy();
    expect(entries.size).toBe(0);
  });

  it('saves a whole playlist, and says when it could not', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubOfflineStorage({ '/media/a.mp3': 10 });
    renderApp(<SaveOfflineButton tracks={[first, second]} playlist />);
    fireEvent.click(screen.getByRole('button', { name: 'Save playlist for offline' }));
    expect(await screen.findByText('Could not save for offline. Check the connection and try again.')).toBeTruthy();
    // The first one made it.
    expect(JSON.parse(localStorage.getItem(SAVED_TRACKS_KEY) ?? '[]')).toHaveLength(1);
  });

  it('cannot save while offline', () => {
    stubOfflineStorage({});
    renderApp(<SaveOfflineButton tracks={[first]} />);
    setOnline(false);
    expect((screen.getByRole('button', { name: 'Save for offline' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('Saved', () => {
  it('lists the saved tracks with their sizes and the space used; a click plays them as the list; Remove', async () => {
    stubOfflineStorage({ '/media/a.mp3': 1_500_000, '/media/b.mp3': 800_000 });
    const saved = [
      { track: second, size: 800_000, savedAt: '2026-11-21T10:01:00.000Z' },
      { track: first, size: 1_500_000, savedAt: '2026-11-21T10:00:00.000Z' },
    ];
    localStorage.setItem(SAVED_TRACKS_KEY, JSON.stringify(saved));
    const onPlay = vi.fn();
    renderApp(<SavedView activeTrackId={null} isPlaying={false} onPlay={onPlay} />);
    const rows = screen.getAllByTestId('saved-track');
    expect(rows.map((row) => row.textContent)).toEqual([expect.stringContaining('800 kB'), expect.stringContaining('1.5 MB')]);
    await waitFor(() => expect(screen.getByTestId('saved-space').textContent).toBe('2 tracks saved, 2.3 MB · 5 MB used by Platter on this device'));
    fireEvent.click(screen.getByRole('button', { name: 'Play Night Drive' }));
    expect(onPlay).toHaveBeenCalledWith([second, first], 1);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Low Tide from offline' }));
    await waitFor(() => expect(screen.getAllByTestId('saved-track')).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Remove all' }));
    expect(await screen.findByText(/Nothing saved yet/)).toBeTruthy();
  });
});

describe('offline state and install', () => {
  it('shows the offline banner only while offline', () => {
    renderApp(<OfflineBanner />);
    expect(screen.queryByTestId('offline-banner')).toBeNull();
    setOnline(false);
    expect(screen.getByTestId('offline-banner').textContent).toContain('You are offline');
    setOnline(true);
    expect(screen.queryByTestId('offline-banner')).toBeNull();
  });

  it('shows Install only when the browser offers it, and prompts once', async () => {
    captureInstallPrompt(window);
    renderApp(<InstallButton />);
    expect(screen.queryByRole('button', { name: 'Install Platter' })).toBeNull();
    const prompt = vi.fn(() => Promise.resolve());
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt,
      userChoice: Promise.resolve({ outcome: 'accepted', platform: 'web' }),
    });
    vi.spyOn(console, 'info').mockImplementation(() => {});
    act(() => void window.dispatchEvent(event));
    fireEvent.click(screen.getByRole('button', { name: 'Install Platter' }));
    expect(prompt).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Install Platter' })).toBeNull());
  });
});
