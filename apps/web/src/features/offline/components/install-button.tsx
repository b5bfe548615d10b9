import { useTranslation } from 'react-i18next';
import { useInstallPrompt } from '../../../lib/install-prompt';
import './offline.css';

/** 'Install Platter', only while the browser allows it (an install event is held). */
export function InstallButton({ className = 'button button--secondary install-button' }: { className?: string }) {
  const { t } = useTranslation();
  const { canInstall, promptInstall } = useInstallPrompt();
  if (!canInstall) return null;
  return (
    <button
      type="button"
      className={className}
      onClick={() => {
        void promptInstall().then((outcome) => console.info('install prompt', outcome));
      }}
    >
      {t('pwa.install')}
    </button>
  );
}
