import type { Track } from '@platter/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOnline } from '../hooks/use-online';
import { isOfflineSupported, removeSavedTracks, saveTrackOffline, useSavedTracks } from '../saved-tracks';
import './offline.css';

export interface SaveOfflineButtonProps {
  /** One track (a track's '...' sheet) or a playlist's tracks. */
  tracks: readonly Track[];
  /** Whether these are a playlist's tracks: changes the wording only. */
  playlist?: boolean;
  className?: string;
  /** Fill its cell (in a grid of actions) rather than size to the label. */
  fill?: boolean;
}

type Progress = { kind: 'idle' } | { kind: 'saving'; done: number; total: number } | { kind: 'failed' };

/**
 * 'Save for offline': downloads the tracks' audio and covers into the offline cache one at a
 * time. When all of them are saved it offers to remove them instead.
 */
export function SaveOfflineButton({ tracks, playlist = false, className = 'button button--secondary', fill = false }: SaveOfflineButtonProps) {
  const { t } = useTranslation();
  const online = useOnline();
  const savedIds = new Set(useSavedTracks().map((item) => item.track.id));
  const [progress, setProgress] = useState<Progress>({ kind: 'idle' });
  if (!isOfflineSupported() || tracks.length === 0) return null;

  const allSaved = tracks.every((track) => savedIds.has(track.id));
  const saving = progress.kind === 'saving';

  const save = async () => {
    const missing = tracks.filter((track) => !savedIds.has(track.id));
    setProgress({ kind: 'saving', done: 0, total: missing.length });
    try {
      for (const [index, track] of missing.entries()) {
        await saveTrackOffline(track);
        setProgress({ kind: 'saving', done: index + 1, total: missing.length });
      }
      setProgress({ kind: 'idle' });
    } catch (error) {
      console.error('save for offline', error);
      setProgress({ kind: 'failed' });
    }
  };

  const label = saving
    ? progress.total > 1
      ? t('offline.savingProgress', { done: progress.done, total: progress.total })
      : t('offline.saving')
    : allSaved
      ? t(playlist ? 'offline.removePlaylist' : 'offline.remove')
      : t(playlist ? 'offline.savePlaylist' : 'offline.save');

  return (
    <span className={`save-offline ${fill ? 'save-offline--fill' : ''}`}>
      <button
        type="button"
        className={className}
        aria-pressed={allSaved}
        disabled={saving || (!allSaved && !online)}
        onClick={() => {
          if (allSaved) void removeSavedTracks(tracks.map((track) => track.id)).catch((error: unknown) => console.error('remove offline', error));
          else void save();
        }}
      >
        {label}
      </button>
      <span className="save-offline__status" role="status">
        {progress.kind === 'failed' ? t('offline.saveFailed') : allSaved ? t(playlist ? 'offline.savedPlaylist' : 'offline.saved') : ''}
      </span>
    </span>
  );
}
