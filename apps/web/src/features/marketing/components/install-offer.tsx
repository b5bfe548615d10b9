import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInstallPrompt } from '../../../lib/install-prompt';

/** Shown by 'Download for Android' when there is no package: Platter itself installs from the browser. */
export function InstallOffer() {
  const { t } = useTranslation();
  const { canInstall, installed, promptInstall } = useInstallPrompt();
  const [outcome, setOutcome] = useState<string | null>(null);

  return (
    <div className="install-offer" role="status">
      <p>{t('download.unavailable')}</p>
      {installed || outcome === 'accepted' ? (
        <p>{t('download.installed')}</p>
      ) : canInstall ? (
        <button type="button" className="button button--primary button--large" onClick={() => void promptInstall().then(setOutcome)}>
          {t('download.install')}
        </button>
      ) : (
        <p className="install-offer__help">{t('download.installHelp')}</p>
      )}
    </div>
  );
}
