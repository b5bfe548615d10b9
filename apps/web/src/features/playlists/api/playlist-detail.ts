import type { PlaylistDetail, PlaylistEntry } from '@platter/shared';
import { PLAYLIST_MAX_PAGE_SIZE, PLAYLIST_PAGE_SIZE } from '@platter/shared/constants';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { takeInitialAnswer } from '../../../lib/initial-data';
import { queryKeys } from '../../../lib/query-keys';

const path = (id: string) => `/api/playlists/${encodeURIComponent(id)}`;
/** The query string of one page of a playlist: what the detail and every change of it ask for. */
export const pageQuery = (page: number, size = PLAYLIST_PAGE_SIZE) => `?page=${page}&pageSize=${size}`;

/** Every query of one playlist (its pages and its whole track list) starts with this key. */
export const playlistPageKey = (id: string, page: number) => [...queryKeys.playlists.detail(id), 'page', page] as const;
export const playlistEntriesKey = (id: string) => [...queryKeys.playlists.detail(id), 'entries'] as const;

/**
 * `GET /api/playlists/:id?page=`: a playlist's header (name, owner, count, duration, covers) with
 * one page of its entries (404 for someone else's private one). A long playlist is read a page at a
 * time, so opening one of thousands of tracks costs what opening one of fifty does.
 */
export const playlistPageQueryOptions = (id: string, page = 1, invite?: string) =>
  queryOptions({
    // With an invite link's token (a private playlist read before joining), a key of its own.
    queryKey: invite ? [...playlistPageKey(id, page), 'invite', invite] : playlistPageKey(id, page),
    queryFn: ({ signal }) =>
      apiRequest(`${path(id)}${pageQuery(page)}${invite ? `&invite=${encodeURIComponent(invite)}` : ''}`, { schema: 'playlistDetailSchema', signal }),
    // A public playlist's share link carries its first page for a signed-out visitor.
    initialData: () => (invite ? undefined : takeInitialAnswer<PlaylistDetail>(`${path(id)}${pageQuery(page)}`)),
    retry: false,
  });

export function usePlaylistPage(id: string, page = 1, invite?: string) {
  return useQuery({
    ...playlistPageQueryOptions(id, page, invite),
    enabled: id !== '',
    // Turning a page keeps the last one on screen until the next arrives (same playlist only).
    placeholderData: (previous) => (previous?.id === id ? keepPreviousData(previous) : undefined),
  });
}

/**
 * Every visible entry of the playlist in play order, read in pages of PLAYLIST_MAX_PAGE_SIZE (each
 * a short request): what Play all, Shuffle and Save for offline act on.
 */
export const playlistEntriesQueryOptions = (id: string) =>
  queryOptions({
    queryKey: playlistEntriesKey(id),
    queryFn: async ({ signal }): Promise<PlaylistEntry[]> => {
      const entries: PlaylistEntry[] = [];
      for (let page = 1; ; page++) {
        const detail = await apiRequest(`${path(id)}${pageQuery(page, PLAYLIST_MAX_PAGE_SIZE)}`, { schema: 'playlistDetailSchema', signal });
        entries.push(...detail.entries);
        if (page >= (detail.page?.pages ?? 1)) return entries;
      }
    },
    retry: false,
    staleTime: 30_000,
  });

export function usePlaylistEntries(id: string, enabled: boolean) {
  return useQuery({ ...playlistEntriesQueryOptions(id), enabled: enabled && id !== '' });
}

/**
 * Every change of entries (or of the cover) answers a page of the detail: it goes straight into
 * the cache under that page's key, and the playlist's other queries (pages, whole track list) are
 * marked stale, so an open one reads again.
 */
export function useDetailMutation<Vars extends { playlistId: string; page?: number }>(request: (vars: Vars) => Promise<PlaylistDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (detail, vars) => {
      const answered: QueryKey = playlistPageKey(detail.id, vars.page ?? 1);
      queryClient.setQueryData(answered, detail);
      const same = (key: QueryKey) => key.length === answered.length && key.every((part, i) => part === answered[i]);
      void queryClient.invalidateQueries({ queryKey: queryKeys.playlists.detail(detail.id), predicate: (query) => !same(query.queryKey) });
    },
    // The list shows track counts, and another open detail may show the same playlist.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.playlists.mine }),
  });
}

/** `POST /api/playlists/:id/tracks { trackId }` (answered with the first page). */
export function useAddToPlaylist() {
  return useDetailMutation(({ playlistId, trackId }: { playlistId: string; trackId: string }) =>
    apiRequest(`${path(playlistId)}/tracks${pageQuery(1)}`, { schema: 'playlistDetailSchema', method: 'POST', json: { trackId } }),
  );
}

/** `DELETE /api/playlists/:id/tracks/:entryId`, answered with the page on screen. */
export function useRemoveFromPlaylist() {
  return useDetailMutation(({ playlistId, entryId, page = 1 }: { playlistId: string; entryId: string; page?: number }) =>
    apiRequest(`${path(playlistId)}/tracks/${encodeURIComponent(entryId)}${pageQuery(page)}`, { schema: 'playlistDetailSchema', method: 'DELETE' }),
  );
}

/**
 * `PUT /api/playlists/:id/tracks/:entryId/position { position }`: moves one entry to a place
 * (0-based), answered with the page on screen.
 */
export function useMovePlaylistEntry() {
  return useDetailMutation(({ playlistId, entryId, position, page = 1 }: { playlistId: string; entryId: string; position: number; page?: number }) =>
    apiRequest(`${path(playlistId)}/tracks/${encodeURIComponent(entryId)}/position${pageQuery(page)}`, {
      schema: 'playlistDetailSchema',
      method: 'PUT',
      json: { position },
    }),
  );
}
