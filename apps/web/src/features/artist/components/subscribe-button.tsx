import { useTranslation } from 'react-i18next';
import { useSetSubscription } from '../api/set-subscription';

/** Subscribe / Unsubscribe on an artist page; the label and the count follow the server's answer. */
export function SubscribeButton({ artistId, subscribed }: { artistId: string; subscribed: boolean }) {
  const { t } = useTranslation();
  const subscription = useSetSubscription(artistId);
  return (
    <div className="artist-subscribe">
      <button
        type="button"
        className={`button ${subscribed ? 'button--secondary' : 'button--primary'}`}
        aria-pressed={subscribed}
        disabled={subscription.isPending}
        onClick={() => subscription.mutate(!subscribed)}
      >
        {subscribed ? t('artist.unsubscribe') : t('artist.subscribe')}
      </button>
      {subscription.isError && (
        <span className="error-text" role="alert">
          {t('artist.subscribeError')}
        </span>
      )}
    </div>
  );
}
