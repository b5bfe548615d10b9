import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useServerConfig } from '../../../lib/server-config';
import { DocumentPage } from './document-page';

/** `/for-artist`: what publishing on Platter gives an artist, with the way into the studio. */
export function ForArtistPage() {
  const { t } = useTranslation();
  const startId = useId();
  // The upload limit is this server's MAX_UPLOAD_MB, not a constant of the app.
  const config = useServerConfig();
  const size = config.data ? t('pages.forArtist.size', { mb: config.data.maxUploadMb }) : t('pages.forArtist.sizeUnknown');
  return (
    <DocumentPage page="forArtist" values={{ size }}>
      <section className="doc-page__cta" aria-labelledby={startId}>
        <h2 id={startId} className="doc-page__section-title">
          {t('pages.forArtist.start.title')}
        </h2>
        <p>{t('pages.forArtist.start.line')}</p>
        <div className="doc-page__actions">
          <Link className="button button--primary" to={paths.home.getHref('menu')}>
            {t('pages.forArtist.actions.studio')}
          </Link>
          <Link className="button button--secondary" to={paths.home.getHref()}>
            {t('pages.forArtist.actions.signIn')}
          </Link>
        </div>
      </section>
    </DocumentPage>
  );
}
