// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { currentEntry } from '../../../features/player/player-reducer';
import { usePlayerStore } from '../../../features/player/player-store';
import { makeTrack } from '../../../testing/fixtures';
import { playAll, playShuffled, shuffled } from './playlist-playback';

const tracks = ['a', 'b', 'c', 'd', 'e'].map((id) => makeTrack({ id }));

afterEach(() => usePlayerStore.getState().setList([], 0));

describe('playlist playback', () => {
  it('Play all makes the playlist the queue and starts its first track', () => {
    usePlayerStore.getState().setList([makeTrack({ id: 'other' })], 0);
    playAll(tracks);
    const state = usePlayerStore.getState();
    expect(currentEntry(state)?.track.id).toBe('a');
    expect(state.queue.map((entry) => entry.track.id)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('Shuffle queues every track exactly once in a shuffled order and starts the first of it', () => {
    // random() = 0 moves each last item to the front in turn: a fixed, non-identity order.
    playShuffled(tracks, () => 0);
    const state = usePlayerStore.getState();
    const order = state.queue.map((entry) => entry.track.id);
    expect(order).toEqual(shuffled(['a', 'b', 'c', 'd', 'e'], () => 0));
    expect(order).not.toEqual(['a', 'b', 'c', 'd', 'e']);
    expect([...order].sort()).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(currentEntry(state)?.track.id).toBe(order[0]);
  });
});
