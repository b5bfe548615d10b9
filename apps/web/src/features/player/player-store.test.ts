// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { makeTrack } from '../../testing/fixtures';
import { initialPlayerState, playerActions as a } from './player-reducer';
import { PLAYER_STORAGE_KEY, restorePersisted, usePlayerStore } from './player-store';

const tracks = [makeTrack({ id: 't1' }), makeTrack({ id: 't2' })];

function stored(): Record<string, unknown> {
  return JSON.parse(localStorage.getItem(PLAYER_STORAGE_KEY) ?? '{}').state;
}

describe('usePlayerStore persistence', () => {
  beforeEach(() => {
    localStorage.clear();
    usePlayerStore.setState(initialPlayerState);
  });

  it('persists only the list, the current index and repeat', () => {
    const { dispatch } = usePlayerStore.getState();
    dispatch(a.setList(tracks, 1));
    dispatch(a.toggleRepeat());
    dispatch(a.playing());
    dispatch(a.timeUpdate(33));
    dispatch(a.toggleFullScreen());
    const slice = stored();
    expect(Object.keys(slice).sort()).toEqual(['current', 'queue', 'repeat']);
    expect(slice.current).toBe(1);
    expect(slice.repeat).toBe(true);
  });

  it('restores a stored slice and rehydrates the store from it, never playing by itself', async () => {
    const queue = tracks.map((track, i) => ({ entryId: `e${i}`, track }));
    localStorage.setItem(PLAYER_STORAGE_KEY, JSON.stringify({ state: { queue, current: 1, repeat: true }, version: 1 }));
    await usePlayerStore.persist.rehydrate();
    const state = usePlayerStore.getState();
    expect(state.queue.map((entry) => entry.entryId)).toEqual(['e0', 'e1']);
    expect(state.current).toBe(1);
    expect(state.repeat).toBe(true);
    expect(state.wantsToPlay).toBe(false);
  });
});

describe('restorePersisted', () => {
  it('drops malformed entries and an out-of-range index', () => {
    const restored = restorePersisted({
      queue: [{ entryId: 'ok', track: tracks[0] }, { entryId: 'bad', track: { id: 1 } }, null],
      current: 4,
      repeat: 'yes',
    });
    expect(restored.queue?.map((entry) => entry.entryId)).toEqual(['ok']);
    expect(restored.current).toBeNull();
    expect(restored.repeat).toBe(false);
  });

  it('gives nothing for garbage', () => {
    expect(restorePersisted('nope')).toEqual({});
    expect(restorePersisted(null)).toEqual({});
  });
});
