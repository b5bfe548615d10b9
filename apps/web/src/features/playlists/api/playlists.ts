import type { Playlist, PlaylistDetail } from '@platter/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /api/playlists`: the signed-in listener's playlists. */
export const myPlaylistsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.playlists.mine,
    queryFn: ({ signal }) => apiRequest('/api/playlists', { schema: 'playlistListSchema', signal }),
  });

export function useMyPlaylists(signedIn: boolean) {
  return useQuery({ ...myPlaylistsQueryOptions(), enabled: signedIn });
}

const path = (id: string) => `/api/playlists/${encodeURIComponent(id)}`;

function useInvalidatePlaylists() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.playlists.all });
}

/** `POST /api/playlists { name }`. */
export function useCreatePlaylist() {
  const invalidate = useInvalidatePlaylists();
  return useMutation({
    mutationFn: (name: string) => apiRequest('/api/playlists', { schema: 'playlistSchema', method: 'POST', json: { name } }),
    onSettled: invalidate,
  });
}

/** `PATCH /api/playlists/:id { name?, isPublic? }`; the answer goes straight into the playlist's open pages. */
export function useUpdatePlaylist() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidatePlaylists();
  return useMutation({
    mutationFn: ({ id, ...patch }: { id: string; name?: string; isPublic?: boolean }) =>
      apiRequest(path(id), { schema: 'playlistSchema', method: 'PATCH', json: patch }),
    onSuccess: (playlist) =>
      queryClient.setQueriesData<PlaylistDetail>({ queryKey: [...queryKeys.playlists.detail(playlist.id), 'page'] }, (detail) =>
        detail ? { ...detail, ...playlist } : detail,
      ),
    onSettled: invalidate,
  });
}

/** `DELETE /api/playlists/:id` (204). */
export function useDeletePlaylist() {
  const invalidate = useInvalidatePlaylists();
  return useMutation({
    mutationFn: (playlist: Pick<Playlist, 'id'>) => apiRequest(path(playlist.id), { schema: 'unreadAnswerSchema', method: 'DELETE' }),
    onSettled: invalidate,
  });
}
