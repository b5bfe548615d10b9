import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { paths } from '../../config/paths';
import { Logo } from './logo';

export function SiteHeader() {
  const { t } = useTranslation();
  const links = [
    { to: paths.home.getHref(), label: t('nav.home'), end: true },
    { to: paths.about.getHref(), label: t('nav.about') },
    { to: paths.forArtist.getHref(), label: t('nav.forArtists') },
    { to: paths.contact.getHref(), label: t('nav.contact') },
  ];

  return (
    <header className="site-header">
      <Logo />
      <nav className="site-header__nav" aria-label={t('nav.main')}>
        <ul className="site-header__links">
          {links.map((link) => (
            <li key={link.to}>
              <NavLink className="site-header__link" to={link.to} end={link.end}>
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Link className="button button--primary site-header__cta" to={paths.home.getHref()}>
        {t('nav.openPlayer')}
      </Link>
    </header>
  );
}
