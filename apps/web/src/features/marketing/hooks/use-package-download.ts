import type { AppDownload } from '@platter/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchWithProgress, saveBlob } from '../lib/download-file';

/**
 * SPEC 4's download: idle → preparing (progress 0–100%, button disabled) → the file is handed to
 * the browser → idle again ('done' is idle that still shows the finished 100%).
 */
export type PackageDownloadState =
  | { phase: 'idle' }
  | { phase: 'preparing'; percent: number }
  | { phase: 'done'; fileName: string }
  | { phase: 'failed' };

/**
 * Starts the Android package download the API describes: a file Platter serves is fetched with
 * real progress and handed to the browser; a remote package opens in a new window.
 * ('none' is the caller's: it offers the PWA install instead.)
 */
export function usePackageDownload(download: AppDownload | undefined) {
  const [state, setState] = useState<PackageDownloadState>({ phase: 'idle' });
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const start = useCallback(async () => {
    if (!download?.url || state.phase === 'preparing') return;
    if (download.kind === 'remote') {
      window.open(download.url, '_blank', 'noopener,noreferrer');
      return;
    }
    if (download.kind !== 'file') return;
    const controller = new AbortController();
    abort.current = controller;
    setState({ phase: 'preparing', percent: 0 });
    try {
      const blob = await fetchWithProgress(download.url, (percent) => setState({ phase: 'preparing', percent }), {
        expectedSize: download.size,
        signal: controller.signal,
      });
      const fileName = download.fileName ?? 'platter.apk';
      saveBlob(blob, fileName);
      setState({ phase: 'done', fileName });
    } catch (error) {
      if (controller.signal.aborted) return;
      console.error(error);
      setState({ phase: 'failed' });
    }
  }, [download, state.phase]);

  return { state, start };
}
