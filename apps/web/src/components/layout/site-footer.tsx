import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths';
import { LayoutLink } from './layout-link';

export function SiteFooter() {
  const { t } = useTranslation();
  const links = [
    { to: paths.started.getHref(), label: t('nav.getTheApp') },
    { to: paths.privacyPolicy.getHref(), label: t('nav.privacyPolicy') },
    { to: paths.cookiePolicy.getHref(), label: t('nav.cookiePolicy') },
    { to: paths.termsOfService.getHref(), label: t('nav.termsOfService') },
  ];
  return (
    <footer className="site-footer">
      <nav aria-label={t('nav.footer')}>
        <ul className="site-footer__links">
          {links.map((link) => (
            <li key={link.to}>
              <LayoutLink to={link.to}>{link.label}</LayoutLink>
            </li>
          ))}
        </ul>
      </nav>
      {/* The prerendered landing carries its build's year; a new year must not count as a hydration error. */}
      <p className="site-footer__copy" suppressHydrationWarning>
        © {new Date().getFullYear()} Platter
      </p>
    </footer>
  );
}
