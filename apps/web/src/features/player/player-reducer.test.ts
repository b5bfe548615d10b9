import { describe, expect, it } from 'vitest';
import { makeTrack } from '../../testing/fixtures';
import {
  currentEntry,
  initialPlayerState,
  playerActions as a,
  playerReducer,
  type PlayerAction,
  type PlayerState,
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
