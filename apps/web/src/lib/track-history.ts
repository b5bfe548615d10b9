import type { Track } from '@platter/shared';
import { canCheckStoredTracks, loadStoredTrackSchema, storedTrack } from './stored-tracks';

/**
 * The listener's local history (SPEC 3 and 9): `trackHistory` in localStorage keeps the last 20
 * tracks, newest first, one per id; the session's `history` in sessionStorage keeps the last 15,
 * one per title. Both are written on each counted start of a track (see features/player/listens.ts).
 * Unreadable or malformed data reads as an empty list; storage that refuses writes is ignored.
 * A stored list is checked with the shared trackSchema (lib/stored-tracks.ts): call
 * `loadTrackHistory()` before reading one.
 */
export const TRACK_HISTORY_KEY = 'trackHistory';
export const SESSION_HISTORY_KEY = 'history';
export const TRACK_HISTORY_LIMIT = 20;
export const SESSION_HISTORY_LIMIT = 15;

function storageOf(kind: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window[kind];
  } catch {
    return null;
  }
}

function storedList(storage: Storage | null, key: string): unknown[] {
  if (!storage) return [];
  try {
    const parsed: unknown = JSON.parse(storage.getItem(key) ?? '[]');
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}

function readList(storage: Storage | null, key: string): Track[] {
  return storedList(storage, key).flatMap((item) => {
    const track = storedTrack(item);
    return track ? [track] : [];
  });
}

/** Resolves once the stored histories can be read (at once when both are empty). */
export async function loadTrackHistory(): Promise<void> {
  if (canCheckStoredTracks()) return;
  const stored = [...storedList(storageOf('localStorage'), TRACK_HISTORY_KEY), ...storedList(storageOf('sessionStorage'), SESSION_HISTORY_KEY)];
  if (stored.length > 0) await loadStoredTrackSchema();
}

function writeList(storage: Storage | null, key: string, tracks: Track[]): void {
  try {
    storage?.setItem(key, JSON.stringify(tracks));
  } catch {
    // Full or disabled storage: history is a convenience, playback goes on.
  }
}

/** Puts `track` first, drops older entries with the same `keyOf`, and keeps at most `limit`. */
export function addToHistory(list: readonly Track[], track: Track, keyOf: (track: Track) => string, limit: number): Track[] {
  const key = keyOf(track);
  return [track, ...list.filter((item) => keyOf(item) !== key)].slice(0, limit);
}

export function readTrackHistory(): Track[] {
  return readList(storageOf('localStorage'), TRACK_HISTORY_KEY);
}

export function readSessionHistory(): Track[] {
  return readList(storageOf('sessionStorage'), SESSION_HISTORY_KEY);
}

/** Records one counted start in both histories (after reading them: loadTrackHistory). */
export async function recordLocalHistory(track: Track): Promise<void> {
  await loadTrackHistory();
  const local = storageOf('localStorage');
  writeList(local, TRACK_HISTORY_KEY, addToHistory(readTrackHistory(), track, (item) => item.id, TRACK_HISTORY_LIMIT));
  const session = storageOf('sessionStorage');
  writeList(session, SESSION_HISTORY_KEY, addToHistory(readSessionHistory(), track, (item) => item.title, SESSION_HISTORY_LIMIT));
}
