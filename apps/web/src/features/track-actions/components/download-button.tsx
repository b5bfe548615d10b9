import type { Track } from '@platter/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getTrackDownload } from '../api/get-track-download';

/**
 * Download of the original file, where its artist allows it: asks for a signed link to the original file and follows it (the server
 * sends it as an attachment). Shown when the artist allows downloads, and to the owner always.
 */
export function DownloadButton({ track }: { track: Pick<Track, 'id' | 'title'> }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      const { url } = await getTrackDownload(track.id);
      const link = document.createElement('a');
      link.href = url;
      link.download = '';
      link.rel = 'noopener';
      document.body.append(link);
      link.click();
      link.remove();
    } catch (cause) {
      setError(t('visibility.downloadFailed', { reason: cause instanceof Error ? cause.message : String(cause) }));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button type="button" className="button button--secondary" data-testid="track-download" disabled={busy} onClick={() => void download()}>
        {busy ? t('visibility.downloading') : t('visibility.download')}
      </button>
      {error && (
        <p className="error-text" role="alert">
          {error}
        </p>
      )}
    </>
  );
}
