import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useOnline } from '../hooks/use-online';
import './offline.css';

/** 'You are offline' across the top while the browser has no network; saved tracks still play. */
export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useOnline();
  if (online) return null;
  return (
    <div className="offline-banner" role="status" data-testid="offline-banner">
      <span>{t('offline.banner')}</span>
      <Link className="offline-banner__link" to={paths.home.getHref('saved')}>
        {t('offline.openSaved')}
      </Link>
    </div>
  );
}

/** In place of a tab that needs the server, while offline. */
export function OfflineNotice() {
  const { t } = useTranslation();
  return (
    <div className="shell-notice offline-notice">
      <p>{t('offline.needsNetwork')}</p>
      <Link className="button button--secondary" to={paths.home.getHref('saved')}>
        {t('offline.openSaved')}
      </Link>
    </div>
  );
}
