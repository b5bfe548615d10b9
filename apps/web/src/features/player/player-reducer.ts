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
  toggleRepeat: (): PlayerAction => ({ type: 'toggleRepeat' }),
  toggleFullScreen: (): PlayerAction => ({ type: 'toggleFullScreen' }),
  seek: (to: number): PlayerAction => ({ type: 'seek', to }),
  timeUpdate: (position: number): PlayerAction => ({ type: 'timeUpdate', position }),
  durationChange: (duration: number | null): PlayerAction => ({ type: 'durationChange', duration }),
};

export function currentEntry(state: Pick<PlayerState, 'queue' | 'current'>): QueueEntry | null {
  return state.current === null ? null : (state.queue[state.current] ?? null);
}

function restart(state: PlayerState): PlayerState {
  return { ...state, wantsToPlay: true, position: 0, seek: { to: 0, seq: (state.seek?.seq ?? 0) + 1 } };
}

/** Changing the current track always plays it (SPEC 4); re-selecting the same slot restarts it. */
function selectIndex(state: PlayerState, index: number): PlayerState {
  if (index === state.current) return restart(state);
  return { ...state, current: index, wantsToPlay: true, position: 0, duration: null };
}

function step(state: PlayerState, delta: 1 | -1): PlayerState {
  const size = state.queue.length;
  if (size === 0) return state;
  if (state.current === null) return selectIndex(state, delta === 1 ? 0 : size - 1);
  return selectIndex(state, (state.current + delta + size) % size);
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
