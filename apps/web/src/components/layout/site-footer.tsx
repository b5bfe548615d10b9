import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../config/paths';

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
              <Link to={link.to}>{link.label}</Link>
            </li>
          ))}
        </ul>
      </nav>
      <p className="site-footer__copy">© {new Date().getFullYear()} Platter</p>
    </footer>
  );
}
