import type { Track } from '@platter/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatSize } from '../format-size';
import { isOfflineSupported, offlineSpace, removeSavedTracks, useSavedTracks } from '../saved-tracks';
import './offline.css';

export interface SavedViewProps {
  activeTrackId: string | null;
  isPlaying: boolean;
  /** Plays the saved tracks as the active list from `index`. */
  onPlay: (tracks: readonly Track[], index: number) => void;
  /** Shown above the list, e.g. why the catalogue is not there (offline). */
  intro?: string;
}

/** The Saved tab: what plays with no network, the space it takes, and Remove. */
export function SavedView({ activeTrackId, isPlaying, onPlay, intro }: SavedViewProps) {
  const { t, i18n } = useTranslation();
  const saved = useSavedTracks();
  const [usage, setUsage] = useState<number | null>(null);
  const total = saved.reduce((sum, item) => sum + item.size, 0);

  useEffect(() => {
    void offlineSpace().then((space) => setUsage(space.usage));
  }, [total]);

  if (!isOfflineSupported()) return <p className="shell-notice">{t('offline.unsupported')}</p>;
  const tracks = saved.map((item) => item.track);
  const remove = (ids?: string[]) => void removeSavedTracks(ids).catch((error: unknown) => console.error('remove offline', error));

  return (
    <div className="saved-view">
      {intro && <p className="shell-notice">{intro}</p>}
      <div className="saved-view__summary">
        <p data-testid="saved-space">
          {t('offline.space', { count: saved.length, size: formatSize(total, i18n.language) })}
          {usage !== null && <> · {t('offline.storage', { size: formatSize(usage, i18n.language) })}</>}
        </p>
        {saved.length > 0 && (
          <button type="button" className="button button--secondary" onClick={() => remove()}>
            {t('offline.removeAll')}
          </button>
        )}
      </div>
      {saved.length === 0 ? (
        <p className="status-text">{t('offline.empty')}</p>
      ) : (
        <ol className="saved-list" aria-label={t('offline.list')}>
          {saved.map(({ track, size }, index) => {
            const active = track.id === activeTrackId;
            return (
              <li key={track.id} className={`saved-row ${active ? 'saved-row--active' : ''}`} data-testid="saved-track">
                <button
                  type="button"
                  className="saved-row__play"
                  aria-current={active ? 'true' : undefined}
                  aria-label={t(active && isPlaying ? 'tracks.pause' : 'tracks.play', { title: track.title })}
                  onClick={() => onPlay(tracks, index)}
                >
                  <span className="saved-row__title">{track.title}</span>
                  <span className="saved-row__artist">{track.artist}</span>
                </button>
                <span className="saved-row__size">{formatSize(size, i18n.language)}</span>
                <button
                  type="button"
                  className="button button--link"
                  aria-label={t('offline.removeTrack', { title: track.title })}
                  onClick={() => remove([track.id])}
                >
                  {t('offline.removeShort')}
                </button>
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
