import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useServerConfig } from '../../../lib/server-config';
import { DocumentPage } from './document-page';

/** `/for-artist`: what publishing on Platter gives an artist, with the way into the studio. */
export function ForArtistPage() {
  const { t } = useTranslation('documents');
  const startId = useId();
  // The upload limit is this server's MAX_UPLOAD_MB, not a constant of the app.
  const config = useServerConfig();
  const size = config.data ? t('forArtist.size', { mb: config.data.maxUploadMb }) : t('forArtist.sizeUnknown');
  return (
    <DocumentPage page="forArtist" values={{ size }}>
      <section className="doc-page__cta" aria-labelledby={startId}>
        <h2 id={startId} className="doc-page__section-title">
          {t('forArtist.start.title')}
        </h2>
        <p>{t('forArtist.start.line')}</p>
        <div className="doc-page__actions">
          <Link className="button button--primary" to={paths.home.getHref('menu')}>
            {t('forArtist.actions.studio')}
          </Link>
          <Link className="button button--secondary" to={paths.home.getHref()}>
            {t('forArtist.actions.signIn')}
          </Link>
        </div>
      </section>
    </DocumentPage>
  );
}
