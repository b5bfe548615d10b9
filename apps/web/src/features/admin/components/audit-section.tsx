import type { AuditEntry } from '@platter/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuditLog } from '../api/get-audit';
import { formatMoment } from '../format';
import { Pager } from './users-section';

/** The actions this log names in words; any other is shown as the server writes it. */
const ACTION_NAMES = {
  'user.suspend': 'admin.audit.actions.userSuspend',
  'user.unsuspend': 'admin.audit.actions.userUnsuspend',
  'user.role': 'admin.audit.actions.userRole',
  'user.status': 'admin.audit.actions.userStatus',
  'track.hide': 'admin.audit.actions.trackHide',
  'track.show': 'admin.audit.actions.trackShow',
  'report.dismiss': 'admin.audit.actions.reportDismiss',
  'report.hide': 'admin.audit.actions.reportHide',
} as const;
const TARGET_NAMES = { user: 'admin.audit.targets.user', track: 'admin.audit.targets.track', report: 'admin.audit.targets.report' } as const;

function describe(entry: AuditEntry): string {
  const details = Object.entries(entry.details)
    .filter(([, value]) => value !== null && value !== '')
    .map(([key, value]) => `${key}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`);
  return details.join(' · ');
}

/** Every admin action, newest first: who did what to what, and when. */
export function AuditSection() {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const [page, setPage] = useState(1);
  const log = useAuditLog(page);
  return (
    <section className="admin-section" aria-labelledby={headingId}>
      <div className="admin-section__header">
        <h2 id={headingId} className="admin-section__title">
          {t('admin.audit.title')}
        </h2>
      </div>
      {log.isPending ? (
        <p className="status-text">{t('common.loading')}</p>
      ) : log.isError ? (
        <p className="error-text" role="alert">
          {t('admin.loadError')}
        </p>
      ) : log.data.items.length === 0 ? (
        <p className="status-text">{t('admin.audit.empty')}</p>
      ) : (
        <>
          <ul className="admin-list" aria-label={t('admin.audit.list')} aria-busy={log.isPlaceholderData}>
            {log.data.items.map((entry) => (
              <li key={entry.id} className="admin-item admin-audit" data-testid="admin-audit-entry">
                <p className="admin-audit__what">
                  <span className="admin-audit__action">{entry.action in ACTION_NAMES ? t(ACTION_NAMES[entry.action as keyof typeof ACTION_NAMES]) : entry.action}</span>{' '}
                  <span className="admin-muted">
                    {entry.targetType in TARGET_NAMES ? t(TARGET_NAMES[entry.targetType as keyof typeof TARGET_NAMES]) : entry.targetType} {entry.targetId}
                  </span>
                </p>
                <p className="admin-muted">
                  {t('admin.audit.by')} {entry.actorId ? (entry.actorName ?? entry.actorId) : t('admin.audit.commandLine')}
                  {entry.actorEmail ? ` (${entry.actorEmail})` : ''} · <time dateTime={entry.createdAt}>{formatMoment(entry.createdAt, i18n.language)}</time>
                </p>
                {describe(entry) && <p className="admin-audit__details">{describe(entry)}</p>}
              </li>
            ))}
          </ul>
          <Pager page={page} hasMore={log.data.hasMore} onPage={setPage} label={t('admin.audit.pages')} />
        </>
      )}
    </section>
  );
}
