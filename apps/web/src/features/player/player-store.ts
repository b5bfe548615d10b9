import { trackSchema } from '@platter/shared';
import { create, createStore, type StateCreator } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import {
  initialPlayerState,
  playerReducer,
  type PlayerAction,
  type PlayerState,
  type QueueEntry,
} from './player-reducer';

export interface PlayerStore extends PlayerState {
  dispatch: (action: PlayerAction) => void;
}

/** The only slice that survives a reload: what was queued, where, and the repeat choice. */
export type PersistedPlayer = Pick<PlayerState, 'queue' | 'current' | 'repeat'>;

export const PLAYER_STORAGE_KEY = 'platter-player';

export function persistedSlice(state: PlayerState): PersistedPlayer {
  return { queue: state.queue, current: state.current, repeat: state.repeat };
}

/** Reads back what localStorage held; anything malformed (or from an older shape) is dropped. */
export function restorePersisted(raw: unknown): Partial<PersistedPlayer> {
  if (typeof raw !== 'object' || raw === null) return {};
  const value = raw as Record<string, unknown>;
  const queue: QueueEntry[] = [];
  if (Array.isArray(value.queue)) {
    for (const item of value.queue as unknown[]) {
      const entry = item as { entryId?: unknown; track?: unknown } | null;
      const track = trackSchema.safeParse(entry?.track);
      if (typeof entry?.entryId === 'string' && track.success) queue.push({ entryId: entry.entryId, track: track.data });
    }
  }
  const current =
    typeof value.current === 'number' && Number.isInteger(value.current) && value.current >= 0 && value.current < queue.length
      ? value.current
      : null;
  return { queue, current, repeat: value.repeat === true };
}

const playerStoreCreator: StateCreator<PlayerStore> = (set) => ({
  ...initialPlayerState,
  dispatch: (action) => set((state) => playerReducer(state, action)),
});

/** A store without persistence, for tests and isolated players. */
export const createPlayerStore = () => createStore<PlayerStore>()(playerStoreCreator);

/** The app's one player. */
export const usePlayerStore = create<PlayerStore>()(
  persist(playerStoreCreator, {
    name: PLAYER_STORAGE_KEY,
    version: 1,
    storage: createJSONStorage(() => localStorage),
    partialize: persistedSlice,
    merge: (persisted, current) => ({ ...current, ...restorePersisted(persisted) }),
  }),
);
