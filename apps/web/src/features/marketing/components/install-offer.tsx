import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInstallPrompt } from '../../../lib/install-prompt';

type Level = 2 | 3;

/**
 * The download section's offer when there is no Android package: Platter itself installs from the
 * browser. The browser's own prompt where it has offered one (the held beforeinstallprompt event),
 * else how to install it by hand on Android (Chrome), on an iPhone (Safari) and on a computer.
 */
export function InstallOffer({ headingLevel }: { headingLevel: Level }) {
  const { t } = useTranslation();
  const { canInstall, installed, promptInstall } = useInstallPrompt();
  const [outcome, setOutcome] = useState<string | null>(null);
  const id = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const StepsHeading = headingLevel === 2 ? 'h3' : 'h4';
  const platforms = [
    {
      id: 'android',
      title: t('download.installSteps.android.title'),
      steps: [
        t('download.installSteps.android.open'),
        t('download.installSteps.android.menu'),
        t('download.installSteps.android.choose'),
        t('download.installSteps.android.confirm'),
      ],
    },
    {
      id: 'ios',
      title: t('download.installSteps.ios.title'),
      steps: [
        t('download.installSteps.ios.open'),
        t('download.installSteps.ios.share'),
        t('download.installSteps.ios.choose'),
        t('download.installSteps.ios.confirm'),
      ],
    },
    { id: 'desktop', title: t('download.installSteps.desktop.title'), steps: [t('download.installSteps.desktop.install')] },
  ];

  return (
    <div className="install-offer" data-testid="install-offer">
      <Heading className="install-offer__title">{t('download.installTitle')}</Heading>
      <p className="install-offer__lead">{t('download.installLead')}</p>
      <div aria-live="polite">
        {installed || outcome === 'accepted' ? (
          <p className="install-offer__done">{t('download.installed')}</p>
        ) : canInstall ? (
          <button type="button" className="button button--primary button--large" onClick={() => void promptInstall().then(setOutcome)}>
            {t('download.install')}
          </button>
        ) : (
          <div className="install-offer__platforms">
            {platforms.map((platform) => (
              <section key={platform.id} className="install-offer__platform" aria-labelledby={`${id}-${platform.id}`}>
                <StepsHeading id={`${id}-${platform.id}`} className="install-offer__platform-title">
                  {platform.title}
                </StepsHeading>
                <ol className="install-offer__steps">
                  {platform.steps.map((step) => (
                    <li key={step}>{step}</li>
                  ))}
                </ol>
              </section>
            ))}
          </div>
        )}
      </div>
    </div>
  );
}
