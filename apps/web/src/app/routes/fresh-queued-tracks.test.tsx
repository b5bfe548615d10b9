// @vitest-environment jsdom
import { trackSchema } from '@platter/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { currentEntry, playerActions } from '../../features/player/player-reducer';
import { usePlayerStore } from '../../features/player/player-store';
import { makeTrack } from '../../testing/fixtures';
import { createTestQueryClient } from '../../testing/render';
import { tracksIn, useFreshQueuedTracks } from './fresh-queued-tracks';

const [t1, t2] = [makeTrack({ id: 't1', title: 'Old title' }), makeTrack({ id: 't2' })];

afterEach(() => {
  cleanup();
  usePlayerStore.getState().dispatch(playerActions.setList([], 0));
});

describe('tracksIn', () => {
  it('finds tracks in a track, a page, a search result and a playlist, and nothing in other answers', () => {
    expect(tracksIn(t1, trackSchema).map((t) => t.id)).toEqual(['t1']);
    expect(tracksIn({ items: [t1, t2], total: 2 }, trackSchema).map((t) => t.id)).toEqual(['t1', 't2']);
    expect(tracksIn({ tracks: [t2], artists: [] }, trackSchema).map((t) => t.id)).toEqual(['t2']);
    expect(tracksIn({ entries: [{ track: t1 }, { track: null }] }, trackSchema).map((t) => t.id)).toEqual(['t1']);
    expect(tracksIn({ ids: ['t1'] }, trackSchema)).toEqual([]);
    expect(tracksIn(null, trackSchema)).toEqual([]);
  });
});

describe('useFreshQueuedTracks', () => {
  it('a refetched list with an edited title renames the playing track in the player, which keeps playing', async () => {
    const client = createTestQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    renderHook(() => useFreshQueuedTracks(), { wrapper });
    act(() => {
      usePlayerStore.getState().dispatch(playerActions.setList([t1, t2], 0));
      usePlayerStore.getState().dispatch(playerActions.playing());
    });
    const playId = usePlayerStore.getState().playId;

    await act(() => client.fetchQuery({ queryKey: ['tracks', 'list', {}], queryFn: () => ({ items: [{ ...t1, title: 'New title' }], total: 1 }) }));

    await waitFor(() => expect(currentEntry(usePlayerStore.getState())?.track.title).toBe('New title'));
    const state = usePlayerStore.getState();
    expect([state.playId, state.playing]).toEqual([playId, true]);
  });
});
