import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/* Collaborative playlists: the invite link, joining and leaving, and the activity list. */

const path = (id: string) => `/api/playlists/${encodeURIComponent(id)}`;

/** Under the playlist's detail key, so a `playlist.edited` live event refetches it with the entries. */
export const playlistActivityKey = (id: string, page: number) => [...queryKeys.playlists.detail(id), 'activity', page] as const;

/** `GET /api/playlists/:id/activity?page=`: who added, removed and moved what, newest first. */
export function usePlaylistActivity(id: string, page: number) {
  return useQuery({
    queryKey: playlistActivityKey(id, page),
    queryFn: ({ signal }) => apiRequest(`${path(id)}/activity`, { schema: 'playlistActivityListSchema', query: { page }, signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** Membership and the link show on the detail and in everyone's lists: all of them read again. */
function useInvalidatePlaylist() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.playlists.all });
}

/** `POST /api/playlists/:id/invite` (a new link; the old one dies) or `DELETE` (no link). */
export function useInviteLink() {
  const invalidate = useInvalidatePlaylist();
  return useMutation({
    mutationFn: ({ playlistId, enabled }: { playlistId: string; enabled: boolean }): Promise<{ invite: string | null }> =>
      enabled
        ? apiRequest(`${path(playlistId)}/invite`, { schema: 'playlistInviteSchema', method: 'POST' })
        : apiRequest(`${path(playlistId)}/invite`, { schema: 'unreadAnswerSchema', method: 'DELETE' }).then(() => ({ invite: null })),
    onSettled: invalidate,
  });
}

/** `POST /api/playlists/:id/collaborators { invite }`: joins with the link's token. */
export function useJoinPlaylist() {
  const invalidate = useInvalidatePlaylist();
  return useMutation({
    mutationFn: ({ playlistId, invite }: { playlistId: string; invite: string }) =>
      apiRequest(`${path(playlistId)}/collaborators`, { schema: 'playlistDetailSchema', method: 'POST', json: { invite } }),
    onSettled: invalidate,
  });
}

/** `DELETE /api/playlists/:id/collaborators/:userId`: the owner removes someone, or a collaborator leaves. */
export function useRemoveCollaborator() {
  const invalidate = useInvalidatePlaylist();
  return useMutation({
    mutationFn: ({ playlistId, userId }: { playlistId: string; userId: string }) =>
      apiRequest(`${path(playlistId)}/collaborators/${encodeURIComponent(userId)}`, { schema: 'unreadAnswerSchema', method: 'DELETE' }),
    onSettled: invalidate,
  });
}
