import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { whenFirstPainted } from '../../../lib/first-paint';
import { registerServiceWorker, reloadToUpdate, useUpdateAvailable } from '../pwa';
import './offline.css';

/**
 * Registers the service worker after the page has loaded and painted (built apps only: `vite dev`
 * has none) and, when a new version of Platter has installed, offers to reload into it.
 */
export function ReloadPrompt() {
  const { t } = useTranslation();
  const updateAvailable = useUpdateAvailable();
  useEffect(() => {
    if (!import.meta.env.PROD) return;
    // On a busy machine the first paint can come after the load event: whichever is last.
    const register = () => void whenFirstPainted().then(registerServiceWorker);
    if (document.readyState === 'complete') register();
    else window.addEventListener('load', register, { once: true });
    return () => window.removeEventListener('load', register);
  }, []);
  if (!updateAvailable) return null;
  return (
    <div className="reload-prompt" role="alert">
      <span>{t('pwa.updateAvailable')}</span>
      <button type="button" className="button button--primary" onClick={reloadToUpdate}>
        {t('pwa.reload')}
      </button>
    </div>
  );
}
