import { playlistDetailSchema, type PlaylistDetail } from '@platter/shared';
import { apiRequest } from '../../../lib/api-client';
import { ApiError, apiErrorFromBody } from '../../../lib/api-error';
import { useDetailMutation } from './playlist-detail';

const path = (id: string) => `/api/playlists/${encodeURIComponent(id)}/cover`;

/**
 * `PUT /api/playlists/:id/cover` with the image file as the raw body (no JSON): the server checks,
 * resizes and stores it. Fails with an ApiError carrying the status (413 too big, 415 not an image).
 */
async function putCover(playlistId: string, image: Blob): Promise<PlaylistDetail> {
  let response: Response;
  try {
    response = await fetch(path(playlistId), {
      method: 'PUT',
      headers: { Accept: 'application/json', 'Content-Type': image.type || 'application/octet-stream' },
      body: image,
      credentials: 'same-origin',
    });
  } catch (cause) {
    throw new ApiError(0, 'network_error', cause instanceof Error ? cause.message : 'Network error');
  }
  const text = await response.text();
  if (!response.ok) throw apiErrorFromBody(response.status, response.statusText, text);
  return playlistDetailSchema.parse(text ? JSON.parse(text) : undefined);
}

/** Gives the playlist its own cover, which wins over the mosaic of its tracks' covers. */
export function useSetPlaylistCover() {
  return useDetailMutation(({ playlistId, image }: { playlistId: string; image: Blob }) => putCover(playlistId, image));
}

/** `DELETE /api/playlists/:id/cover`: back to the mosaic. */
export function useRemovePlaylistCover() {
  return useDetailMutation(({ playlistId }: { playlistId: string }) => apiRequest(path(playlistId), { schema: playlistDetailSchema, method: 'DELETE' }));
}
