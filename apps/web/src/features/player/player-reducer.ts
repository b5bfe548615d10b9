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
  /**
   * The browser refused to start sound because nobody has touched this page yet (autoplay policy):
   * a remote command or a restored queue asked to play. Cleared when sound starts or the listener
   * pauses; the player shows "Tap to play" meanwhile.
   */
  blocked: boolean;
  /**
   * What happens when the last entry ends: 'off' stops there (back on the first entry, paused),
   * 'all' wraps to the first, 'one' restarts the entry that ended. Next and previous always wrap
   * (SPEC 4), whatever the mode.
   */
  repeat: RepeatMode;
  /**
   * Non-null while shuffle is on. `queue` then holds the shuffled play order (so Up Next,
   * next/previous and gapless preloading all follow it unchanged), and this keeps the order the
   * entries had before, by entry id, to put them back when shuffle is turned off.
   */
  shuffle: { originalOrder: string[] } | null;
  /** The listener's volume, 0–1, applied to the audio elements on top of any crossfade ramp. */
  volume: number;
  muted: boolean;
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

export type RepeatMode = 'off' | 'all' | 'one';
export const REPEAT_MODES: readonly RepeatMode[] = ['off', 'all', 'one'];

/**
 * Actions that may reorder at random carry a `seed`, drawn by their action creator, so the reducer
 * stays a pure function: the same actions replay to the same order.
 */
export type PlayerAction =
  | { type: 'setList'; entries: QueueEntry[]; startIndex: number; seed: number }
  | { type: 'play' }
  | { type: 'pause' }
  | { type: 'togglePlay' }
  | { type: 'playing' }
  | { type: 'paused' }
  | { type: 'playFailed'; blocked?: boolean }
  | { type: 'next' }
  | { type: 'previous' }
  | { type: 'ended' }
  | { type: 'advanced'; entryId: string }
  | { type: 'playNext'; entries: QueueEntry[] }
  | { type: 'enqueue'; entries: QueueEntry[]; seed: number }
  | { type: 'removeEntry'; entryId: string }
  | { type: 'moveEntry'; entryId: string; toIndex: number }
  | { type: 'clearUpcoming' }
  | { type: 'refreshTracks'; tracks: readonly Track[] }
  | { type: 'jumpTo'; entryId: string }
  | { type: 'setCrossfade'; seconds: number }
  | { type: 'toggleRepeat' }
  | { type: 'setRepeat'; mode: RepeatMode }
  | { type: 'toggleShuffle'; seed: number }
  | { type: 'setVolume'; volume: number }
  | { type: 'toggleMute' }
  | { type: 'toggleFullScreen' }
  | { type: 'seek'; to: number }
  | { type: 'timeUpdate'; position: number }
  | { type: 'durationChange'; duration: number | null };

export const initialPlayerState: PlayerState = {
  queue: [],
  current: null,
  wantsToPlay: false,
  playing: false,
  blocked: false,
  repeat: 'off',
  shuffle: null,
  volume: 1,
  muted: false,
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

const newSeed = () => Math.floor(Math.random() * 2 ** 32);

export const playerActions = {
  setList: (tracks: readonly Track[], startIndex: number): PlayerAction => ({
    type: 'setList',
    entries: toEntries(tracks),
    startIndex,
    seed: newSeed(),
  }),
  play: (): PlayerAction => ({ type: 'play' }),
  pause: (): PlayerAction => ({ type: 'pause' }),
  togglePlay: (): PlayerAction => ({ type: 'togglePlay' }),
  playing: (): PlayerAction => ({ type: 'playing' }),
  paused: (): PlayerAction => ({ type: 'paused' }),
  /** `blocked`: the browser wants a tap on the page before it plays sound. */
  playFailed: (blocked = false): PlayerAction => ({ type: 'playFailed', blocked }),
  next: (): PlayerAction => ({ type: 'next' }),
  previous: (): PlayerAction => ({ type: 'previous' }),
  ended: (): PlayerAction => ({ type: 'ended' }),
  advanced: (entryId: string): PlayerAction => ({ type: 'advanced', entryId }),
  playNext: (tracks: readonly Track[]): PlayerAction => ({ type: 'playNext', entries: toEntries(tracks) }),
  enqueue: (tracks: readonly Track[]): PlayerAction => ({ type: 'enqueue', entries: toEntries(tracks), seed: newSeed() }),
  removeEntry: (entryId: string): PlayerAction => ({ type: 'removeEntry', entryId }),
  moveEntry: (entryId: string, toIndex: number): PlayerAction => ({ type: 'moveEntry', entryId, toIndex }),
  clearUpcoming: (): PlayerAction => ({ type: 'clearUpcoming' }),
  /** Newer copies of tracks (an edited title, a new cover, new counts) replace the queued copies. */
  refreshTracks: (tracks: readonly Track[]): PlayerAction => ({ type: 'refreshTracks', tracks }),
  jumpTo: (entryId: string): PlayerAction => ({ type: 'jumpTo', entryId }),
  setCrossfade: (seconds: number): PlayerAction => ({ type: 'setCrossfade', seconds }),
  toggleRepeat: (): PlayerAction => ({ type: 'toggleRepeat' }),
  setRepeat: (mode: RepeatMode): PlayerAction => ({ type: 'setRepeat', mode }),
  toggleShuffle: (): PlayerAction => ({ type: 'toggleShuffle', seed: newSeed() }),
  setVolume: (volume: number): PlayerAction => ({ type: 'setVolume', volume }),
  toggleMute: (): PlayerAction => ({ type: 'toggleMute' }),
  toggleFullScreen: (): PlayerAction => ({ type: 'toggleFullScreen' }),
  seek: (to: number): PlayerAction => ({ type: 'seek', to }),
  timeUpdate: (position: number): PlayerAction => ({ type: 'timeUpdate', position }),
  durationChange: (duration: number | null): PlayerAction => ({ type: 'durationChange', duration }),
};

export function currentEntry(state: Pick<PlayerState, 'queue' | 'current'>): QueueEntry | null {
  return state.current === null ? null : (state.queue[state.current] ?? null);
}

export const CROSSFADE_MAX = 12;
/** The volume an unmute restores when the volume had been brought down to nothing. */
export const UNMUTE_VOLUME = 0.5;

/** What the elements should sound at, 0–1, before any crossfade ramp. */
export function outputVolume(state: Pick<PlayerState, 'volume' | 'muted'>): number {
  return state.muted ? 0 : state.volume;
}

/** Entries after the current one, in play order (what the Up Next panel shows). */
export function upcomingEntries(state: Pick<PlayerState, 'queue' | 'current'>): QueueEntry[] {
  return state.current === null ? state.queue : state.queue.slice(state.current + 1);
}

/**
 * What plays when the current entry ends by itself: the same entry with repeat one, else the next
 * one, wrapping from the last to the first with repeat all (and nothing after the last with repeat
 * off). The audio adapter preloads it for gapless playback.
 */
export function followingEntry(state: Pick<PlayerState, 'queue' | 'current' | 'repeat'>): QueueEntry | null {
  if (state.current === null || state.queue.length === 0) return null;
  if (state.repeat === 'one') return currentEntry(state);
  if (state.repeat === 'off' && state.current === state.queue.length - 1) return null;
  return state.queue[(state.current + 1) % state.queue.length] ?? null;
}

/** A small seeded generator (mulberry32): a shuffle is a pure function of its action's seed. */
function seededRandom(seed: number): () => number {
  let value = seed >>> 0;
  return () => {
    value = (value + 0x6d2b79f5) >>> 0;
    let t = value;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Fisher–Yates with the seeded generator. */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  const random = seededRandom(seed);
  const result = [...items];
  for (let i = result.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [result[i], result[j]] = [result[j]!, result[i]!];
  }
  return result;
}

/** `first` (if any) leads, the rest follow in a random order: every entry once before a wrap. */
function shuffleAround(entries: readonly QueueEntry[], first: QueueEntry | null, seed: number): QueueEntry[] {
  if (!first) return shuffled(entries, seed);
  return [first, ...shuffled(entries.filter((entry) => entry.entryId !== first.entryId), seed)];
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

/** Shuffle on: the current entry stays current and leads; the others follow in a random order. */
function shuffleOn(state: PlayerState, seed: number): PlayerState {
  const originalOrder = state.queue.map((entry) => entry.entryId);
  return { ...withQueue(state, shuffleAround(state.queue, currentEntry(state), seed)), shuffle: { originalOrder } };
}

/**
 * Shuffle off: the entries go back to the order they had (entries removed meanwhile are gone;
 * any the original order does not know keep their place at the end). The current one stays current.
 */
function shuffleOff(state: PlayerState, originalOrder: readonly string[]): PlayerState {
  const byId = new Map(state.queue.map((entry) => [entry.entryId, entry]));
  const restored = originalOrder.flatMap((entryId) => {
    const entry = byId.get(entryId);
    byId.delete(entryId);
    return entry ? [entry] : [];
  });
  return { ...withQueue(state, [...restored, ...byId.values()]), shuffle: null };
}

/** Inserts each added entry at a random place among the upcoming ones (after the current entry). */
function insertShuffled(state: PlayerState, entries: readonly QueueEntry[], seed: number): QueueEntry[] {
  const random = seededRandom(seed);
  const from = state.current === null ? 0 : state.current + 1;
  let queue = state.queue;
  for (const entry of entries) {
    const at = from + Math.floor(random() * (queue.length - from + 1));
    queue = queue.toSpliced(at, 0, entry);
  }
  return queue;
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
      const picked = action.entries[action.startIndex];
      if (!picked) return state;
      const playingNow = currentEntry(state);
      // The same track picked again from a fresh list keeps its entry, so the audio continues
      // instead of reloading from zero.
      const keep = playingNow && playingNow.track.id === picked.track.id ? playingNow : null;
      const target = keep ?? picked;
      const entries = keep ? action.entries.with(action.startIndex, keep) : action.entries;
      // While shuffle is on, a new list is shuffled too, from the picked entry.
      const queue = state.shuffle ? shuffleAround(entries, target, action.seed) : entries;
      const shuffle = state.shuffle ? { originalOrder: entries.map((entry) => entry.entryId) } : null;
      const index = queue.indexOf(target);
      if (keep) return { ...state, queue, shuffle, current: index, wantsToPlay: true };
      return selectIndex({ ...state, queue, shuffle, current: null }, index);
    }
    case 'play':
      return currentEntry(state) ? { ...state, wantsToPlay: true } : state;
    case 'pause':
      return { ...state, wantsToPlay: false, blocked: false };
    case 'togglePlay':
      return playerReducer(state, { type: state.wantsToPlay ? 'pause' : 'play' });
    case 'playing':
      return { ...state, playing: true, wantsToPlay: true, blocked: false };
    case 'paused':
      return { ...state, playing: false, wantsToPlay: false };
    case 'playFailed':
      return { ...state, playing: false, wantsToPlay: false, blocked: action.blocked ?? false };
    case 'next':
      return step(state, 1);
    case 'previous':
      return step(state, -1);
    case 'ended': {
      if (state.current === null || !currentEntry(state)) return state;
      if (state.repeat === 'one') return restart(state);
      if (state.repeat === 'all' || state.current < state.queue.length - 1) return step(state, 1);
      // Repeat off and the last entry ended: back to the first, waiting for the listener.
      return { ...selectIndex(state, 0), wantsToPlay: false };
    }
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
      const ids = action.entries.map((entry) => entry.entryId);
      // Unshuffled, they come right after the entry that is current now.
      const original = state.shuffle?.originalOrder;
      const after = (original?.indexOf(currentEntry(state)?.entryId ?? '') ?? -1) + 1;
      const queued = {
        ...withQueue(state, state.queue.toSpliced(at, 0, ...action.entries)),
        shuffle: original ? { originalOrder: original.toSpliced(after, 0, ...ids) } : null,
      };
      return state.current === null ? selectIndex(queued, 0) : queued;
    }
    case 'enqueue': {
      if (action.entries.length === 0) return state;
      if (state.shuffle) {
        const originalOrder = [...state.shuffle.originalOrder, ...action.entries.map((entry) => entry.entryId)];
        const queued = { ...withQueue(state, insertShuffled(state, action.entries, action.seed)), shuffle: { originalOrder } };
        return state.current === null ? selectIndex(queued, 0) : queued;
      }
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
    case 'refreshTracks':
      return refreshTracks(state, action.tracks);
    case 'jumpTo': {
      const index = state.queue.findIndex((entry) => entry.entryId === action.entryId);
      return index === -1 ? state : selectIndex(state, index);
    }
    case 'setCrossfade': {
      const seconds = Number.isFinite(action.seconds) ? action.seconds : 0;
      return { ...state, crossfade: Math.min(Math.max(0, seconds), CROSSFADE_MAX) };
    }
    case 'toggleRepeat': {
      // off → all → one → off
      const next = REPEAT_MODES[(REPEAT_MODES.indexOf(state.repeat) + 1) % REPEAT_MODES.length] ?? 'off';
      return { ...state, repeat: next };
    }
    case 'setRepeat':
      return REPEAT_MODES.includes(action.mode) ? { ...state, repeat: action.mode } : state;
    case 'toggleShuffle':
      return state.shuffle ? shuffleOff(state, state.shuffle.originalOrder) : shuffleOn(state, action.seed);
    case 'setVolume': {
      if (!Number.isFinite(action.volume)) return state;
      const volume = Math.min(Math.max(0, action.volume), 1);
      // Choosing a volume is a wish to hear it: anything above zero unmutes.
      return { ...state, volume, muted: volume > 0 ? false : state.muted };
    }
    case 'toggleMute':
      if (state.muted || state.volume === 0) return { ...state, muted: false, volume: state.volume || UNMUTE_VOLUME };
      return { ...state, muted: true };
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

/** The fields a listener sees of a queued track; a change in one of them replaces the queued copy. */
const SHOWN_FIELDS = ['title', 'artist', 'artistId', 'genre', 'image', 'duration', 'url', 'likes', 'listens', 'waveform', 'hidden'] as const;

/**
 * Replaces queued copies of the given tracks where what they show changed; entries, order and
 * playback stay as they are. Returns the same state when nothing changed, so a refetched list that
 * brings nothing new re-renders nothing.
 */
function refreshTracks(state: PlayerState, tracks: readonly Track[]): PlayerState {
  if (state.queue.length === 0 || tracks.length === 0) return state;
  const fresh = new Map(tracks.map((track) => [track.id, track]));
  let changed = false;
  const queue = state.queue.map((entry) => {
    const track = fresh.get(entry.track.id);
    if (!track || SHOWN_FIELDS.every((field) => track[field] === entry.track[field])) return entry;
    changed = true;
    return { ...entry, track };
  });
  return changed ? { ...state, queue } : state;
}
