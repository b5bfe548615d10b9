import type { LiveEventType } from '@platter/shared';
import { type QueryClient, type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { lyricsQueryKeyPrefix } from './lyrics-api';
import { queryKeys } from './query-keys';

/** What each server event makes stale. */
export const LIVE_EVENT_STALE_KEYS: Record<LiveEventType, readonly QueryKey[]> = {
  // News holds the followed artists' new tracks and releases (a release going public announces its tracks).
  'track.created': [queryKeys.tracks.all, queryKeys.genres, queryKeys.profiles.all, queryKeys.search.all, queryKeys.charts.all, queryKeys.posts.news],
  // The counts themselves are patched into every cached track at once (see patchTrackStats); the
  // charts (their order follows listens) and the studio's totals and dashboard refetch, but at most
  // once per TRACK_STATS_REFETCH_MS (TRACK_STATS_THROTTLED_KEYS, see applyLiveEvent).
  'track.stats': [],
  'likes.changed': [queryKeys.likes.all],
  'playlists.changed': [queryKeys.playlists.all],
  // Only the playlist it names goes stale (see applyLiveEvent): a public playlist's edits reach every viewer.
  'playlist.edited': [],
  'history.changed': [queryKeys.history],
  'track.removed': [
    queryKeys.tracks.all,
    queryKeys.genres,
    queryKeys.profiles.all,
    queryKeys.artists.all,
    queryKeys.search.all,
    queryKeys.charts.all,
    queryKeys.likes.all,
    queryKeys.playlists.all,
    queryKeys.history,
    queryKeys.studio.all,
    queryKeys.admin.all,
  ],
  'track.waveform': [['waveform'] as const, queryKeys.tracks.all, queryKeys.studio.tracks],
  // Lyrics changes announce track.updated too: an open lyrics panel refetches.
  'track.updated': [queryKeys.tracks.all, queryKeys.studio.tracks, queryKeys.charts.all, queryKeys.playlists.all, lyricsQueryKeyPrefix],
  'comment.added': [queryKeys.comments.all, queryKeys.studio.comments, queryKeys.studio.all],
  'comment.deleted': [queryKeys.comments.all, queryKeys.studio.comments, queryKeys.studio.all],
  'post.changed': [queryKeys.posts.all, queryKeys.studio.posts],
  'profile.stats': [queryKeys.profiles.all, queryKeys.artists.all, queryKeys.studio.all],
  'profile.updated': [queryKeys.profiles.all, queryKeys.artists.all, queryKeys.posts.all, queryKeys.tracks.all, queryKeys.me],
  'subscriptions.changed': [queryKeys.subscriptions, queryKeys.posts.news],
  'reports.changed': [queryKeys.admin.all],
  'notifications.changed': [queryKeys.notifications.all],
  // Remote control commands: nothing cached changes; the players' own listeners take them (onLiveEvent).
  'remote.state': [],
  'remote.hello': [],
  'remote.command': [],
  'remote.takeover': [],
  'remote.handover': [],
};

type LiveListener = (type: LiveEventType, payload: unknown) => void;
const liveListeners = new Set<LiveListener>();

/** Hears every live event as it comes (after the caches were told); returns the unsubscribe. */
export function onLiveEvent(listener: LiveListener): () => void {
  liveListeners.add(listener);
  return () => liveListeners.delete(listener);
}

export const LIVE_EVENT_TYPES = Object.keys(LIVE_EVENT_STALE_KEYS) as LiveEventType[];

export interface TrackStats {
  trackId: string;
  likes: number;
  listens: number;
}

function isTrackStats(value: unknown): value is TrackStats {
  const stats = value as Partial<TrackStats> | null;
  return typeof stats?.trackId === 'string' && typeof stats.likes === 'number' && typeof stats.listens === 'number';
}

/**
 * `data` with new counts on every copy of the track (an object with its `id` and numeric
 * `likes` and `listens`), wherever it sits: lists, search results, playlist entries, history.
 * Returns `data` itself when nothing changed, so untouched queries are left alone.
 */
export function patchTrackStats(data: unknown, stats: TrackStats): unknown {
  if (Array.isArray(data)) {
    let changed = false;
    const next = data.map((item) => {
      const patched = patchTrackStats(item, stats);
      if (patched !== item) changed = true;
      return patched;
    });
    return changed ? next : data;
  }
  if (typeof data !== 'object' || data === null) return data;
  const record = data as Record<string, unknown>;
  if (record.id === stats.trackId && typeof record.likes === 'number' && typeof record.listens === 'number') {
    if (record.likes === stats.likes && record.listens === stats.listens) return data;
    return { ...record, likes: stats.likes, listens: stats.listens };
  }
  let changed = false;
  const next: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    const patched = patchTrackStats(value, stats);
    if (patched !== value) changed = true;
    next[key] = patched;
  }
  return changed ? next : data;
}

/** What `track.stats` makes stale: refetched at most once per TRACK_STATS_REFETCH_MS per client. */
export const TRACK_STATS_THROTTLED_KEYS: readonly QueryKey[] = [queryKeys.charts.all, queryKeys.studio.all];
export const TRACK_STATS_REFETCH_MS = 10_000;

/**
 * Per query client: whether a throttle window is open (the charts were invalidated less than
 * TRACK_STATS_REFETCH_MS ago) and whether a track.stats came during it. Every client gets
 * track.stats for every track that is listened to, so refetching at each one would be a storm.
 */
const statsThrottles = new WeakMap<QueryClient, { timer: ReturnType<typeof setTimeout>; trailing: boolean }>();

/**
 * Marks the charts and studio stale after a track.stats: at once when none came in the last
 * TRACK_STATS_REFETCH_MS, else once at the end of that window (trailing), however many came.
 */
function invalidateStatsThrottled(queryClient: QueryClient): void {
  const open = statsThrottles.get(queryClient);
  if (open) {
    open.trailing = true;
    return;
  }
  for (const queryKey of TRACK_STATS_THROTTLED_KEYS) void queryClient.invalidateQueries({ queryKey });
  const throttle = {
    trailing: false,
    timer: setTimeout(() => {
      statsThrottles.delete(queryClient);
      if (throttle.trailing) invalidateStatsThrottled(queryClient);
    }, TRACK_STATS_REFETCH_MS),
  };
  statsThrottles.set(queryClient, throttle);
}

function isPlaylistEdit(value: unknown): value is { playlistId: string } {
  return typeof (value as { playlistId?: unknown } | null)?.playlistId === 'string';
}

/** Applies one server event: patches what its payload tells exactly, and makes the rest stale. */
export function applyLiveEvent(queryClient: QueryClient, type: LiveEventType, payload?: unknown): void {
  if (type === 'track.stats' && isTrackStats(payload)) {
    for (const query of queryClient.getQueryCache().getAll()) {
      const { data, dataUpdatedAt, isInvalidated } = query.state;
      const next = patchTrackStats(data, payload);
      if (next === data) continue;
      // New counts are not a fresh read: a page marked stale (an entry moved while it was off
      // screen) stays stale and as old as it was, so opening it still reads it again.
      queryClient.setQueryData(query.queryKey, next, { updatedAt: dataUpdatedAt });
      if (isInvalidated) query.invalidate();
    }
  }
  if (type === 'track.stats') invalidateStatsThrottled(queryClient);
  if (type === 'playlist.edited' && isPlaylistEdit(payload)) void queryClient.invalidateQueries({ queryKey: queryKeys.playlists.detail(payload.playlistId) });
  for (const queryKey of LIVE_EVENT_STALE_KEYS[type]) void queryClient.invalidateQueries({ queryKey });
  for (const listener of liveListeners) listener(type, payload);
}

function parsePayload(event: Event): unknown {
  if (!(event instanceof MessageEvent) || typeof event.data !== 'string') return undefined;
  try {
    return JSON.parse(event.data) as unknown;
  } catch {
    return undefined;
  }
}

/** The signed-in user's id as the cached `me` query holds it (null when signed out or unknown). */
function cachedUserId(queryClient: QueryClient): string | null {
  const me = queryClient.getQueryData<{ user?: { id?: string } } | null>(queryKeys.me);
  return me?.user?.id ?? null;
}

/**
 * Listens to `/api/events` (server-sent events). EventSource reconnects by itself; after a
 * reconnect everything is refetched, since events sent while away were missed. The server picks
 * a stream's private events by the session it opened with, so signing in or out reconnects.
 */
export function useLiveUpdates(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let userId = cachedUserId(queryClient);

    const connect = () => {
      source?.close();
      const next = new EventSource('/api/events');
      let opened = false;
      next.addEventListener('open', () => {
        if (opened) void queryClient.invalidateQueries();
        opened = true;
      });
      for (const type of LIVE_EVENT_TYPES) next.addEventListener(type, (event) => applyLiveEvent(queryClient, type, parsePayload(event)));
      source = next;
    };

    connect();
    const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.query.queryHash !== JSON.stringify(queryKeys.me)) return;
      const next = cachedUserId(queryClient);
      if (next === userId) return;
      userId = next;
      connect();
    });
    return () => {
      unsubscribe();
      source?.close();
    };
  }, [queryClient]);
}
