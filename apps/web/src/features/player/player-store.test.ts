// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
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

  it('persists only the list, the current index, repeat and crossfade', () => {
    const { dispatch } = usePlayerStore.getState();
    dispatch(a.setList(tracks, 1));
    dispatch(a.toggleRepeat());
    usePlayerStore.getState().setCrossfade(4);
    dispatch(a.playing());
    dispatch(a.timeUpdate(33));
    dispatch(a.toggleFullScreen());
    const slice = stored();
    expect(Object.keys(slice).sort()).toEqual(['crossfade', 'current', 'queue', 'repeat']);
    expect(slice.crossfade).toBe(4);
    expect(slice.current).toBe(1);
    expect(slice.repeat).toBe(true);
  });

  it('restores a stored slice and rehydrates the store from it, never playing by itself', async () => {
    const queue = tracks.map((track, i) => ({ entryId: `e${i}`, track }));
    localStorage.setItem(
      PLAYER_STORAGE_KEY,
      JSON.stringify({ state: { queue, current: 1, repeat: true, crossfade: 6 }, version: 1 }),
    );
    await usePlayerStore.persist.rehydrate();
    const state = usePlayerStore.getState();
    expect(state.queue.map((entry) => entry.entryId)).toEqual(['e0', 'e1']);
    expect(state.current).toBe(1);
    expect(state.repeat).toBe(true);
    expect(state.crossfade).toBe(6);
    expect(state.wantsToPlay).toBe(false);
  });
});

describe('usePlayerStore actions', () => {
  beforeEach(() => {
    localStorage.clear();
    usePlayerStore.setState(initialPlayerState);
  });

  it('playNext and enqueue are callable from other features through getState()', () => {
    const [t1, t2] = tracks;
    usePlayerStore.getState().enqueue([t1!]);
    expect(usePlayerStore.getState().current).toBe(0);
    usePlayerStore.getState().enqueue([t2!]);
    usePlayerStore.getState().playNext([t2!]);
    expect(usePlayerStore.getState().queue.map((entry) => entry.track.id)).toEqual(['t1', 't2', 't2']);
  });

  it('playTrackById plays a track of the list, and alerts Track not found otherwise', () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    usePlayerStore.getState().setList(tracks, 0);
    expect(usePlayerStore.getState().playTrackById('t2')).toBe(true);
    expect(usePlayerStore.getState().current).toBe(1);
    expect(usePlayerStore.getState().playTrackById('nope')).toBe(false);
    expect(alert).toHaveBeenCalledWith('Track not found');
    expect(error).toHaveBeenCalledWith('Трек не найден или массив треков пуст', 'nope');
    expect(usePlayerStore.getState().current).toBe(1);
    alert.mockRestore();
    error.mockRestore();
  });

  it('keeps crossfade within 0–12 s, also from storage', () => {
    usePlayerStore.getState().setCrossfade(30);
    expect(usePlayerStore.getState().crossfade).toBe(12);
    usePlayerStore.getState().setCrossfade(-1);
    expect(usePlayerStore.getState().crossfade).toBe(0);
    expect(restorePersisted({ crossfade: 99 }).crossfade).toBe(0);
    expect(restorePersisted({ crossfade: 3.5 }).crossfade).toBe(3.5);
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
