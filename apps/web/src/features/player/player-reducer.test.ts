import { describe, expect, it } from 'vitest';
import { makeTrack } from '../../testing/fixtures';
import {
  currentEntry,
  followingEntry,
  outputVolume,
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

  it('when a track ends with repeat off it advances, and after the last one stops on the first', () => {
    let state = replay([a.setList([t1, t2], 0), a.playing(), a.paused(), a.ended()]);
    expect(state.current).toBe(1);
    expect(state.wantsToPlay).toBe(true);
    state = replay([a.playing(), a.paused(), a.ended()], state);
    expect(state.current).toBe(0);
    expect(state.wantsToPlay).toBe(false);
    // Play from there is a new start of the first track.
    state = replay([a.play()], state);
    expect(currentTrackId(state)).toBe('t1');
    expect(state.wantsToPlay).toBe(true);
  });

  it('when a track ends with repeat all it advances, and wraps from the last to the first, playing on', () => {
    let state = replay([a.setList([t1, t2], 0), a.setRepeat('all'), a.playing(), a.paused(), a.ended()]);
    expect(state.current).toBe(1);
    state = replay([a.playing(), a.paused(), a.ended()], state);
    expect(state.current).toBe(0);
    expect(state.wantsToPlay).toBe(true);
  });

  it('when a track ends with repeat one it restarts the same entry from zero', () => {
    const before = replay([a.setList([t1, t2], 0), a.setRepeat('one'), a.playing(), a.timeUpdate(119)]);
    const entryId = currentEntry(before)?.entryId;
    const state = replay([a.paused(), a.ended()], before);
    expect(currentEntry(state)?.entryId).toBe(entryId);
    expect(state.wantsToPlay).toBe(true);
    expect(state.seek?.to).toBe(0);
    expect(state.seek?.seq).toBeGreaterThan(before.seek?.seq ?? 0);
  });

  it('toggleRepeat cycles off → all → one → off', () => {
    expect(initialPlayerState.repeat).toBe('off');
    expect(replay([a.toggleRepeat()]).repeat).toBe('all');
    expect(replay([a.toggleRepeat(), a.toggleRepeat()]).repeat).toBe('one');
    expect(replay([a.toggleRepeat(), a.toggleRepeat(), a.toggleRepeat()]).repeat).toBe('off');
  });

  it('next and previous wrap in every repeat mode (SPEC 4)', () => {
    for (const mode of ['off', 'all', 'one'] as const) {
      expect(replay([a.setList([t1, t2, t3], 2), a.setRepeat(mode), a.next()]).current).toBe(0);
      expect(replay([a.setList([t1, t2, t3], 0), a.setRepeat(mode), a.previous()]).current).toBe(2);
    }
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

  it('a play the browser refused for want of a tap is marked blocked until sound starts or the listener pauses', () => {
    const blocked = replay([a.setList([t1], 0), a.play(), a.playFailed(true)]);
    expect(blocked.blocked).toBe(true);
    expect(blocked.wantsToPlay).toBe(false);
    expect(playerReducer(blocked, a.playing()).blocked).toBe(false);
    expect(playerReducer(blocked, a.pause()).blocked).toBe(false);
    expect(replay([a.setList([t1], 0), a.play(), a.playFailed()]).blocked).toBe(false);
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
    // With nothing after it, the end goes back to the first entry.
    expect(currentTrackId(replay([a.ended()], state))).toBe('t1');
  });

  it('the following entry respects repeat (none after the last with repeat off), and jumpTo plays an entry', () => {
    const state = replay([a.setList([t1, t2, t3], 2)]);
    expect(followingEntry(state)).toBeNull();
    expect(followingEntry(replay([a.setRepeat('all')], state))?.track.id).toBe('t1');
    expect(followingEntry(replay([a.setRepeat('one')], state))?.entryId).toBe(currentEntry(state)?.entryId);
    expect(followingEntry(replay([a.previous()], state))?.track.id).toBe('t3');
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
    const before = replay([a.setList([t1, t2], 0), a.setRepeat('one'), a.playing()]);
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
    expect(replay([a.setRepeat('one'), a.ended()], start).playId).toBe(start.playId + 1);
  });

  it('crossfade is clamped to 0–12 seconds', () => {
    expect(replay([a.setCrossfade(5)]).crossfade).toBe(5);
    expect(replay([a.setCrossfade(40)]).crossfade).toBe(12);
    expect(replay([a.setCrossfade(Number.NaN)]).crossfade).toBe(0);
  });
});

describe('playerReducer shuffle', () => {
  const six = ['a', 'b', 'c', 'd', 'e', 'f'].map((id) => makeTrack({ id }));
  const ids = (state: PlayerState) => state.queue.map((entry) => entry.track.id);
  const shuffleWith = (seed: number): PlayerAction => ({ type: 'toggleShuffle', seed });

  /** Lets each entry end by itself, as the audio element would, and notes what played. */
  function playThrough(state: PlayerState, ends: number): { state: PlayerState; played: string[] } {
    const played = [currentTrackId(state)!];
    for (let i = 0; i < ends; i += 1) {
      state = replay([a.playing(), a.timeUpdate(100), a.paused(), a.ended()], state);
      played.push(currentTrackId(state)!);
    }
    return { state, played };
  }

  it('turning shuffle on keeps the current track current and first, the rest in a new order, each once', () => {
    const before = replay([a.setList(six, 2), a.playing()]);
    const state = playerReducer(before, shuffleWith(7));
    expect(state.shuffle?.originalOrder).toEqual(before.queue.map((entry) => entry.entryId));
    expect(currentEntry(state)?.entryId).toBe(currentEntry(before)?.entryId);
    expect(state.current).toBe(0);
    expect(state.playId).toBe(before.playId);
    expect([...ids(state)].sort()).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    expect(ids(state)).not.toEqual(['c', 'a', 'b', 'd', 'e', 'f']);
  });

  it('with repeat all, shuffle plays every queued track once before any repeats, then the same order again', () => {
    const start = replay([a.setList(six, 0), a.setRepeat('all'), shuffleWith(42)]);
    const { state, played } = playThrough(start, 12);
    expect(new Set(played.slice(0, 6)).size).toBe(6);
    // Stable until toggled off: the second round repeats the first.
    expect(played.slice(6, 12)).toEqual(played.slice(0, 6));
    expect(state.shuffle).not.toBeNull();
  });

  it('with repeat off, shuffle stops after every track played once', () => {
    const start = replay([a.setList(six, 3), shuffleWith(3)]);
    const { state, played } = playThrough(start, 5);
    expect(new Set(played).size).toBe(6);
    const stopped = replay([a.playing(), a.paused(), a.ended()], state);
    expect(stopped.wantsToPlay).toBe(false);
    expect(currentTrackId(stopped)).toBe('d');
  });

  it('next wraps around the shuffled order and previous goes back along it', () => {
    const start = replay([a.setList(six, 0), shuffleWith(9)]);
    const order = ids(start);
    let state = start;
    for (let i = 1; i <= 6; i += 1) {
      state = playerReducer(state, a.next());
      expect(currentTrackId(state)).toBe(order[i % 6]);
    }
    state = playerReducer(state, a.previous());
    expect(currentTrackId(state)).toBe(order[5]);
  });

  it('turning it off restores the list order and keeps what plays, also after moves and removals', () => {
    const start = replay([a.setList(six, 0), shuffleWith(5), a.next(), a.next()]);
    const playing = currentEntry(start)!;
    const removed = start.queue.find((entry) => entry.entryId !== playing.entryId)!;
    const state = replay([a.removeEntry(removed.entryId), a.moveEntry(start.queue[5]!.entryId, 3), shuffleWith(1)], start);
    expect(state.shuffle).toBeNull();
    expect(ids(state)).toEqual(['a', 'b', 'c', 'd', 'e', 'f'].filter((id) => id !== removed.track.id));
    expect(currentEntry(state)?.entryId).toBe(playing.entryId);
    expect(state.playId).toBe(start.playId);
  });

  it('a new list picked while shuffled is shuffled from the picked track; off gives the list back', () => {
    const state = replay([a.setList([t1], 0), shuffleWith(1), a.setList(six, 4)]);
    expect(currentTrackId(state)).toBe('e');
    expect(state.current).toBe(0);
    expect([...ids(state)].sort()).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    const off = playerReducer(state, shuffleWith(2));
    expect(ids(off)).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    expect(currentTrackId(off)).toBe('e');
  });

  it('entries added while shuffled: play next comes next, enqueue lands among the upcoming; off puts each in its list place', () => {
    const extra = makeTrack({ id: 'x' });
    const soon = makeTrack({ id: 'n' });
    let state = replay([a.setList(six, 1), shuffleWith(11), a.next()]);
    const current = currentTrackId(state);
    state = replay([a.enqueue([extra]), a.playNext([soon])], state);
    expect(upcomingEntries(state)[0]?.track.id).toBe('n');
    expect(upcomingEntries(state).map((entry) => entry.track.id)).toContain('x');
    // Every entry, added ones included, plays once before the order wraps.
    const { played } = playThrough(replay([a.setRepeat('all')], state), state.queue.length - 1 - state.current!);
    expect(played[0]).toBe(current);
    expect(new Set(played).size).toBe(played.length);
    const off = playerReducer(state, shuffleWith(3));
    const order = ids(off);
    expect(order.at(-1)).toBe('x');
    expect(order.indexOf('n')).toBe(order.indexOf(current!) + 1);
  });

  it('the same seed gives the same order (the reducer is pure); the following entry follows the shuffle', () => {
    const one = replay([a.setList(six, 0), shuffleWith(99)]);
    const two = replay([a.setList(six, 0), shuffleWith(99)]);
    expect(ids(one)).toEqual(ids(two));
    expect(followingEntry(one)?.track.id).toBe(ids(one)[1]);
  });
});

describe('playerReducer volume', () => {
  it('starts at full volume, clamps to 0–1 and ignores nonsense', () => {
    expect(initialPlayerState.volume).toBe(1);
    expect(replay([a.setVolume(0.3)]).volume).toBe(0.3);
    expect(replay([a.setVolume(4)]).volume).toBe(1);
    expect(replay([a.setVolume(-1)]).volume).toBe(0);
    expect(replay([a.setVolume(0.3), a.setVolume(Number.NaN)]).volume).toBe(0.3);
  });

  it('mute silences the output and keeps the volume; choosing a volume unmutes', () => {
    let state = replay([a.setVolume(0.6), a.toggleMute()]);
    expect(state.muted).toBe(true);
    expect(state.volume).toBe(0.6);
    expect(outputVolume(state)).toBe(0);
    state = playerReducer(state, a.toggleMute());
    expect(outputVolume(state)).toBe(0.6);
    state = replay([a.toggleMute(), a.setVolume(0.2)], state);
    expect(state.muted).toBe(false);
    expect(outputVolume(state)).toBe(0.2);
  });

  it('unmuting at volume 0 brings the volume back to a hearable level', () => {
    const state = replay([a.setVolume(0), a.toggleMute()]);
    expect(state.muted).toBe(false);
    expect(state.volume).toBeGreaterThan(0);
  });
});

describe('playerReducer refreshTracks', () => {
  it('an edited track shows its new title in the queue while it keeps playing', () => {
    const playing = replay([a.setList([t1, t2, t1], 0), a.playing(), a.timeUpdate(12)]);
    const renamed = { ...t1, title: 'Renamed', image: '/media/images/new.webp' };
    const state = replay([a.refreshTracks([renamed, makeTrack({ id: 'elsewhere' })])], playing);
    expect(state.queue.map((entry) => entry.track.title)).toEqual(['Renamed', t2.title, 'Renamed']);
    expect(currentEntry(state)?.track.image).toBe('/media/images/new.webp');
    expect(state.queue.map((entry) => entry.entryId)).toEqual(playing.queue.map((entry) => entry.entryId));
    expect([state.current, state.playId, state.position, state.playing]).toEqual([playing.current, playing.playId, 12, true]);
  });

  it('keeps the same state when nothing shown changed', () => {
    const playing = replay([a.setList([t1, t2], 0)]);
    expect(playerReducer(playing, a.refreshTracks([{ ...t1 }, { ...t2 }]))).toBe(playing);
  });
});
