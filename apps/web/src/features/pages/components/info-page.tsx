import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import './pages.css';

export type InfoPageId =
  | 'started'
  | 'about'
  | 'forArtist'
  | 'contact'
  | 'privacyPolicy'
  | 'cookiePolicy'
  | 'termsOfService';

/** A page whose content comes in a later issue: its title and one line about it. */
export function InfoPage({ page }: { page: InfoPageId }) {
  const { t } = useTranslation();
  const title = t(`pages.${page}.title`);
  useEffect(() => {
    document.title = `${title} · Platter`;
  }, [title]);
  return (
    <article className="info-page">
      <h1 className="info-page__title">{title}</h1>
      <p className="info-page__line">{t(`pages.${page}.line`)}</p>
    </article>
  );
}
