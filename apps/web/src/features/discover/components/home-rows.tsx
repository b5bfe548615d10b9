import type { Track } from '@platter/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CardGroup, CardRow, ReleaseTile, TrackCard } from '../../../components/card-row/card-row';
import { useNewReleases, useTrending } from '../api/discover';
import './discover.css';

/** Whether either of home's rows is still loading (the same queries as the rows'). */
export function useHomeRowsPending(): boolean {
  const releases = useNewReleases();
  const trending = useTrending();
  return releases.isPending || trending.isPending;
}

/** Home's discovery rows: side by side on a wide screen (the catalogue stays near the fold), stacked on a narrow one. */
export function HomeRows({ children }: { children: ReactNode }) {
  return <div className="home-rows">{children}</div>;
}

/** Home's "New releases": the newest public releases as cards, each playing from its first track. */
export function NewReleasesRow({ onPlayRelease }: { onPlayRelease: (releaseId: string) => void }) {
  const { t } = useTranslation();
  const releases = useNewReleases();
  const items = releases.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <CardRow title={t('discover.newReleases')} testId="new-releases">
      <CardGroup label={t('discover.newReleases')}>
        {items.map((release) => (
          <ReleaseTile key={release.id} release={release} onPlay={() => onPlayRelease(release.id)} />
        ))}
      </CardGroup>
    </CardRow>
  );
}

/** Home's "Trending": this week's most listened tracks as cards; a card plays the row from it. */
export function TrendingRow({ activeTrackId, onPlay }: { activeTrackId: string | null; onPlay: (tracks: readonly Track[], index: number) => void }) {
  const { t } = useTranslation();
  const trending = useTrending();
  const items = trending.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <CardRow title={t('discover.trending')} testId="trending">
      <CardGroup label={t('discover.trending')}>
        {items.map((track, index) => (
          <TrackCard key={track.id} track={track} active={track.id === activeTrackId} onPlay={() => onPlay(items, index)} />
        ))}
      </CardGroup>
    </CardRow>
  );
}
