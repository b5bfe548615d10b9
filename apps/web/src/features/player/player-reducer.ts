import type { Track } from '@platter/shared';

/** One slot in the active list. `entryId` is its own identity, so one track may be queued twice. */
export interface QueueEntry {
  entryId: string;
  track: Track;
}

export interface PlayerState {
  queue: QueueEntry[];
  /** Index into `queue`; null until something is picked. */
  current: number | null;
  /** What the listener asked for; the audio adapter works to make the element match it. */
  wantsToPlay: boolean;
  /** What the audio element reports through its play and pause events. */
  playing: boolean;
  repeat: boolean;
  fullScreen: boolean;
  /** Seconds the end of one track overlaps the start of the next; 0 is plain gapless. */
  crossfade: number;
  /**
   * Grows by one whenever playback of an entry (re)starts from its beginning: a pick, next or
   * previous, an advance at the end, a restart by repeat. A resume after pause keeps it, so
   * "one counted listen per playId that reached `playing`" is the listen rule.
   */
  playId: number;
  /** Seconds, as last reported by the audio element (or set by a seek). */
  position: number;
  /** Seconds, as reported by the audio element; null until its metadata is known. */
  duration: number | null;
  /**
   * The latest jump asked of the element. `seq` only grows, so the adapter applies each seek once,
   * even two seeks to the same second.
   */
  seek: { to: number; seq: number } | null;
}

export type PlayerAction =
  | { type: 'setList'; entries: QueueEntry[]; startIndex: number }
  | { type: 'play' }
  | { type: 'pause' }
  | { type: 'togglePlay' }
  | { type: 'playing' }
  | { type: 'paused' }
  | { type: 'playFailed' }
  | { type: 'next' }
  | { type: 'previous' }
  | { type: 'ended' }
  | { type: 'advanced'; entryId: string }
  | { type: 'playNext'; entries: QueueEntry[] }
  | { type: 'enqueue'; entries: QueueEntry[] }
  | { type: 'removeEntry'; entryId: string }
  | { type: 'moveEntry'; entryId: string; toIndex: number }
  | { type: 'clearUpcoming' }
  | { type: 'jumpTo'; entryId: string }
  | { type: 'setCrossfade'; seconds: number }
  | { type: 'toggleRepeat' }
  | { type: 'toggleFullScreen' }
  | { type: 'seek'; to: number }
  | { type: 'timeUpdate'; position: number }
  | { type: 'durationChange'; duration: number | null };

export const initialPlayerState: PlayerState = {
  queue: [],
  current: null,
  wantsToPlay: false,
  playing: false,
  repeat: false,
  fullScreen: false,
  crossfade: 0,
  playId: 0,
  position: 0,
  duration: null,
  seek: null,
};

let entrySeq = 0;
const sessionPrefix = Date.now().toString(36);

/** Gives each track a fresh queue entry id. Impure on purpose: the reducer only receives entries. */
function toEntries(tracks: readonly Track[]): QueueEntry[] {
  return tracks.map((track) => ({ entryId: `${sessionPrefix}-${(entrySeq += 1)}`, track }));
}

export const playerActions = {
  setList: (tracks: readonly Track[], startIndex: number): PlayerAction => ({
    type: 'setList',
    entries: toEntries(tracks),
    startIndex,
  }),
  play: (): PlayerAction => ({ type: 'play' }),
  pause: (): PlayerAction => ({ type: 'pause' }),
  togglePlay: (): PlayerAction => ({ type: 'togglePlay' }),
  playing: (): PlayerAction => ({ type: 'playing' }),
  paused: (): PlayerAction => ({ type: 'paused' }),
  playFailed: (): PlayerAction => ({ type: 'playFailed' }),
  next: (): PlayerAction => ({ type: 'next' }),
  previous: (): PlayerAction => ({ type: 'previous' }),
  ended: (): PlayerAction => ({ type: 'ended' }),
  advanced: (entryId: string): PlayerAction => ({ type: 'advanced', entryId }),
  playNext: (tracks: readonly Track[]): PlayerAction => ({ type: 'playNext', entries: toEntries(tracks) }),
  enqueue: (tracks: readonly Track[]): PlayerAction => ({ type: 'enqueue', entries: toEntries(tracks) }),
  removeEntry: (entryId: string): PlayerAction => ({ type: 'removeEntry', entryId }),
  moveEntry: (entryId: string, toIndex: number): PlayerAction => ({ type: 'moveEntry', entryId, toIndex }),
  clearUpcoming: (): PlayerAction => ({ type: 'clearUpcoming' }),
  jumpTo: (entryId: string): PlayerAction => ({ type: 'jumpTo', entryId }),
  setCrossfade: (seconds: number): PlayerAction => ({ type: 'setCrossfade', seconds }),
  toggleRepeat: (): PlayerAction => ({ type: 'toggleRepeat' }),
  toggleFullScreen: (): PlayerAction => ({ type: 'toggleFullScreen' }),
  seek: (to: number): PlayerAction => ({ type: 'seek', to }),
  timeUpdate: (position: number): PlayerAction => ({ type: 'timeUpdate', position }),
  durationChange: (duration: number | null): PlayerAction => ({ type: 'durationChange', duration }),
};

export function currentEntry(state: Pick<PlayerState, 'queue' | 'current'>): QueueEntry | null {
  return state.current === null ? null : (state.queue[state.current] ?? null);
}

export const CROSSFADE_MAX = 12;

/** Entries after the current one, in play order (what the Up Next panel shows). */
export function upcomingEntries(state: Pick<PlayerState, 'queue' | 'current'>): QueueEntry[] {
  return state.current === null ? state.queue : state.queue.slice(state.current + 1);
}

/**
 * What plays when the current entry ends by itself: the same entry with repeat on, else the next
 * one, wrapping from the last to the first. The audio adapter preloads it for gapless playback.
 */
export function followingEntry(state: Pick<PlayerState, 'queue' | 'current' | 'repeat'>): QueueEntry | null {
  if (state.current === null || state.queue.length === 0) return null;
  if (state.repeat) return currentEntry(state);
  return state.queue[(state.current + 1) % state.queue.length] ?? null;
}

function restart(state: PlayerState): PlayerState {
  return {
    ...state,
    wantsToPlay: true,
    position: 0,
    playId: state.playId + 1,
    seek: { to: 0, seq: (state.seek?.seq ?? 0) + 1 },
  };
}

/** Changing the current track always plays it (SPEC 4); re-selecting the same slot restarts it. */
function selectIndex(state: PlayerState, index: number): PlayerState {
  if (index === state.current) return restart(state);
  return { ...state, current: index, wantsToPlay: true, position: 0, duration: null, playId: state.playId + 1 };
}

function step(state: PlayerState, delta: 1 | -1): PlayerState {
  const size = state.queue.length;
  if (size === 0) return state;
  if (state.current === null) return selectIndex(state, delta === 1 ? 0 : size - 1);
  return selectIndex(state, (state.current + delta + size) % size);
}

/** Replaces the queue, keeping `current` on the same entry (or null if it is gone). */
function withQueue(state: PlayerState, queue: QueueEntry[]): PlayerState {
  const playingNow = currentEntry(state);
  const current = playingNow ? queue.findIndex((entry) => entry.entryId === playingNow.entryId) : -1;
  return { ...state, queue, current: current === -1 ? null : current };
}

function removeEntry(state: PlayerState, entryId: string): PlayerState {
  const index = state.queue.findIndex((entry) => entry.entryId === entryId);
  if (index === -1) return state;
  const queue = state.queue.toSpliced(index, 1);
  if (index !== state.current) return withQueue(state, queue);
  // The current entry goes: the one that takes its place becomes current (wrapping), and plays
  // only if the removed one was playing.
  if (queue.length === 0) return { ...state, queue, current: null, wantsToPlay: false, position: 0, duration: null };
  const next = selectIndex({ ...state, queue, current: null }, index % queue.length);
  return { ...next, wantsToPlay: state.wantsToPlay };
}

function moveEntry(state: PlayerState, entryId: string, toIndex: number): PlayerState {
  const from = state.queue.findIndex((entry) => entry.entryId === entryId);
  const moved = state.queue[from];
  if (!moved) return state;
  const to = Math.min(Math.max(0, Math.trunc(toIndex)), state.queue.length - 1);
  if (to === from) return state;
  return withQueue(state, state.queue.toSpliced(from, 1).toSpliced(to, 0, moved));
}

export function playerReducer(state: PlayerState, action: PlayerAction): PlayerState {
  switch (action.type) {
    case 'setList': {
      const target = action.entries[action.startIndex];
      if (!target) return state;
      const playingNow = currentEntry(state);
      // The same track picked again from a fresh list keeps its entry, so the audio continues
      // instead of reloading from zero.
      if (playingNow && playingNow.track.id === target.track.id) {
        const entries = action.entries.with(action.startIndex, playingNow);
        return { ...state, queue: entries, current: action.startIndex, wantsToPlay: true };
      }
      return selectIndex({ ...state, queue: action.entries, current: null }, action.startIndex);
    }
    case 'play':
      return currentEntry(state) ? { ...state, wantsToPlay: true } : state;
    case 'pause':
      return { ...state, wantsToPlay: false };
    case 'togglePlay':
      return playerReducer(state, { type: state.wantsToPlay ? 'pause' : 'play' });
    case 'playing':
      return { ...state, playing: true, wantsToPlay: true };
    case 'paused':
      return { ...state, playing: false, wantsToPlay: false };
    case 'playFailed':
      return { ...state, playing: false, wantsToPlay: false };
    case 'next':
      return step(state, 1);
    case 'previous':
      return step(state, -1);
    case 'ended':
      if (!currentEntry(state)) return state;
      return state.repeat ? restart(state) : step(state, 1);
    case 'advanced': {
      // The adapter already started this entry on its other element (gapless): move on
      // without a seek, so the element that plays is left alone.
      const index = state.queue.findIndex((entry) => entry.entryId === action.entryId);
      if (index === -1) return state;
      const moved = index === state.current ? { ...state, playId: state.playId + 1 } : selectIndex(state, index);
      return { ...moved, wantsToPlay: true, position: 0 };
    }
    case 'playNext': {
      if (action.entries.length === 0) return state;
      const at = state.current === null ? 0 : state.current + 1;
      const queued = withQueue(state, state.queue.toSpliced(at, 0, ...action.entries));
      return state.current === null ? selectIndex(queued, 0) : queued;
    }
    case 'enqueue': {
      if (action.entries.length === 0) return state;
      const queued = withQueue(state, [...state.queue, ...action.entries]);
      return state.current === null ? selectIndex(queued, state.queue.length) : queued;
    }
    case 'removeEntry':
      return removeEntry(state, action.entryId);
    case 'moveEntry':
      return moveEntry(state, action.entryId, action.toIndex);
    case 'clearUpcoming':
      if (state.current === null) return { ...state, queue: [] };
      return { ...state, queue: state.queue.slice(0, state.current + 1) };
    case 'jumpTo': {
      const index = state.queue.findIndex((entry) => entry.entryId === action.entryId);
      return index === -1 ? state : selectIndex(state, index);
    }
    case 'setCrossfade': {
      const seconds = Number.isFinite(action.seconds) ? action.seconds : 0;
      return { ...state, crossfade: Math.min(Math.max(0, seconds), CROSSFADE_MAX) };
    }
    case 'toggleRepeat':
      return { ...state, repeat: !state.repeat };
    case 'toggleFullScreen':
      return { ...state, fullScreen: !state.fullScreen };
    case 'seek': {
      if (!currentEntry(state)) return state;
      const upper = state.duration ?? Number.POSITIVE_INFINITY;
      const to = Math.min(Math.max(0, action.to), upper);
      return { ...state, position: to, seek: { to, seq: (state.seek?.seq ?? 0) + 1 } };
    }
    case 'timeUpdate':
      return { ...state, position: action.position };
    case 'durationChange':
      return {
        ...state,
        duration: action.duration !== null && Number.isFinite(action.duration) ? action.duration : null,
      };
  }
}
