// @vitest-environment jsdom
import { trackSchema } from '@platter/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeTrack } from '../../testing/fixtures';
// The alert is in the language's strings: the test starts once they are in (a chunk loaded on demand).
import '../../testing/i18n';
import { initialPlayerState, playerActions as a } from './player-reducer';
import { hydratePlayerStore, PLAYER_STORAGE_KEY, restorePersisted, usePlayerStore } from './player-store';

const tracks = [makeTrack({ id: 't1' }), makeTrack({ id: 't2' })];

function stored(): Record<string, unknown> {
  return JSON.parse(localStorage.getItem(PLAYER_STORAGE_KEY) ?? '{}').state;
}

describe('usePlayerStore persistence', () => {
  beforeEach(() => {
    localStorage.clear();
    usePlayerStore.setState(initialPlayerState);
  });

  it('persists only the list, the current index, repeat, shuffle, crossfade, volume and mute', () => {
    const { dispatch } = usePlayerStore.getState();
    dispatch(a.setList(tracks, 1));
    dispatch(a.toggleRepeat());
    usePlayerStore.getState().setCrossfade(4);
    dispatch(a.setVolume(0.35));
    dispatch(a.toggleMute());
    dispatch(a.playing());
    dispatch(a.timeUpdate(33));
    dispatch(a.toggleFullScreen());
    const slice = stored();
    expect(Object.keys(slice).sort()).toEqual(['crossfade', 'current', 'muted', 'queue', 'repeat', 'shuffle', 'volume']);
    expect(slice.crossfade).toBe(4);
    expect(slice.current).toBe(1);
    expect(slice.repeat).toBe('all');
    expect(slice.volume).toBe(0.35);
    expect(slice.muted).toBe(true);
  });

  it('volume, mute and shuffle survive a reload: the stored slice rehydrates a fresh store', async () => {
    const { dispatch } = usePlayerStore.getState();
    dispatch(a.setList(tracks, 0));
    dispatch(a.setVolume(0.4));
    dispatch(a.toggleShuffle());
    const shuffledOrder = usePlayerStore.getState().queue.map((entry) => entry.entryId);
    const raw = localStorage.getItem(PLAYER_STORAGE_KEY)!;
    usePlayerStore.setState(initialPlayerState);
    expect(usePlayerStore.getState().volume).toBe(1);
    localStorage.setItem(PLAYER_STORAGE_KEY, raw);
    await hydratePlayerStore();
    const state = usePlayerStore.getState();
    expect(state.volume).toBe(0.4);
    expect(state.muted).toBe(false);
    expect(state.queue.map((entry) => entry.entryId)).toEqual(shuffledOrder);
    expect(state.shuffle?.originalOrder).toHaveLength(2);
    // Off again after the reload: back to the list's own order.
    dispatch(a.toggleShuffle());
    expect(usePlayerStore.getState().queue.map((entry) => entry.track.id)).toEqual(['t1', 't2']);
  });

  it('restores a stored slice and rehydrates the store from it, never playing by itself', async () => {
    const queue = tracks.map((track, i) => ({ entryId: `e${i}`, track }));
    localStorage.setItem(
      PLAYER_STORAGE_KEY,
      JSON.stringify({ state: { queue, current: 1, repeat: true, crossfade: 6 }, version: 1 }),
    );
    await hydratePlayerStore();
    const state = usePlayerStore.getState();
    expect(state.queue.map((entry) => entry.entryId)).toEqual(['e0', 'e1']);
    expect(state.current).toBe(1);
    // The boolean of before meant "repeat one".
    expect(state.repeat).toBe('one');
    expect(state.volume).toBe(1);
    expect(state.muted).toBe(false);
    expect(state.shuffle).toBeNull();
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
    expect(restorePersisted({ crossfade: 99 }, trackSchema).crossfade).toBe(0);
    expect(restorePersisted({ crossfade: 3.5 }, trackSchema).crossfade).toBe(3.5);
  });
});

describe('restorePersisted', () => {
  it('drops malformed entries and an out-of-range index', () => {
    const restored = restorePersisted({
      queue: [{ entryId: 'ok', track: tracks[0] }, { entryId: 'bad', track: { id: 1 } }, null],
      current: 4,
      repeat: 'yes',
      volume: 7,
      muted: 'no',
      shuffle: { originalOrder: ['gone', 'ok', 3] },
    }, trackSchema);
    expect(restored.queue?.map((entry) => entry.entryId)).toEqual(['ok']);
    expect(restored.current).toBeNull();
    expect(restored.repeat).toBe('off');
    expect(restored.volume).toBe(1);
    expect(restored.muted).toBe(false);
    expect(restored.shuffle).toEqual({ originalOrder: ['ok'] });
  });

  it('reads the repeat of before (a boolean) as off or one, and the three modes as they are', () => {
    expect(restorePersisted({ repeat: false }, trackSchema).repeat).toBe('off');
    expect(restorePersisted({ repeat: true }, trackSchema).repeat).toBe('one');
    expect(restorePersisted({ repeat: 'all' }, trackSchema).repeat).toBe('all');
    expect(restorePersisted({ volume: 0 }, trackSchema).volume).toBe(0);
    expect(restorePersisted({ volume: -0.1 }, trackSchema).volume).toBe(1);
    expect(restorePersisted({ shuffle: 'on' }, trackSchema).shuffle).toBeNull();
  });

  it('gives nothing for garbage', () => {
    expect(restorePersisted('nope', trackSchema)).toEqual({});
    expect(restorePersisted(null, trackSchema)).toEqual({});
  });
});
