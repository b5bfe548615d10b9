import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths';
import { LayoutLink } from './layout-link';
import { Logo } from './logo';

export function SiteHeader() {
  const { t } = useTranslation();
  // The landing's sections, reachable from every page: /#discover opens the landing (its own
  // prerendered page, so a plain link) and glides there; on the landing itself it glides in place.
  const anchors = [
    { to: `${paths.landing.getHref()}#home`, label: t('site.home') },
    { to: `${paths.landing.getHref()}#discover`, label: t('site.discover') },
    { to: `${paths.landing.getHref()}#playlists`, label: t('site.playlists') },
  ];
  const links = [
    { to: paths.about.getHref(), label: t('nav.about') },
    { to: paths.forArtist.getHref(), label: t('nav.forArtists') },
    { to: paths.contact.getHref(), label: t('nav.contact') },
  ];

  return (
    <header className="site-header">
      <Logo />
      <nav className="site-header__nav" aria-label={t('nav.main')}>
        <ul className="site-header__links">
          {anchors.map((anchor) => (
            <li key={anchor.to}>
              <a className="site-header__link" href={anchor.to}>
                {anchor.label}
              </a>
            </li>
          ))}
          {links.map((link) => (
            <li key={link.to}>
              <LayoutLink className="site-header__link" to={link.to} nav>
                {link.label}
              </LayoutLink>
            </li>
          ))}
        </ul>
      </nav>
      <LayoutLink className="button button--primary site-header__cta" to={paths.home.getHref()}>
        {t('nav.openPlayer')}
      </LayoutLink>
    </header>
  );
}
