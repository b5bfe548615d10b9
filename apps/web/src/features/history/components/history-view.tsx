import type { Track } from '@platter/shared';
import { useTranslation } from 'react-i18next';
import { TrackList } from '../../../components/track-list/track-list';
import { useServerHistory } from '../api/history';

export interface HistoryViewProps {
  signedIn: boolean;
  /** This browser's history (`trackHistory`), shown to a signed-out listener. */
  readLocalHistory: () => Track[];
  activeTrackId: string | null;
  isPlaying: boolean;
  onPlay: (tracks: readonly Track[], index: number) => void;
}

/** Previously played tracks: the server's (every device) when signed in, this browser's otherwise. */
export function HistoryView({ signedIn, readLocalHistory, activeTrackId, isPlaying, onPlay }: HistoryViewProps) {
  const { t } = useTranslation();
  const server = useServerHistory(signedIn);
  if (signedIn && server.isPending) return <p className="status-text">{t('common.loading')}</p>;
  if (signedIn && server.isError)
    return (
      <p className="error-text" role="alert">
        {t('history.loadError')}
      </p>
    );
  const tracks = signedIn ? (server.data?.items.map((entry) => entry.track) ?? []) : readLocalHistory();
  if (tracks.length === 0) return <p className="status-text">{t('history.empty')}</p>;
  return <TrackList tracks={tracks} activeTrackId={activeTrackId} isPlaying={isPlaying} onPlay={onPlay} label={t('history.list')} />;
}
