import type { Dashboard, Track } from '@platter/shared';
import { DASHBOARD_RANGES } from '@platter/shared/constants';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useDashboard } from '../api/get-dashboard';
import type { DashboardRange } from '../format';
import { DailyChart } from './daily-chart';
import { RecentComments } from './recent-comments';
import { TopTracks } from './top-tracks';
import './dashboard.css';
import { SignInPrompt } from '../../../components/sign-in-prompt';

export interface DashboardViewProps {
  /** Who is looking: 'pending' until the session is known. */
  account: 'pending' | 'signed-out' | 'signed-in';
  days: DashboardRange;
  onDaysChange: (days: DashboardRange) => void;
  activeTrackId: string | null;
  isPlaying: boolean;
  onPlay: (tracks: readonly Track[], index: number) => void;
}

/** /home/ArtistDashboard: the signed-in artist's listens, subscribers, top tracks and comments. */
export function DashboardView({ account, days, onDaysChange, ...player }: DashboardViewProps) {
  const { t } = useTranslation();
  const dashboard = useDashboard(days, account === 'signed-in');
  const title = t('dashboard.title');
  useEffect(() => {
    document.title = `${title} · Platter`;
  }, [title]);

  let body;
  if (account === 'pending' || (account === 'signed-in' && dashboard.isPending)) body = <p className="status-text">{t('common.loading')}</p>;
  else if (account === 'signed-out') body = <SignInPrompt className="dashboard__notice" text={t('dashboard.signIn')} />;
  else if (!dashboard.data)
    body = (
      <p className="error-text" role="alert">
        {t('dashboard.loadError')}
      </p>
    );
  else body = <DashboardContent data={dashboard.data} busy={dashboard.isPlaceholderData} {...player} />;

  return (
    <article className="dashboard">
      <header className="dashboard__header">
        <div className="dashboard__heading">
          <h1 className="dashboard__title">{title}</h1>
          <Link className="button button--link" to={paths.home.getHref('menu')}>
            {t('dashboard.backToStudio')}
          </Link>
        </div>
        {account === 'signed-in' && <RangeSwitch days={days} onChange={onDaysChange} />}
      </header>
      {body}
    </article>
  );
}

function RangeSwitch({ days, onChange }: { days: DashboardRange; onChange: (days: DashboardRange) => void }) {
  const { t } = useTranslation();
  return (
    <div className="dashboard-range" role="group" aria-label={t('dashboard.range')}>
      {DASHBOARD_RANGES.map((range) => (
        <button
          key={range}
          type="button"
          className="dashboard-range__option"
          aria-pressed={range === days}
          onClick={() => onChange(range)}
        >
          {t('dashboard.rangeDays', { count: range })}
        </button>
      ))}
    </div>
  );
}

interface DashboardContentProps {
  data: Dashboard;
  /** The numbers of the previous range, shown while the new ones load. */
  busy: boolean;
  activeTrackId: string | null;
  isPlaying: boolean;
  onPlay: (tracks: readonly Track[], index: number) => void;
}

function DashboardContent({ data, busy, ...player }: DashboardContentProps) {
  const { t } = useTranslation();
  const totalsId = useId();
  const listensInRange = data.listensPerDay.reduce((sum, day) => sum + day.count, 0);
  const newSubscribers = data.subscribersPerDay.reduce((sum, day) => sum + day.count, 0);
  const totals = [
    ['listens', t('dashboard.totalListens'), data.totals.listens],
    ['likes', t('dashboard.totalLikes'), data.totals.likes],
    ['subscribers', t('dashboard.totalSubscribers'), data.totals.subscribers],
    ['tracks', t('dashboard.totalTracks'), data.totals.tracks],
    ['comments', t('dashboard.totalComments'), data.totals.comments],
  ] as const;

  return (
    <div className="dashboard__content" aria-busy={busy}>
      <section className="dashboard-totals" aria-labelledby={totalsId}>
        <h2 id={totalsId} className="visually-hidden">
          {t('dashboard.totals')}
        </h2>
        <dl className="dashboard-totals__list">
          {totals.map(([key, label, value]) => (
            <div key={key} className="dashboard-total" data-testid={`dashboard-total-${key}`}>
              <dt className="dashboard-total__label">{label}</dt>
              <dd className="dashboard-total__value">{value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <div className="dashboard__charts">
        <DailyChart
          testId="dashboard-listens"
          title={t('dashboard.listensTitle')}
          summary={t('dashboard.listensSummary', { count: listensInRange, days: data.days })}
          valueLabel={t('dashboard.listens')}
          points={data.listensPerDay.map((day) => ({ date: day.date, value: day.count }))}
          columns={[{ label: t('dashboard.listens'), values: data.listensPerDay.map((day) => day.count) }]}
        />
        <DailyChart
          testId="dashboard-subscribers"
          title={t('dashboard.subscribersTitle')}
          summary={t('dashboard.subscribersSummary', { count: newSubscribers, total: data.totals.subscribers, days: data.days })}
          valueLabel={t('dashboard.subscribers')}
          points={data.subscribersPerDay.map((day) => ({ date: day.date, value: day.total }))}
          columns={[
            { label: t('dashboard.newSubscribers'), values: data.subscribersPerDay.map((day) => day.count) },
            { label: t('dashboard.subscribers'), values: data.subscribersPerDay.map((day) => day.total) },
          ]}
        />
      </div>

      <div className="dashboard__lists">
        <TopTracks
          testId="dashboard-top-listens"
          title={t('dashboard.topByListens')}
          hint={t('dashboard.topByListensHint')}
          entries={data.topByListens.map(({ track, listens }) => ({ track, count: listens }))}
          formatCount={(count) => t('dashboard.listenCount', { count })}
          empty={t(data.totals.tracks === 0 ? 'dashboard.noTracks' : 'dashboard.noListens')}
          {...player}
        />
        <TopTracks
          testId="dashboard-top-likes"
          title={t('dashboard.topByLikes')}
          hint={t('dashboard.topByLikesHint')}
          entries={data.topByLikes.map((track) => ({ track, count: track.likes }))}
          formatCount={(count) => t('dashboard.likeCount', { count })}
          empty={t('dashboard.noTracks')}
          {...player}
        />
      </div>

      <RecentComments comments={data.recentComments} />
    </div>
  );
}
