import type { Track } from '@platter/shared';
import { create, createStore, type StateCreator } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { i18n } from '../../i18n/i18n';
import { loadContracts, type Contracts } from '../../lib/contracts';
import {
  CROSSFADE_MAX,
  initialPlayerState,
  playerActions,
  playerReducer,
  type PlayerAction,
  type PlayerState,
  type QueueEntry,
  type RepeatMode,
} from './player-reducer';

/**
 * The player's state plus its named actions. Other features call these through
 * `usePlayerStore.getState()` (a track's '...' sheet: `playNext([track])`, `enqueue([track])`).
 */
export interface PlayerStore extends PlayerState {
  dispatch: (action: PlayerAction) => void;
  /** Replaces the active list and plays `tracks[startIndex]`. */
  setList: (tracks: readonly Track[], startIndex: number) => void;
  /** Inserts after the current entry (starts them if nothing is current). */
  playNext: (tracks: readonly Track[]) => void;
  /** Appends to the end of the queue (starts the first if nothing is current). */
  enqueue: (tracks: readonly Track[]) => void;
  removeEntry: (entryId: string) => void;
  moveEntry: (entryId: string, toIndex: number) => void;
  clearUpcoming: () => void;
  setCrossfade: (seconds: number) => void;
  /**
   * Plays the track of the active list with this id; alerts 'Track not found' (SPEC 8) when the
   * list does not hold it. Returns whether it was found.
   */
  playTrackById: (trackId: string) => boolean;
}

/**
 * The only slice that survives a reload: what was queued, where, and the listener's choices
 * (repeat, shuffle with the order to go back to, crossfade, volume and mute).
 */
export type PersistedPlayer = Pick<PlayerState, 'queue' | 'current' | 'repeat' | 'shuffle' | 'crossfade' | 'volume' | 'muted'>;

export const PLAYER_STORAGE_KEY = 'platter-player';

export function persistedSlice(state: PlayerState): PersistedPlayer {
  const { queue, current, repeat, shuffle, crossfade, volume, muted } = state;
  return { queue, current, repeat, shuffle, crossfade, volume, muted };
}

/** Repeat was a boolean meaning "repeat one" before the three modes; it still reads back. */
function restoreRepeat(value: unknown): RepeatMode {
  if (value === true) return 'one';
  return value === 'all' || value === 'one' ? value : 'off';
}

/** Shuffle's original order, as far as it names entries of the restored queue. */
function restoreShuffle(value: unknown, queue: readonly QueueEntry[]): PersistedPlayer['shuffle'] {
  const order = (value as { originalOrder?: unknown } | null)?.originalOrder;
  if (!Array.isArray(order)) return null;
  const known = new Set(queue.map((entry) => entry.entryId));
  return { originalOrder: order.filter((id): id is string => typeof id === 'string' && known.has(id)) };
}

/**
 * Reads back what localStorage held; anything malformed (or from an older shape) is dropped. The
 * queue's tracks are checked with the shared `trackSchema`; without it (never loaded) the queue is
 * dropped too.
 */
export function restorePersisted(raw: unknown, trackSchema: Contracts['trackSchema'] | null): Partial<PersistedPlayer> {
  if (typeof raw !== 'object' || raw === null) return {};
  const value = raw as Record<string, unknown>;
  const queue: QueueEntry[] = [];
  if (Array.isArray(value.queue)) {
    for (const item of value.queue as unknown[]) {
      const entry = item as { entryId?: unknown; track?: unknown } | null;
      const track = trackSchema?.safeParse(entry?.track);
      if (typeof entry?.entryId === 'string' && track?.success) queue.push({ entryId: entry.entryId, track: track.data });
    }
  }
  const current =
    typeof value.current === 'number' && Number.isInteger(value.current) && value.current >= 0 && value.current < queue.length
      ? value.current
      : null;
  const crossfade =
    typeof value.crossfade === 'number' && value.crossfade >= 0 && value.crossfade <= CROSSFADE_MAX ? value.crossfade : 0;
  const volume = typeof value.volume === 'number' && value.volume >= 0 && value.volume <= 1 ? value.volume : 1;
  return {
    queue,
    current,
    repeat: restoreRepeat(value.repeat),
    shuffle: restoreShuffle(value.shuffle, queue),
    crossfade,
    volume,
    muted: value.muted === true,
  };
}

const playerStoreCreator: StateCreator<PlayerStore> = (set, get) => {
  const dispatch = (action: PlayerAction) => set((state) => playerReducer(state, action));
  return {
    ...initialPlayerState,
    dispatch,
    setList: (tracks, startIndex) => dispatch(playerActions.setList(tracks, startIndex)),
    playNext: (tracks) => dispatch(playerActions.playNext(tracks)),
    enqueue: (tracks) => dispatch(playerActions.enqueue(tracks)),
    removeEntry: (entryId) => dispatch(playerActions.removeEntry(entryId)),
    moveEntry: (entryId, toIndex) => dispatch(playerActions.moveEntry(entryId, toIndex)),
    clearUpcoming: () => dispatch(playerActions.clearUpcoming()),
    setCrossfade: (seconds) => dispatch(playerActions.setCrossfade(seconds)),
    playTrackById: (trackId) => {
      const entry = get().queue.find((candidate) => candidate.track.id === trackId);
      if (!entry) {
        console.error('Трек не найден или массив треков пуст', trackId);
        window.alert(i18n.t('player.trackNotFound'));
        return false;
      }
      dispatch(playerActions.jumpTo(entry.entryId));
      return true;
    },
  };
};

/** A store without persistence, for tests and isolated players. */
export const createPlayerStore = () => createStore<PlayerStore>()(playerStoreCreator);

/** The shared trackSchema the stored queue is checked with, once hydratePlayerStore loaded it. */
let storedTrackSchema: Contracts['trackSchema'] | null = null;

/** The app's one player. It reads its stored state back in hydratePlayerStore, before the first render. */
export const usePlayerStore = create<PlayerStore>()(
  persist(playerStoreCreator, {
    name: PLAYER_STORAGE_KEY,
    version: 1,
    storage: createJSONStorage(() => localStorage),
    partialize: persistedSlice,
    skipHydration: true,
    merge: (persisted, current) => ({ ...current, ...restorePersisted(persisted, storedTrackSchema) }),
  }),
);

/** Whether localStorage holds a queue to restore (whose tracks need the schemas to be checked). */
function hasStoredQueue(): boolean {
  try {
    const stored = JSON.parse(localStorage.getItem(PLAYER_STORAGE_KEY) ?? 'null') as { state?: { queue?: unknown } } | null;
    return Array.isArray(stored?.state?.queue) && stored.state.queue.length > 0;
  } catch {
    return false;
  }
}

/**
 * Restores the stored player (queue, position, modes, volume). main.tsx waits for it before the
 * first render, so every component sees the restored state from the start, as before. The shared
 * schemas (lib/contracts.ts) are loaded for it only when there is a queue to check: a first visit
 * paints without them.
 */
export async function hydratePlayerStore(): Promise<void> {
  if (hasStoredQueue()) {
    try {
      storedTrackSchema = (await loadContracts()).trackSchema;
    } catch (error) {
      // Their chunk did not arrive (offline before the app was cached): the app starts without the queue.
      console.error('player queue not restored', error);
    }
  }
  await usePlayerStore.persist.rehydrate();
}
