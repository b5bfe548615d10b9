import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import './pages.css';

export function LandingHero() {
  const { t } = useTranslation();
  return (
    <section id="home" className="landing-hero">
      <div className="landing-hero__text">
        <h1 className="landing-hero__title">{t('landing.title')}</h1>
        <p className="landing-hero__tagline">{t('landing.tagline')}</p>
        <div className="landing-hero__actions">
          <Link className="button button--primary" to={paths.home.getHref()}>
            {t('landing.openPlayer')}
          </Link>
          <Link className="button button--secondary" to={paths.forArtist.getHref()}>
            {t('landing.forArtists')}
          </Link>
        </div>
      </div>
      <div className="landing-hero__art" aria-hidden="true">
        <div className="landing-hero__disc" />
      </div>
    </section>
  );
}
