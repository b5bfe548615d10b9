import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { useUnsubscribe } from '../api/notifications';

/**
 * Where an email's unsubscribe link lands when a person opens it (GET redirects here): it asks
 * before turning notification emails off, signed in or not. A mail program's one-click POST
 * (RFC 8058) never comes here; it goes straight to the API.
 */
export function UnsubscribePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const u = params.get('u') ?? '';
  const sig = params.get('sig') ?? '';
  const unsubscribe = useUnsubscribe();

  return (
    <article className="info-page info-page--center" data-testid="unsubscribe-page">
      <h1 className="info-page__title">{t('notifications.unsubscribe.title')}</h1>
      {unsubscribe.isSuccess ? (
        <p className="info-page__line" role="status">
          {t('notifications.unsubscribe.done')}
        </p>
      ) : !u || !sig ? (
        <p className="info-page__line" role="alert">
          {t('notifications.unsubscribe.incomplete')}
        </p>
      ) : (
        <>
          <p className="info-page__line">{t('notifications.unsubscribe.line')}</p>
          <button type="button" className="button button--primary" disabled={unsubscribe.isPending} onClick={() => unsubscribe.mutate({ u, sig })}>
            {t('notifications.unsubscribe.confirm')}
          </button>
          {unsubscribe.isError && (
            <p className="info-page__line" role="alert">
              {unsubscribe.error instanceof Error && unsubscribe.error.message ? unsubscribe.error.message : t('notifications.unsubscribe.failed')}
            </p>
          )}
        </>
      )}
      <Link to={paths.notifications.getHref()}>{t('notifications.unsubscribe.settings')}</Link>
    </article>
  );
}
