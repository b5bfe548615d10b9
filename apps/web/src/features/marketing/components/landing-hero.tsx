import { useTranslation } from 'react-i18next';

/**
 * The landing's first screen (#home): Learn more glides to the features, Get started to the download
 * (LandingPage glides for every link to one of its sections).
 */
export function LandingHero({ featuresId, downloadId }: { featuresId: string; downloadId: string }) {
  const { t } = useTranslation();
  return (
    <section id="home" className="hero" aria-labelledby="home-title" tabIndex={-1}>
      <div className="hero__text">
        <p className="hero__eyebrow">{t('landing.hero.eyebrow')}</p>
        <h1 id="home-title" className="hero__title">
          {t('landing.hero.title')}
        </h1>
        <p className="hero__tagline">{t('landing.hero.tagline')}</p>
        <div className="hero__actions">
          <a className="button button--secondary button--large" href={`#${featuresId}`}>
            {t('landing.hero.learnMore')}
          </a>
          <a className="button button--primary button--large" href={`#${downloadId}`}>
            {t('landing.hero.getStarted')}
          </a>
        </div>
      </div>
      <div className="hero__art" aria-hidden="true">
        <div className="hero__disc" />
      </div>
    </section>
  );
}
