import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import './pages.css';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <article className="info-page info-page--center">
      <p className="info-page__code" aria-hidden="true">
        404
      </p>
      <h1 className="info-page__title">{t('pages.notFound.title')}</h1>
      <p className="info-page__line">{t('pages.notFound.line')}</p>
      <Link className="button button--primary" to={paths.home.getHref()}>
        {t('pages.notFound.back')}
      </Link>
    </article>
  );
}
