import type { PlaylistImportResult, UnmatchedEntry } from '@platter/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-error';
import { queryKeys } from '../../../lib/query-keys';
import { sendRawBody } from '../../../lib/raw-body-request';

/** `POST /api/playlists/import`: the file as the body; a new playlist of what matched, and a report. */
function importPlaylist(file: File): Promise<PlaylistImportResult> {
  return sendRawBody('POST', '/api/playlists/import', file, 'playlistImportResultSchema');
}

function describe(entry: UnmatchedEntry): string {
  if (entry.title) return entry.artist ? `${entry.artist} – ${entry.title}` : entry.title;
  return entry.location ?? '—';
}

/** "Import a playlist": an M3U8 or XSPF file becomes a playlist of mine, with what did not match listed. */
export function PlaylistImport() {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const queryClient = useQueryClient();
  const run = useMutation({
    mutationFn: importPlaylist,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.playlists.all }),
  });
  const report = run.data;

  return (
    <section className="playlist-import" aria-label={t('playlistTransfer.importTitle')}>
      <input
        ref={input}
        type="file"
        accept=".m3u,.m3u8,.xspf,audio/x-mpegurl,application/xspf+xml"
        className="visually-hidden"
        aria-label={t('playlistTransfer.chooseFile')}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          event.currentTarget.value = '';
          if (file) run.mutate(file);
        }}
      />
      <button type="button" className="button" disabled={run.isPending} onClick={() => input.current?.click()}>
        {run.isPending ? t('playlistTransfer.importing') : t('playlistTransfer.import')}
      </button>
      {run.isError && (
        <p className="error-text" role="alert">
          {run.error instanceof ApiError && run.error.status >= 400 && run.error.status < 500 && run.error.message ? run.error.message : t('playlistTransfer.failed')}
        </p>
      )}
      {report && (
        <div className="playlist-import__report" role="status" data-testid="playlist-import-report">
          <p>
            {t('playlistTransfer.done', { matched: report.matched, total: report.total })}{' '}
            <Link to={paths.playlist.getHref(report.playlist.id)}>{report.playlist.name}</Link>
          </p>
          {report.unmatchedTotal > 0 && (
            <>
              <p className="status-text">{t('playlistTransfer.unmatched', { count: report.unmatchedTotal })}</p>
              <ul className="playlist-import__unmatched">
                {report.unmatched.map((entry) => (
                  <li key={entry.position}>
                    {t('playlistTransfer.line', { position: entry.position, entry: describe(entry) })} — {t(`playlistTransfer.reasons.${entry.reason}`)}
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
    </section>
  );
}

/** Links that download the playlist as M3U8 or XSPF. */
export function PlaylistExportLinks({ playlistId }: { playlistId: string }) {
  const { t } = useTranslation();
  const href = (format: 'm3u8' | 'xspf') => `/api/playlists/${encodeURIComponent(playlistId)}/export?format=${format}`;
  return (
    <span className="playlist-export">
      <a className="button" href={href('m3u8')} download>
        {t('playlistTransfer.exportM3u8')}
      </a>
      <a className="button" href={href('xspf')} download>
        {t('playlistTransfer.exportXspf')}
      </a>
    </span>
  );
}
