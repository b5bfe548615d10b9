import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths';

/** The record mark and the app's name, inside whichever link leads from the logo. */
export function LogoContent() {
  const { t } = useTranslation();
  return (
    <>
      <svg className="logo__mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <circle cx="16" cy="16" r="15" fill="#111116" stroke="#2c2c38" />
        <circle cx="16" cy="16" r="10" fill="none" stroke="#ffffff" strokeOpacity="0.12" />
        <circle cx="16" cy="16" r="5.5" fill="#ff5b37" />
        <circle cx="16" cy="16" r="1.5" fill="#111116" />
      </svg>
      <span className="logo__text">{t('common.appName')}</span>
    </>
  );
}

/** Links to the landing with a plain link: `/` is its own prerendered page (landing.html), not an SPA route. */
export function Logo() {
  return (
    <a className="logo" href={paths.landing.getHref()}>
      <LogoContent />
    </a>
  );
}
