import type { Track } from '@platter/shared';
import { useSyncExternalStore } from 'react';
import { effectiveQuality, offlineAudioUrl, renditionUrl, setOfflineAudioUrl, usePlaybackPreferences } from '../../lib/playback';
import { canCheckStoredTracks, loadStoredTrackSchema, storedTrack } from '../../lib/stored-tracks';
import { OFFLINE_CACHE } from './cache-names';

/**
 * Tracks saved for offline listening. The audio and cover bytes live in the Cache Storage cache
 * OFFLINE_CACHE, keyed by their /media/ URL, where the service worker answers the player's
 * requests from (with Range support, so seeking works). What a track *is* (title, artist, ...)
 * lives here, in localStorage, so the Saved list and the player have it with no network.
 */
export const SAVED_TRACKS_KEY = 'platter-offline-tracks';

export interface SavedTrack {
  track: Track;
  /** Bytes of the stored audio (plus its cover), as counted when saved. */
  size: number;
  savedAt: string;
}

function storedItems(storage: Storage): unknown[] {
  try {
    const raw: unknown = JSON.parse(storage.getItem(SAVED_TRACKS_KEY) ?? '[]');
    return Array.isArray(raw) ? raw : [];
  } catch {
    return [];
  }
}

/**
 * Reads the saved list; anything malformed is dropped rather than breaking the app. The tracks are
 * checked with the shared trackSchema (lib/stored-tracks.ts): a non-empty list needs
 * `loadSavedTracks()` first.
 */
export function readSavedTracks(storage: Storage = localStorage): SavedTrack[] {
  return storedItems(storage).flatMap((item: unknown) => {
    const value = item as Partial<Record<keyof SavedTrack, unknown>> | null;
    const track = storedTrack(value?.track);
    if (!track || typeof value?.size !== 'number' || typeof value.savedAt !== 'string') return [];
    return [{ track, size: value.size, savedAt: value.savedAt }];
  });
}

/** Resolves once the saved list can be read (at once when nothing is saved). */
export async function loadSavedTracks(storage: Storage = localStorage): Promise<void> {
  if (!canCheckStoredTracks() && storedItems(storage).length > 0) await loadStoredTrackSchema();
}

const EMPTY: SavedTrack[] = [];
const listeners = new Set<() => void>();
let snapshot: SavedTrack[] | null = null;

function writeSavedTracks(items: SavedTrack[]): void {
  localStorage.setItem(SAVED_TRACKS_KEY, JSON.stringify(items));
  snapshot = items;
  for (const listener of listeners) listener();
}

function getSnapshot(): SavedTrack[] {
  if (snapshot) return snapshot;
  if (!canCheckStoredTracks() && storedItems(localStorage).length > 0) {
    // Something is saved and its schema is on its way: an empty list until then, then the list.
    void loadSavedTracks().then(refresh, (error: unknown) => console.error('saved tracks not read', error));
    return EMPTY;
  }
  snapshot = readSavedTracks();
  return snapshot;
}

function refresh(): void {
  snapshot = null;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab saved or removed something.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== SAVED_TRACKS_KEY) return;
    snapshot = null;
    listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}


/** The saved tracks, newest first; re-renders when one is saved or removed (in any tab). */
export function useSavedTracks(): SavedTrack[] {
  return useSyncExternalStore(subscribe, getSnapshot, () => EMPTY);
}

/** Where the bytes come from; a test passes its own. */
export interface OfflineDeps {
  caches: CacheStorage;
  fetch: typeof fetch;
}

const defaultDeps = (): OfflineDeps => ({ caches: window.caches, fetch: window.fetch.bind(window) });

export function isOfflineSupported(): boolean {
  return typeof window !== 'undefined' && 'caches' in window && 'serviceWorker' in navigator;
}

/** Fetches one file whole (a 200, which the cache accepts; the worker cuts ranges from it) and stores it. */
async function store(cache: Cache, fetchFn: typeof fetch, url: string): Promise<number> {
  const response = await fetchFn(url, { credentials: 'same-origin' });
  if (response.status !== 200) throw new Error(`Could not download ${url}: ${response.status}`);
  const body = await response.blob();
  const headers = new Headers(response.headers);
  headers.set('Content-Length', String(body.size));
  await cache.put(url, new Response(body, { status: 200, statusText: 'OK', headers }));
  return body.size;
}

/**
 * Saves a track for offline listening: its audio and cover into the cache, then its metadata.
 * Saving one that is already saved refreshes it.
 */
export async function saveTrackOffline(track: Track, deps: OfflineDeps = defaultDeps()): Promise<SavedTrack> {
  await loadSavedTracks();
  const cache = await deps.caches.open(OFFLINE_CACHE);
  // The file of the listener's streaming quality (data saver keeps the phone's storage small).
  const audioUrl = renditionUrl(track, effectiveQuality(usePlaybackPreferences.getState().quality));
  const previous = offlineAudioUrl(track.id);
  let size = await store(cache, deps.fetch, audioUrl);
  setOfflineAudioUrl(track.id, audioUrl);
  if (previous && previous !== audioUrl) await cache.delete(previous);
  if (track.image) {
    // A missing cover is no reason to refuse the audio: the image component shows its placeholder.
    size += await store(cache, deps.fetch, track.image).catch((error: unknown) => {
      console.error('offline cover not saved', track.id, error);
      return 0;
    });
  }
  const saved: SavedTrack = { track, size, savedAt: new Date().toISOString() };
  writeSavedTracks([saved, ...readSavedTracks().filter((item) => item.track.id !== track.id)]);
  // Ask the browser not to evict what the listener chose to keep (it may say no; nothing breaks).
  void navigator.storage?.persist?.().catch(() => false);
  return saved;
}

/** Removes saved tracks (all when no ids are given): their files, then their metadata. */
export async function removeSavedTracks(trackIds?: readonly string[], deps: OfflineDeps = defaultDeps()): Promise<void> {
  await loadSavedTracks();
  const all = readSavedTracks();
  const removing = trackIds ? all.filter((item) => trackIds.includes(item.track.id)) : all;
  const keeping = all.filter((item) => !removing.includes(item));
  // A cover shared with a track that stays saved stays too.
  const audioOf = (item: SavedTrack) => offlineAudioUrl(item.track.id) ?? item.track.url;
  const kept = new Set(keeping.flatMap((item) => [audioOf(item), item.track.image ?? '']));
  const cache = await deps.caches.open(OFFLINE_CACHE);
  for (const item of removing) {
    for (const url of [audioOf(item), item.track.image]) if (url && !kept.has(url)) await cache.delete(url);
    setOfflineAudioUrl(item.track.id, undefined);
  }
  writeSavedTracks(keeping);
}

/** The storage the saved tracks take, and what the browser reports for the whole origin. */
export async function offlineSpace(): Promise<{ usage: number | null; quota: number | null }> {
  const estimate = await navigator.storage?.estimate?.().catch(() => undefined);
  return { usage: estimate?.usage ?? null, quota: estimate?.quota ?? null };
}

/** Test hook: forget the in-memory snapshot so the next read goes to localStorage. */
export function resetSavedTracksSnapshot(): void {
  snapshot = null;
}
