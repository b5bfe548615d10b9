import type { DataExportRequest } from '@platter/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-error';
import { useDataExport, useRequestDataExport } from '../api/data-export';
import './settings.css';

function formatSize(bytes: number, language: string): string {
  const megabytes = bytes / (1024 * 1024);
  const [value, unit] = megabytes >= 1 ? [megabytes, 'megabyte'] : [Math.max(bytes / 1024, 0.1), 'kilobyte'];
  return new Intl.NumberFormat(language, { style: 'unit', unit, maximumFractionDigits: 1 }).format(value);
}

function formatWhen(iso: string, language: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** What the section says of the newest export. */
function ExportStatus({ current, language }: { current: DataExportRequest; language: string }) {
  const { t } = useTranslation();
  if (current.status === 'building') {
    return (
      <p className="status-text" role="status" data-testid="data-export-status">
        {t('dataExport.building', { when: formatWhen(current.requestedAt, language) })}
      </p>
    );
  }
  if (current.status === 'failed') {
    return (
      <p className="error-text" role="status" data-testid="data-export-status">
        {t('dataExport.failed')}
      </p>
    );
  }
  return (
    <div className="data-export__ready" data-testid="data-export-status">
      <p className="status-text">
        {t('dataExport.ready', {
          size: formatSize(current.sizeBytes ?? 0, language),
          when: formatWhen(current.readyAt ?? current.requestedAt, language),
          until: formatWhen(current.expiresAt ?? '', language),
        })}
      </p>
      {current.downloadUrl && (
        <a className="button button--primary data-export__download" href={current.downloadUrl} download data-testid="data-export-download">
          {t('dataExport.download')}
        </a>
      )}
    </div>
  );
}

/**
 * "Download my data" (GDPR Article 20) in the settings: ask for an archive of everything of mine,
 * see it being made (the server's job; a notification and an email say when it is ready), then
 * download it for 7 days. One archive is made at a time.
 */
export function DataExportSection({ signedIn }: { signedIn: boolean }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const state = useDataExport(signedIn);
  const request = useRequestDataExport();
  if (!signedIn || !state.data) return null;
  const current = state.data.export;
  const language = i18n.resolvedLanguage ?? i18n.language;
  const building = current?.status === 'building';

  const error = request.error instanceof ApiError ? request.error : undefined;
  const errorText = error?.status === 409 ? t('dataExport.inProgress') : error?.status === 429 ? t('dataExport.tooOften') : t('dataExport.requestFailed');

  return (
    <section className="data-export" aria-labelledby={`${id}-title`} data-testid="data-export">
      <h2 className="data-export__title" id={`${id}-title`}>
        {t('dataExport.title')}
      </h2>
      <p className="status-text">{t('dataExport.intro')}</p>
      {current && <ExportStatus current={current} language={language} />}
      <button
        type="button"
        className={current?.status === 'ready' ? 'button button--secondary' : 'button button--primary'}
        disabled={building || request.isPending}
        onClick={() => request.mutate()}
        data-testid="data-export-request"
      >
        {request.isPending ? t('dataExport.requesting') : current?.status === 'ready' ? t('dataExport.requestAgain') : t('dataExport.request')}
      </button>
      {request.isError && (
        <p className="error-text" role="alert">
          {errorText}
        </p>
      )}
    </section>
  );
}
