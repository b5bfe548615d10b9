import type { PlaylistDetail } from '@platter/shared';
import { apiRequest } from '../../../lib/api-client';
import { putImageBody } from '../../../lib/put-image-body';
import { pageQuery, useDetailMutation } from './playlist-detail';

const path = (id: string) => `/api/playlists/${encodeURIComponent(id)}/cover`;

/**
 * `PUT /api/playlists/:id/cover` (answered with the first page) with the image file as the raw body (no JSON): the server checks,
 * resizes and stores it. Fails with an ApiError carrying the status (413 too big, 415 not an image).
 */
function putCover(playlistId: string, image: Blob): Promise<PlaylistDetail> {
  return putImageBody(`${path(playlistId)}${pageQuery(1)}`, image, 'playlistDetailSchema');
}

/** Gives the playlist its own cover, which wins over the mosaic of its tracks' covers. */
export function useSetPlaylistCover() {
  return useDetailMutation(({ playlistId, image }: { playlistId: string; image: Blob }) => putCover(playlistId, image));
}

/** `DELETE /api/playlists/:id/cover`: back to the mosaic. */
export function useRemovePlaylistCover() {
  return useDetailMutation(({ playlistId }: { playlistId: string }) =>
    apiRequest(`${path(playlistId)}${pageQuery(1)}`, { schema: 'playlistDetailSchema', method: 'DELETE' }),
  );
}
