import type { AppDownload } from '@platter/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LayoutLink } from '../../../components/layout/layout-link';
import { paths } from '../../../config/paths';
import { hasPackage, useAppDownload } from '../api/get-app-download';
import { usePackageDownload } from '../hooks/use-package-download';
import { InstallOffer } from './install-offer';
import { QrCard } from './qr-card';
import { MARKETING_CLAIMS } from '../lib/claims';

const NO_PACKAGE: AppDownload = { kind: 'none', url: null, fileName: null, size: null };

/** The address the QR code carries: the package itself, or this download page when there is none. */
export function qrTarget(download: AppDownload | undefined, origin: string): string {
  if (download?.url && download.kind !== 'none') return new URL(download.url, origin).href;
  return new URL(paths.started.getHref(), origin).href;
}

function formatSize(bytes: number): string {
  return `${Math.max(1, Math.round(bytes / (1024 * 1024)))}MB`;
}

/**
 * SPEC 2's download section, on the landing (`headingLevel` 2) and as the /platter-started page (1):
 * 'Download for Android' with the package's figures, the QR toggle and 'Open in web'. Without a
 * package there is nothing to download and no package to make claims about: the section offers
 * installing Platter from the browser instead.
 */
export function DownloadSection({ id = 'download', headingLevel = 2 }: { id?: string; headingLevel?: 1 | 2 }) {
  const { t } = useTranslation();
  const query = useAppDownload();
  // Should the API be unreachable, the install offer still works.
  const download = query.data ?? (query.isError ? NO_PACKAGE : undefined);
  const { state, start } = usePackageDownload(download);
  const [showQr, setShowQr] = useState(false);
  const withPackage = hasPackage(download);
  const qrId = useId();
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const preparing = state.phase === 'preparing';
  const percent = state.phase === 'preparing' ? state.percent : state.phase === 'done' ? 100 : null;

  const facts = [
    { label: t('download.facts.rating'), value: MARKETING_CLAIMS.rating },
    { label: t('download.facts.downloads'), value: MARKETING_CLAIMS.downloads },
    {
      label: t('download.facts.size'),
      value: download?.kind === 'file' && download.size ? formatSize(download.size) : MARKETING_CLAIMS.size,
    },
    { label: t('download.facts.version'), value: MARKETING_CLAIMS.version },
  ];

  return (
    <section id={id} className="download" aria-labelledby={`${id}-title`} tabIndex={-1}>
      <div className="download__text">
        <Heading id={`${id}-title`} className="marketing__title">
          {t('download.title')}
        </Heading>
        <p className="marketing__lead">{withPackage ? t('download.lead') : t('download.leadInstall')}</p>
        {withPackage && (
          <dl className="download__facts">
            {facts.map((fact) => (
              <div key={fact.label} className="download__fact">
                <dt>{fact.label}</dt>
                <dd>{fact.value}</dd>
              </div>
            ))}
          </dl>
        )}
        {download?.kind === 'none' && <InstallOffer headingLevel={headingLevel === 1 ? 2 : 3} />}
        <div className="download__actions">
          {withPackage && (
            <button type="button" className="button button--primary button--large" onClick={() => void start()} disabled={preparing}>
              {preparing ? t('download.preparing') : t('download.android')}
            </button>
          )}
          <button
            type="button"
            className="button button--secondary button--large"
            aria-expanded={showQr}
            aria-controls={showQr ? qrId : undefined}
            onClick={() => setShowQr((shown) => !shown)}
          >
            {showQr ? t('download.hideQr') : t('download.showQr')}
          </button>
          <LayoutLink className="button button--secondary button--large" to={paths.home.getHref()}>
            {t('download.openWeb')}
          </LayoutLink>
        </div>
        <div className="download__status" aria-live="polite">
          {percent !== null && (
            <div className="download__progress">
              <progress max={100} value={percent} aria-label={t('download.progressLabel')} aria-valuetext={`${percent}%`} />
              <span>{state.phase === 'done' ? t('download.done', { fileName: state.fileName }) : `${percent}%`}</span>
            </div>
          )}
          {state.phase === 'failed' && <p className="error-text">{t('download.failed')}</p>}
        </div>
      </div>
      {showQr && <QrCard id={qrId} url={qrTarget(download, window.location.origin)} />}
    </section>
  );
}
