import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { announceAuthChange } from '../../features/auth/auth-channel';
import { AuthWindow } from './auth-window';

/** Where the provider sends the popup back: tell the main window, then close. */
export function AuthDoneRoute() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const failed = search.has('error');
  const [closeFailed, setCloseFailed] = useState(false);

  useEffect(() => {
    announceAuthChange(failed);
    window.close();
    // window.close() is ignored when this page was not opened as a popup.
    const timer = setTimeout(() => setCloseFailed(true), 500);
    return () => clearTimeout(timer);
  }, [failed]);

  const message = failed ? t('auth.popupError') : t('auth.popupDone');
  return <AuthWindow message={closeFailed ? `${message} ${t('auth.closeWindow')}` : message} isError={failed} showHome={closeFailed} />;
}
