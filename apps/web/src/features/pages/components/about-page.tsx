import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { DocumentPage } from './document-page';

/** `/about`: what Platter is, who makes it for whom, and what it promises. */
export function AboutPage() {
  const { t } = useTranslation('documents');
  return (
    <DocumentPage page="about">
      <div className="doc-page__actions">
        <Link className="button button--primary" to={paths.home.getHref()}>
          {t('about.actions.player')}
        </Link>
        <Link className="button button--secondary" to={paths.forArtist.getHref()}>
          {t('about.actions.artists')}
        </Link>
      </div>
    </DocumentPage>
  );
}
