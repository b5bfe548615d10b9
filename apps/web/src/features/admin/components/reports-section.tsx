import { reportStatusSchema, type Report, type ReportStatus, type Track } from '@platter/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PauseIcon, PlayIcon } from '../../../components/icons';
import { paths } from '../../../config/paths';
import { useDismissReport } from '../api/dismiss-report';
import { useReports } from '../api/get-reports';
import { useHideReportedTrack } from '../api/hide-report';
import { useSetTrackHidden } from '../api/set-track-hidden';
import { formatMoment } from '../format';

const STATUSES = reportStatusSchema.options;

export interface ReportsSectionProps {
  activeTrackId: string | null;
  isPlaying: boolean;
  onPlay: (tracks: readonly Track[], index: number) => void;
}

/** The moderation queue: open reports to dismiss or act on, and the ones already resolved. */
export function ReportsSection(player: ReportsSectionProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const [status, setStatus] = useState<ReportStatus>('open');
  const reports = useReports(status);
  return (
    <section className="admin-section" aria-labelledby={headingId}>
      <div className="admin-section__header">
        <h2 id={headingId} className="admin-section__title">
          {t('admin.reports.title')}
        </h2>
        <div className="admin-filter" role="group" aria-label={t('admin.reports.filter')}>
          {STATUSES.map((option) => (
            <button
              key={option}
              type="button"
              className="admin-filter__option"
              aria-pressed={option === status}
              onClick={() => setStatus(option)}
            >
              {t(`admin.reports.status.${option}`)}
            </button>
          ))}
        </div>
      </div>
      {reports.isPending ? (
        <p className="status-text">{t('common.loading')}</p>
      ) : reports.isError ? (
        <p className="error-text" role="alert">
          {t('admin.loadError')}
        </p>
      ) : reports.data.items.length === 0 ? (
        <p className="status-text">{t('admin.reports.empty')}</p>
      ) : (
        <ul className="admin-list" aria-label={t('admin.reports.list')}>
          {reports.data.items.map((report) => (
            <ReportItem key={report.id} report={report} {...player} />
          ))}
        </ul>
      )}
    </section>
  );
}

function ReportItem({ report, activeTrackId, isPlaying, onPlay }: { report: Report } & ReportsSectionProps) {
  const { t, i18n } = useTranslation();
  const dismiss = useDismissReport();
  const hide = useHideReportedTrack();
  const setHidden = useSetTrackHidden();
  const { track } = report;
  const playingHere = track.id === activeTrackId && isPlaying;
  const busy = dismiss.isPending || hide.isPending || setHidden.isPending;
  const error = dismiss.error ?? hide.error ?? setHidden.error;
  return (
    <li className="admin-item admin-report" data-testid="admin-report" data-report-id={report.id}>
      <div className="admin-report__track">
        <button
          type="button"
          className="round-play"
          aria-label={t(playingHere ? 'tracks.pause' : 'tracks.play', { title: track.title })}
          onClick={() => onPlay([track], 0)}
        >
          {playingHere ? <PauseIcon /> : <PlayIcon />}
        </button>
        <div className="admin-report__names">
          <Link className="admin-report__title" to={paths.track.getHref(track.id)}>
            {track.title}
          </Link>
          <Link className="admin-report__artist" to={paths.artist.getHref(track.artistId)}>
            {track.artist}
          </Link>
        </div>
        {track.hidden && <span className="admin-tag admin-tag--danger">{t('admin.reports.trackHidden')}</span>}
      </div>
      <dl className="admin-report__facts">
        <div>
          <dt>{t('admin.reports.reason')}</dt>
          <dd className={report.reason ? undefined : 'admin-muted'}>{report.reason ?? t('admin.reports.noReason')}</dd>
        </div>
        <div>
          <dt>{t('admin.reports.reporter')}</dt>
          <dd>
            {report.reporterName ?? t('admin.reports.anonymous')}
            {' · '}
            <time dateTime={report.createdAt}>{formatMoment(report.createdAt, i18n.language)}</time>
          </dd>
        </div>
      </dl>
      <p className="admin-report__count">{t('admin.reports.openForTrack', { count: report.openReportsForTrack })}</p>
      <div className="admin-item__actions">
        {report.status === 'open' && (
          <>
            <button type="button" className="button button--secondary" disabled={busy} onClick={() => dismiss.mutate(report.id)}>
              {t('admin.reports.dismiss')}
            </button>
            {!track.hidden && (
              <button type="button" className="button button--primary" disabled={busy} onClick={() => hide.mutate(report.id)}>
                {t('admin.reports.hide')}
              </button>
            )}
          </>
        )}
        {track.hidden && (
          <button
            type="button"
            className="button button--secondary"
            disabled={busy}
            onClick={() => setHidden.mutate({ trackId: track.id, hidden: false })}
          >
            {t('admin.reports.unhide')}
          </button>
        )}
      </div>
      {error && (
        <p className="error-text" role="alert">
          {t('admin.failed', { message: error.message })}
        </p>
      )}
    </li>
  );
}
