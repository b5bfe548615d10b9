import type { Track } from '@platter/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { TrackList } from '../../../components/track-list/track-list';
import { useTopCharts } from '../api/top-charts';

interface TopChartsProps {
  activeTrackId: string | null;
  isPlaying: boolean;
  onPlay: (tracks: readonly Track[], index: number) => void;
}

/** The 10 most listened tracks; a load failure is logged and shows the empty text (SPEC 8). */
export function TopCharts({ activeTrackId, isPlaying, onPlay }: TopChartsProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const charts = useTopCharts();
  const items = charts.data?.items ?? [];
  if (charts.isError) console.error('top charts', charts.error);
  return (
    <section className="search__section" aria-labelledby={headingId}>
      <h2 id={headingId} className="search__heading">
        {t('search.topCharts')}
      </h2>
      {charts.isPending ? (
        <p className="status-text">{t('common.loading')}</p>
      ) : items.length === 0 ? (
        <p className="status-text">{t('search.noTopTracks')}</p>
      ) : (
        <TrackList tracks={items} activeTrackId={activeTrackId} isPlaying={isPlaying} onPlay={onPlay} label={t('search.chartsLabel')} />
      )}
    </section>
  );
}
