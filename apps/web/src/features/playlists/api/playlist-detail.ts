import type { PlaylistDetail } from '@platter/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

const path = (id: string) => `/api/playlists/${encodeURIComponent(id)}`;

/** `GET /api/playlists/:id`: a playlist with its entries (404 for someone else's private one). */
export const playlistDetailQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.playlists.detail(id),
    queryFn: ({ signal }) => apiRequest(path(id), { schema: (c) => c.playlistDetailSchema, signal }),
    retry: false,
  });

export function usePlaylistDetail(id: string) {
  return useQuery({ ...playlistDetailQueryOptions(id), enabled: id !== '' });
}

/** Every change of entries (or of the cover) answers the new detail: it goes straight into the cache. */
export function useDetailMutation<Vars extends { playlistId: string }>(request: (vars: Vars) => Promise<PlaylistDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (detail) => queryClient.setQueryData(queryKeys.playlists.detail(detail.id), detail),
    // The list shows track counts, and another open detail may show the same playlist.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.playlists.mine }),
  });
}

/** `POST /api/playlists/:id/tracks { trackId }`. */
export function useAddToPlaylist() {
  return useDetailMutation(({ playlistId, trackId }: { playlistId: string; trackId: string }) =>
    apiRequest(`${path(playlistId)}/tracks`, { schema: (c) => c.playlistDetailSchema, method: 'POST', json: { trackId } }),
  );
}

/** `DELETE /api/playlists/:id/tracks/:entryId`. */
export function useRemoveFromPlaylist() {
  return useDetailMutation(({ playlistId, entryId }: { playlistId: string; entryId: string }) =>
    apiRequest(`${path(playlistId)}/tracks/${encodeURIComponent(entryId)}`, { schema: (c) => c.playlistDetailSchema, method: 'DELETE' }),
  );
}

/** `PUT /api/playlists/:id/order { entryIds }`, shown at once and rolled back on failure. */
export function useReorderPlaylist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ playlistId, entryIds }: { playlistId: string; entryIds: string[] }) =>
      apiRequest(`${path(playlistId)}/order`, { schema: (c) => c.playlistDetailSchema, method: 'PUT', json: { entryIds } }),
    onMutate: async ({ playlistId, entryIds }) => {
      const key = queryKeys.playlists.detail(playlistId);
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<PlaylistDetail>(key);
      if (previous) {
        const byId = new Map(previous.entries.map((entry) => [entry.entryId, entry]));
        const entries = entryIds.flatMap((id, position) => {
          const entry = byId.get(id);
          return entry ? [{ ...entry, position }] : [];
        });
        queryClient.setQueryData<PlaylistDetail>(key, { ...previous, entries });
      }
      return { previous };
    },
    onError: (_error, { playlistId }, context) => {
      if (context?.previous) queryClient.setQueryData(queryKeys.playlists.detail(playlistId), context.previous);
    },
    onSuccess: (detail) => queryClient.setQueryData(queryKeys.playlists.detail(detail.id), detail),
  });
}
