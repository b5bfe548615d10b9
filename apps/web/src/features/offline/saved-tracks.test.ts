// @vitest-environment jsdom
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadStoredTrackSchema } from '../../lib/stored-tracks';
import { makeTrack } from '../../testing/fixtures';
import { OFFLINE_CACHE } from './cache-names';
import { SAVED_TRACKS_KEY, readSavedTracks, removeSavedTracks, resetSavedTracksSnapshot, saveTrackOffline, type OfflineDeps } from './saved-tracks';

/** A Cache Storage holding bodies by URL, like the browser's for what these functions use. */
function fakeCaches() {
  const stores = new Map<string, Map<string, Response>>();
  const open = (name: string) => {
    const entries = stores.get(name) ?? new Map<string, Response>();
    stores.set(name, entries);
    return Promise.resolve({
      put: (url: string, response: Response) => Promise.resolve(void entries.set(url, response)),
      delete: (url: string) => Promise.resolve(entries.delete(url)),
    } as unknown as Cache);
  };
  return { caches: { open } as unknown as CacheStorage, urls: (name = OFFLINE_CACHE) => [...(stores.get(name)?.keys() ?? [])].sort() };
}

function serving(files: Record<string, number>): typeof fetch {
  return vi.fn((url: string | URL | Request) => {
    const size = files[String(url)];
    return Promise.resolve(
      size === undefined ? new Response('missing', { status: 404 }) : new Response(new Uint8Array(size), { headers: { 'Content-Type': 'audio/mpeg' } }),
    );
  }) as unknown as typeof fetch;
}

// Reading a stored list needs the shared trackSchema (lib/stored-tracks.ts).
beforeAll(() => loadStoredTrackSchema());

beforeEach(() => {
  localStorage.clear();
  resetSavedTracksSnapshot();
});

describe('saving tracks for offline listening', () => {
  it('stores the audio and the cover in the offline cache and keeps the track with its size', async () => {
    const { caches, urls } = fakeCaches();
    const deps: OfflineDeps = { caches, fetch: serving({ '/media/a.mp3': 3000, '/media/images/a.webp': 200 }) };
    const track = makeTrack({ id: 'a', url: '/media/a.mp3', image: '/media/images/a.webp' });
    const saved = await saveTrackOffline(track, deps);
    expect(saved.size).toBe(3200);
    expect(urls()).toEqual(['/media/a.mp3', '/media/images/a.webp']);
    expect(readSavedTracks().map((item) => [item.track.id, item.size])).toEqual([['a', 3200]]);
  });

  it('lists the newest first, and saving again refreshes rather than duplicates', async () => {
    const { caches } = fakeCaches();
    const deps: OfflineDeps = { caches, fetch: serving({ '/media/a.mp3': 10, '/media/b.mp3': 20 }) };
    await saveTrackOffline(makeTrack({ id: 'a', url: '/media/a.mp3' }), deps);
    await saveTrackOffline(makeTrack({ id: 'b', url: '/media/b.mp3' }), deps);
    await saveTrackOffline(makeTrack({ id: 'a', url: '/media/a.mp3' }), deps);
    expect(readSavedTracks().map((item) => item.track.id)).toEqual(['a', 'b']);
  });

  it('refuses when the audio cannot be downloaded, and saves nothing', async () => {
    const { caches, urls } = fakeCaches();
    await expect(saveTrackOffline(makeTrack({ id: 'x', url: '/media/x.mp3' }), { caches, fetch: serving({}) })).rejects.toThrow(/404/);
    expect(urls()).toEqual([]);
    expect(readSavedTracks()).toEqual([]);
  });

  it('still saves the audio when only the cover fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { caches, urls } = fakeCaches();
    const saved = await saveTrackOffline(makeTrack({ id: 'a', url: '/media/a.mp3', image: '/media/gone.webp' }), {
      caches,
      fetch: serving({ '/media/a.mp3': 50 }),
    });
    expect(saved.size).toBe(50);
    expect(urls()).toEqual(['/media/a.mp3']);
  });

  it('removes one track (keeping a cover another saved track shows) or all of them', async () => {
    const { caches, urls } = fakeCaches();
    const deps: OfflineDeps = { caches, fetch: serving({ '/media/a.mp3': 1, '/media/b.mp3': 1, '/media/c.mp3': 1, '/media/cover.webp': 1 }) };
    for (const id of ['a', 'b', 'c']) await saveTrackOffline(makeTrack({ id, url: `/media/${id}.mp3`, image: id === 'c' ? null : '/media/cover.webp' }), deps);
    await removeSavedTracks(['a'], deps);
    expect(urls()).toEqual(['/media/b.mp3', '/media/c.mp3', '/media/cover.webp']);
    expect(readSavedTracks().map((item) => item.track.id)).toEqual(['c', 'b']);
    await removeSavedTracks(undefined, deps);
    expect(urls()).toEqual([]);
    expect(readSavedTracks()).toEqual([]);
  });

  it('reads a damaged list as empty and drops malformed entries', () => {
    localStorage.setItem(SAVED_TRACKS_KEY, '{oops');
    expect(readSavedTracks()).toEqual([]);
    const good = { track: makeTrack({ id: 'g' }), size: 5, savedAt: '2026-11-21T10:00:00.000Z' };
    localStorage.setItem(SAVED_TRACKS_KEY, JSON.stringify([{ track: { id: 'bad' }, size: 1, savedAt: 'x' }, good]));
    expect(readSavedTracks()).toEqual([good]);
  });
});
