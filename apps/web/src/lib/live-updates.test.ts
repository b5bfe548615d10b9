import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeTrack } from '../testing/fixtures';
import { TRACK_STATS_REFETCH_MS, applyLiveEvent, patchTrackStats } from './live-updates';
import { lyricsQueryKey } from './lyrics-api';
import { queryKeys } from './query-keys';

function seeded() {
  const client = new QueryClient();
  const keys = {
    tracks: queryKeys.tracks.list({ page: 1 }),
    genres: queryKeys.genres,
    profile: queryKeys.profiles.detail('a'),
    me: queryKeys.me,
    charts: queryKeys.charts.top,
    search: queryKeys.search.results('night'),
    likedIds: queryKeys.likes.ids,
    likedList: queryKeys.likes.list,
    playlists: queryKeys.playlists.mine,
    playlist: queryKeys.playlists.detail('p1'),
    history: queryKeys.history,
    dashboard: queryKeys.studio.dashboard(7),
    lyrics: lyricsQueryKey('t1'),
  };
  for (const key of Object.values(keys)) client.setQueryData(key, {});
  const stale = () =>
    Object.entries(keys)
      .filter(([, key]) => client.getQueryState(key)?.isInvalidated)
      .map(([name]) => name)
      .sort();
  return { client, stale };
}

describe('patchTrackStats', () => {
  it('returns the same object when the track is not there or already up to date', () => {
    const data = { items: [makeTrack({ id: 't1', likes: 3, listens: 4 })] };
    expect(patchTrackStats(data, { trackId: 't9', likes: 1, listens: 1 })).toBe(data);
    expect(patchTrackStats(data, { trackId: 't1', likes: 3, listens: 4 })).toBe(data);
    expect(patchTrackStats(undefined, { trackId: 't1', likes: 1, listens: 1 })).toBeUndefined();
  });
});

describe('applyLiveEvent', () => {
  it('track.created: track lists, genre counts, profiles, search and charts', () => {
    const { client, stale } = seeded();
    applyLiveEvent(client, 'track.created');
    expect(stale()).toEqual(['charts', 'genres', 'profile', 'search', 'tracks']);
  });

  it('track.updated (a lyrics change among them): track lists, charts, playlists and an open lyrics panel refetch', () => {
    const { client, stale } = seeded();
    applyLiveEvent(client, 'track.updated', { trackId: 't1' });
    expect(stale()).toEqual(['charts', 'lyrics', 'playlist', 'playlists', 'tracks']);
  });

  it('track.stats: the charts (their order follows listens) and the studio totals refetch', () => {
    const { client, stale } = seeded();
    applyLiveEvent(client, 'track.stats', { trackId: 't1', likes: 1, listens: 2 });
    expect(stale()).toEqual(['charts', 'dashboard']);
  });

  describe('track.stats, many of them (every listen of every track reaches every client)', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('refetches the charts and studio at most once per TRACK_STATS_REFETCH_MS, the last ones trailing; counts are patched at each event', () => {
      vi.useFakeTimers();
      const client = new QueryClient();
      client.setQueryData(queryKeys.tracks.list({ page: 1 }), { items: [makeTrack({ id: 't1', likes: 0, listens: 0 })] });
      const invalidate = vi.spyOn(client, 'invalidateQueries');
      const refetches = () => invalidate.mock.calls.filter(([filters]) => JSON.stringify(filters?.queryKey) === JSON.stringify(queryKeys.charts.all)).length;
      const listensShown = () => client.getQueryData<{ items: Array<{ listens: number }> }>(queryKeys.tracks.list({ page: 1 }))?.items[0]?.listens;

      // The first one at once.
      applyLiveEvent(client, 'track.stats', { trackId: 't1', likes: 0, listens: 1 });
      expect(refetches()).toBe(1);
      expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([queryKeys.charts.all, queryKeys.studio.all]);
      // 50 more within the window: none refetches, each patches the count.
      for (let listens = 2; listens <= 51; listens++) {
        vi.advanceTimersByTime(100);
        applyLiveEvent(client, 'track.stats', { trackId: 't1', likes: 0, listens });
        expect(listensShown()).toBe(listens);
      }
      expect(refetches()).toBe(1);
      // The window ends: one trailing refetch for all of them, which opens the next window.
      vi.advanceTimersByTime(TRACK_STATS_REFETCH_MS - 5000);
      expect(refetches()).toBe(2);
      applyLiveEvent(client, 'track.stats', { trackId: 't1', likes: 0, listens: 52 });
      vi.advanceTimersByTime(TRACK_STATS_REFETCH_MS - 1);
      expect(refetches()).toBe(2);
      vi.advanceTimersByTime(1);
      expect(refetches()).toBe(3);
      // Quiet for a window: nothing trails, and the next event refetches at once again.
      vi.advanceTimersByTime(TRACK_STATS_REFETCH_MS);
      expect(refetches()).toBe(3);
      expect(vi.getTimerCount()).toBe(0);
      applyLiveEvent(client, 'track.stats', { trackId: 't1', likes: 0, listens: 53 });
      expect(refetches()).toBe(4);
    });

    it('throttles each query client on its own', () => {
      vi.useFakeTimers();
      const one = seeded();
      const two = seeded();
      applyLiveEvent(one.client, 'track.stats', { trackId: 't1', likes: 0, listens: 1 });
      applyLiveEvent(two.client, 'track.stats', { trackId: 't1', likes: 0, listens: 1 });
      expect(one.stale()).toEqual(['charts', 'dashboard']);
      expect(two.stale()).toEqual(['charts', 'dashboard']);
    });
  });

  it('track.stats patches the counts of every cached copy of the track, in place', () => {
    const client = new QueryClient();
    const track = makeTrack({ id: 't1', likes: 1, listens: 5 });
    const other = makeTrack({ id: 't2', likes: 7, listens: 7 });
    const list = { items: [track, other], total: 2, page: 1, pageSize: 9 };
    const detail = { id: 'p1', name: 'Mix', entries: [{ entryId: 'e1', position: 0, track }] };
    const history = { items: [{ playedAt: 'x', track: other }] };
    client.setQueryData(queryKeys.tracks.list({ page: 1 }), list);
    client.setQueryData(queryKeys.playlists.detail('p1'), detail);
    client.setQueryData(queryKeys.history, history);
    applyLiveEvent(client, 'track.stats', { trackId: 't1', likes: 2, listens: 6 });
    const nextList = client.getQueryData<typeof list>(queryKeys.tracks.list({ page: 1 }));
    expect(nextList?.items.map((item) => [item.id, item.likes, item.listens])).toEqual([
      ['t1', 2, 6],
      ['t2', 7, 7],
    ]);
    expect(nextList?.items[1]).toBe(other);
    expect(client.getQueryData<typeof detail>(queryKeys.playlists.detail('p1'))?.entries[0]?.track.likes).toBe(2);
    // A query without the track keeps its very object.
    expect(client.getQueryData(queryKeys.history)).toBe(history);
  });

  it('track.stats leaves a patched query as stale and as old as it was: an invalidated page still reads again when opened', () => {
    const client = new QueryClient();
    const track = makeTrack({ id: 't1', likes: 1, listens: 5 });
    const page1 = [...queryKeys.playlists.detail('p1'), 'page', 1];
    const page2 = [...queryKeys.playlists.detail('p1'), 'page', 2];
    client.setQueryData(page1, { id: 'p1', entries: [{ entryId: 'e1', position: 0, track }] }, { updatedAt: 1_000 });
    client.setQueryData(page2, { id: 'p1', entries: [{ entryId: 'e2', position: 50, track }] }, { updatedAt: 2_000 });
    void client.invalidateQueries({ queryKey: page1, exact: true, refetchType: 'none' });
    applyLiveEvent(client, 'track.stats', { trackId: 't1', likes: 2, listens: 6 });
    const state = (key: unknown[]) => client.getQueryState(key);
    expect(state(page1)?.data).toMatchObject({ entries: [{ track: { likes: 2, listens: 6 } }] });
    expect([state(page1)?.isInvalidated, state(page1)?.dataUpdatedAt]).toEqual([true, 1_000]);
    expect([state(page2)?.isInvalidated, state(page2)?.dataUpdatedAt]).toEqual([false, 2_000]);
  });

  it('likes.changed: the liked ids and the liked list', () => {
    const { client, stale } = seeded();
    applyLiveEvent(client, 'likes.changed');
    expect(stale()).toEqual(['likedIds', 'likedList']);
  });

  it('playlists.changed: my playlists and every playlist detail', () => {
    const { client, stale } = seeded();
    applyLiveEvent(client, 'playlists.changed');
    expect(stale()).toEqual(['playlist', 'playlists']);
  });

  it('playlist.edited: only the playlist it names (its pages and activity), not my list nor another playlist', () => {
    const { client, stale } = seeded();
    client.setQueryData([...queryKeys.playlists.detail('p2'), 'activity', 1], {});
    applyLiveEvent(client, 'playlist.edited', { playlistId: 'p1' });
    expect(stale()).toEqual(['playlist']);
    expect(client.getQueryState([...queryKeys.playlists.detail('p2'), 'activity', 1])?.isInvalidated).toBe(false);
    applyLiveEvent(client, 'playlist.edited', { playlistId: 'p2' });
    expect(client.getQueryState([...queryKeys.playlists.detail('p2'), 'activity', 1])?.isInvalidated).toBe(true);
  });

  it('history.changed: the history only', () => {
    const { client, stale } = seeded();
    applyLiveEvent(client, 'history.changed');
    expect(stale()).toEqual(['history']);
  });
});
