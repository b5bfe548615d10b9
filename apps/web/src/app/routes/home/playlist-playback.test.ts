// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { currentEntry, playerActions } from '../../../features/player/player-reducer';
import { usePlayerStore } from '../../../features/player/player-store';
import { makeTrack } from '../../../testing/fixtures';
import { playAll, playShuffled } from './playlist-playback';

const ids = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
const tracks = ids.map((id) => makeTrack({ id }));
const queueIds = () => usePlayerStore.getState().queue.map((entry) => entry.track.id);

afterEach(() => {
  const player = usePlayerStore.getState();
  if (player.shuffle) player.dispatch(playerActions.toggleShuffle());
  usePlayerStore.getState().setList([makeTrack({ id: 'reset' })], 0);
});

describe('playlist playback', () => {
  it('Play all makes the playlist the queue in its order and starts its first track', () => {
    usePlayerStore.getState().setList([makeTrack({ id: 'other' })], 0);
    playAll(tracks);
    expect(currentEntry(usePlayerStore.getState())?.track.id).toBe('a');
    expect(queueIds()).toEqual(ids);
  });

  it('Play all after Shuffle plays in order again, shuffle off', () => {
    playShuffled(tracks, () => 0.5);
    playAll(tracks);
    expect(usePlayerStore.getState().shuffle).toBeNull();
    expect(queueIds()).toEqual(ids);
    expect(currentEntry(usePlayerStore.getState())?.track.id).toBe('a');
  });

  it("Shuffle turns shuffle on, starts the picked track and queues every track once; off restores the playlist's order", () => {
    // random() = 0.5 picks the track at index 4.
    playShuffled(tracks, () => 0.5);
    const state = usePlayerStore.getState();
    expect(state.shuffle).not.toBeNull();
    expect(currentEntry(state)?.track.id).toBe('e');
    expect(queueIds()[0]).toBe('e');
    expect(queueIds().toSorted()).toEqual(ids);
    state.dispatch(playerActions.toggleShuffle());
    expect(queueIds()).toEqual(ids);
  });
});
