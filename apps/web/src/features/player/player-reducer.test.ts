import { describe, expect, it } from 'vitest';
import { makeTrack } from '../../testing/fixtures';
import {
  currentEntry,
  followingEntry,
  initialPlayerState,
  playerActions as a,
  playerReducer,
  type PlayerAction,
  type PlayerState,
  upcomingEntries,
} from './player-reducer';

const [t1, t2, t3] = [makeTrack({ id: 't1' }), makeTrack({ id: 't2' }), makeTrack({ id: 't3' })];

function replay(actions: PlayerAction[], from: PlayerState = initialPlayerState): PlayerState {
  return actions.reduce(playerReducer, from);
}

const currentTrackId = (state: PlayerState) => currentEntry(state)?.track.id ?? null;

describe('playerReducer', () => {
  it('starts with no current track and nothing to play', () => {
    expect(initialPlayerState.current).toBeNull();
    const state = replay([a.play(), a.next(), a.ended(), a.seek(10)]);
    expect(state.current).toBeNull();
    expect(state.wantsToPlay).toBe(false);
  });

  it('setList picks the start index and asks to play it', () => {
    const state = replay([a.setList([t1, t2, t3], 1)]);
    expect(currentTrackId(state)).toBe('t2');
    expect(state.wantsToPlay).toBe(true);
    expect(state.playing).toBe(false);
  });

  it('gives every queue entry its own id, also when one track is queued twice', () => {
    const state = replay([a.setList([t1, t2, t1], 0)]);
    const ids = state.queue.map((entry) => entry.entryId);
    expect(new Set(ids).size).toBe(3);
    expect(state.queue[0]?.track).toBe(state.queue[2]?.track);
  });

  it('playing and paused come from the audio element events', () => {
    let state = replay([a.setList([t1], 0), a.playing()]);
    expect(state.playing).toBe(true);
    state = playerReducer(state, a.paused());
    expect(state.playing).toBe(false);
    expect(state.wantsToPlay).toBe(false);
  });

  it('a user pause asks the element to pause but waits for its event to mark it paused', () => {
    const state = replay([a.setList([t1], 0), a.playing(), a.pause()]);
    expect(state.wantsToPlay).toBe(false);
    expect(state.playing).toBe(true);
  });

  it('next wraps from the last track to the first', () => {
    const state = replay([a.setList([t1, t2, t3], 2), a.next()]);
    expect(state.current).toBe(0);
  });

  it('previous wraps from the first track to the last', () => {
    const state = replay([a.setList([t1, t2, t3], 0), a.previous()]);
    expect(state.current).toBe(2);
  });

  it('changing the current track plays it, even after a pause', () => {
    const state = replay([a.setList([t1, t2], 0), a.playing(), a.pause(), a.paused(), a.next()]);
    expect(currentTrackId(state)).toBe('t2');
    expect(state.wantsToPlay).toBe(true);
  });

  it('user picks a new track while one plays, then it ends: the next one in the new list plays', () => {
    const state = replay([
      a.setList([t1, t2], 0),
      a.playing(),
      a.timeUpdate(42),
      a.setList([t3, t1, t2], 0),
      a.paused(),
      a.playing(),
      a.paused(),
      a.ended(),
    ]);
    expect(currentTrackId(state)).toBe('t1');
    expect(state.current).toBe(1);
    expect(state.wantsToPlay).toBe(true);
    expect(state.position).toBe(0);
  });

  it('when a track ends without repeat it advances, and wraps at the end of the list', () => {
    let state = replay([a.setList([t1, t2], 0), a.playing(), a.paused(), a.ended()]);
    expect(state.current).toBe(1);
    expect(state.wantsToPlay).toBe(true);
    state = replay([a.playing(), a.paused(), a.ended()], state);
    expect(state.current).toBe(0);
  });

  it('when a track ends with repeat on it restarts the same entry from zero', () => {
    const before = replay([a.setList([t1, t2], 0), a.toggleRepeat(), a.playing(), a.timeUpdate(119)]);
    const entryId = currentEntry(before)?.entryId;
    const state = replay([a.paused(), a.ended()], before);
    expect(currentEntry(state)?.entryId).toBe(entryId);
    expect(state.wantsToPlay).toBe(true);
    expect(state.seek?.to).toBe(0);
    expect(state.seek?.seq).toBeGreaterThan(before.seek?.seq ?? 0);
  });

  it('toggleRepeat flips the repeat flag', () => {
    expect(replay([a.toggleRepeat()]).repeat).toBe(true);
    expect(replay([a.toggleRepeat(), a.toggleRepeat()]).repeat).toBe(false);
  });

  it('next on a one-track list restarts it', () => {
    const state = replay([a.setList([t1], 0), a.playing(), a.timeUpdate(30), a.next()]);
    expect(state.current).toBe(0);
    expect(state.seek?.to).toBe(0);
    expect(state.wantsToPlay).toBe(true);
  });

  it('picking the track that is already current keeps its entry, so the audio is not reloaded', () => {
    const before = replay([a.setList([t1, t2], 1), a.playing(), a.pause(), a.paused()]);
    const entryId = currentEntry(before)?.entryId;
    const state = playerReducer(before, a.setList([t3, t2], 1));
    expect(currentEntry(state)?.entryId).toBe(entryId);
    expect(state.queue[0]?.track.id).toBe('t3');
    expect(state.wantsToPlay).toBe(true);
  });

  it('seek clamps to the known duration and each seek gets a new sequence number', () => {
    const state = replay([a.setList([t1], 0), a.durationChange(100), a.seek(150)]);
    expect(state.position).toBe(100);
    const again = playerReducer(state, a.seek(100));
    expect(again.seek?.seq).toBe((state.seek?.seq ?? 0) + 1);
    expect(playerReducer(state, a.seek(-5)).position).toBe(0);
  });

  it('a failed play gives up the wish to play', () => {
    const state = replay([a.setList([t1], 0), a.playFailed()]);
    expect(state.wantsToPlay).toBe(false);
    expect(state.playing).toBe(false);
  });

  it('toggleFullScreen flips the full-screen flag', () => {
    expect(replay([a.toggleFullScreen()]).fullScreen).toBe(true);
  });

  it('ignores a start index outside the list', () => {
    expect(replay([a.setList([t1], 3)])).toEqual(initialPlayerState);
  });
});

const ids = (state: PlayerState) => state.queue.map((entry) => entry.track.id);

describe('playerReducer queue', () => {
  it('play next while playing inserts right after the current entry and plays it after the current one ends', () => {
    let state = replay([a.setList([t1, t2, t3], 0), a.playing(), a.playNext([t3])]);
    expect(ids(state)).toEqual(['t1', 't3', 't2', 't3']);
    expect(state.current).toBe(0);
    expect(state.wantsToPlay).toBe(true);
    state = replay([a.ended()], state);
    expect(currentTrackId(state)).toBe('t3');
    expect(state.current).toBe(1);
  });

  it('the same track queued twice keeps two entries with their own ids', () => {
    const state = replay([a.setList([t1], 0), a.enqueue([t2]), a.enqueue([t2])]);
    expect(ids(state)).toEqual(['t1', 't2', 't2']);
    expect(state.queue[1]?.entryId).not.toBe(state.queue[2]?.entryId);
    const removed = playerReducer(state, a.removeEntry(state.queue[2]!.entryId));
    expect(removed.queue.map((entry) => entry.entryId)).toEqual([state.queue[0]?.entryId, state.queue[1]?.entryId]);
  });

  it('enqueue with nothing current starts the first of the added tracks; play next too', () => {
    let state = replay([a.enqueue([t2, t3])]);
    expect(currentTrackId(state)).toBe('t2');
    expect(state.wantsToPlay).toBe(true);
    state = replay([a.playNext([t1])]);
    expect(currentTrackId(state)).toBe('t1');
  });

  it('reorders by entry id and keeps the current entry current', () => {
    const start = replay([a.setList([t1, t2, t3], 1), a.playing()]);
    const [e1, e2, e3] = start.queue;
    let state = playerReducer(start, a.moveEntry(e3!.entryId, 0));
    expect(ids(state)).toEqual(['t3', 't1', 't2']);
    expect(currentEntry(state)?.entryId).toBe(e2!.entryId);
    expect(state.current).toBe(2);
    state = playerReducer(state, a.moveEntry(e1!.entryId, 99));
    expect(ids(state)).toEqual(['t3', 't2', 't1']);
    expect(state.current).toBe(1);
    expect(state.playId).toBe(start.playId);
    // Moving the entry that plays is allowed too; it keeps playing.
    state = playerReducer(state, a.moveEntry(e2!.entryId, 0));
    expect(state.current).toBe(0);
    expect(state.wantsToPlay).toBe(true);
    expect(playerReducer(state, a.moveEntry('missing', 0))).toBe(state);
  });

  it('removing a neighbour of the current entry keeps it current; removing the current moves on', () => {
    const start = replay([a.setList([t1, t2, t3], 1), a.playing()]);
    const [e1, e2, e3] = start.queue;
    let state = playerReducer(start, a.removeEntry(e1!.entryId));
    expect(ids(state)).toEqual(['t2', 't3']);
    expect(currentEntry(state)?.entryId).toBe(e2!.entryId);
    state = playerReducer(state, a.removeEntry(e3!.entryId));
    expect(ids(state)).toEqual(['t2']);
    expect(state.current).toBe(0);
    const playNextThenRemoveCurrent = replay([a.enqueue([t3]), a.removeEntry(e2!.entryId)], state);
    expect(currentTrackId(playNextThenRemoveCurrent)).toBe('t3');
    expect(playNextThenRemoveCurrent.wantsToPlay).toBe(true);
    const empty = replay([a.removeEntry(playNextThenRemoveCurrent.queue[0]!.entryId)], playNextThenRemoveCurrent);
    expect(empty.current).toBeNull();
    expect(empty.wantsToPlay).toBe(false);
  });

  it('clear removes only what comes after the current entry', () => {
    const state = replay([a.setList([t1, t2, t3], 1), a.playing(), a.clearUpcoming()]);
    expect(ids(state)).toEqual(['t1', 't2']);
    expect(currentTrackId(state)).toBe('t2');
    expect(upcomingEntries(state)).toEqual([]);
    // With nothing after it, the end wraps to the first entry.
    expect(currentTrackId(replay([a.ended()], state))).toBe('t1');
  });

  it('the following entry respects repeat and wraps, and jumpTo plays an entry', () => {
    const state = replay([a.setList([t1, t2, t3], 2)]);
    expect(followingEntry(state)?.track.id).toBe('t1');
    expect(followingEntry(replay([a.toggleRepeat()], state))?.entryId).toBe(currentEntry(state)?.entryId);
    expect(currentTrackId(playerReducer(state, a.jumpTo(state.queue[0]!.entryId)))).toBe('t1');
  });
});

describe('playerReducer gapless advance and listens', () => {
  it('advanced moves to the entry the adapter started, without a seek', () => {
    const before = replay([a.setList([t1, t2], 0), a.playing(), a.timeUpdate(119)]);
    const state = playerReducer(before, a.advanced(before.queue[1]!.entryId));
    expect(currentTrackId(state)).toBe('t2');
    expect(state.seek).toBe(before.seek);
    expect(state.position).toBe(0);
    expect(state.playId).toBe(before.playId + 1);
  });

  it('advanced to the same entry (repeat) restarts it as a new play', () => {
    const before = replay([a.setList([t1, t2], 0), a.toggleRepeat(), a.playing()]);
    const state = playerReducer(before, a.advanced(before.queue[0]!.entryId));
    expect(state.current).toBe(0);
    expect(state.playId).toBe(before.playId + 1);
    expect(playerReducer(state, a.advanced('gone'))).toBe(state);
  });

  it('a new start grows playId; pause and resume, seeks and re-picking the current track do not', () => {
    const start = replay([a.setList([t1, t2], 0), a.playing()]);
    const same = replay([a.pause(), a.paused(), a.play(), a.playing(), a.seek(30), a.setList([t1, t2], 0)], start);
    expect(same.playId).toBe(start.playId);
    expect(replay([a.next()], start).playId).toBe(start.playId + 1);
    expect(replay([a.ended()], start).playId).toBe(start.playId + 1);
    expect(replay([a.toggleRepeat(), a.ended()], start).playId).toBe(start.playId + 1);
  });

  it('crossfade is clamped to 0–12 seconds', () => {
    expect(replay([a.setCrossfade(5)]).crossfade).toBe(5);
    expect(replay([a.setCrossfade(40)]).crossfade).toBe(12);
    expect(replay([a.setCrossfade(Number.NaN)]).crossfade).toBe(0);
  });
});
