import { useSearchParams } from 'react-router';
import { useMe } from '../../features/auth/api/get-me';
import { DashboardView } from '../../features/dashboard/components/dashboard-view';
import { DEFAULT_RANGE, parseRange, type DashboardRange } from '../../features/dashboard/format';
import { usePlayTrackList } from '../../features/player/hooks/use-play-track-list';

/** /home/ArtistDashboard: a lazy route, so the chart library loads only here. The range is URL state (`?days=`). */
export function ArtistDashboardRoute() {
  const me = useMe();
  const [search, setSearch] = useSearchParams();
  const { activeTrackId, isPlaying, playTrack } = usePlayTrackList();
  const account = me.isPending ? 'pending' : me.data ? 'signed-in' : 'signed-out';
  const onDaysChange = (days: DashboardRange) =>
    setSearch(days === DEFAULT_RANGE ? {} : { days: String(days) }, { replace: true });
  return (
    <DashboardView
      account={account}
      days={parseRange(search.get('days'))}
      onDaysChange={onDaysChange}
      activeTrackId={activeTrackId}
      isPlaying={isPlaying}
      onPlay={playTrack}
    />
  );
}
