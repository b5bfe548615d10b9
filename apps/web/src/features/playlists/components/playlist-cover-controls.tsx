import type { PlaylistDetail } from '@platter/shared';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-error';
import { useRemovePlaylistCover, useSetPlaylistCover } from '../api/playlist-cover';

/** The owner's cover tools: pick an image as the playlist's own cover, or remove it to show the mosaic again. */
export function PlaylistCoverControls({ playlist }: { playlist: PlaylistDetail }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const set = useSetPlaylistCover();
  const remove = useRemovePlaylistCover();
  const busy = set.isPending || remove.isPending;
  const error = set.error ?? remove.error;
  const status = error instanceof ApiError ? error.status : 0;
  const message = status === 413 ? 'playlists.coverTooLarge' : status === 415 ? 'playlists.coverNotImage' : 'playlists.failed';
  return (
    <div className="playlist-cover-controls">
      <input
        ref={input}
        type="file"
        accept="image/*"
        hidden
        aria-label={t('playlists.coverFile')}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          event.currentTarget.value = '';
          if (!file) return;
          remove.reset();
          set.mutate({ playlistId: playlist.id, image: file }, { onError: (e) => console.error('set playlist cover', e) });
        }}
      />
      <button type="button" className="button button--secondary" disabled={busy} onClick={() => input.current?.click()}>
        {set.isPending ? t('playlists.coverUploading') : t(playlist.image ? 'playlists.changeCover' : 'playlists.setCover')}
      </button>
      {playlist.image && (
        <button
          type="button"
          className="button button--link"
          disabled={busy}
          onClick={() => {
            set.reset();
            remove.mutate({ playlistId: playlist.id }, { onError: (e) => console.error('remove playlist cover', e) });
          }}
        >
          {t('playlists.removeCover')}
        </button>
      )}
      {error && (
        <p className="error-text" role="alert">
          {t(message)}
        </p>
      )}
    </div>
  );
}
