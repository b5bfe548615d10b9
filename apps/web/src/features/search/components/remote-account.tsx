import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-error';
import { useFollowRemoteAccount, useRemoteLookup } from '../api/remote-lookup';

/** Search's answer to `@name@host` (issue 30): the account on another server, with Follow. */
export function RemoteAccountResult({ account }: { account: string }) {
  const { t } = useTranslation();
  const lookup = useRemoteLookup(account);
  const follow = useFollowRemoteAccount(account);
  if (lookup.isPending) return <p className="status-text" data-testid="remote-account">{t('search.remoteLooking', { account })}</p>;
  if (lookup.isError) {
    const message = lookup.error instanceof ApiError && lookup.error.status === 404 ? t('search.remoteNotFound', { account }) : t('search.remoteError');
    return (
      <p className="status-text" data-testid="remote-account">
        {message}
      </p>
    );
  }
  const { actor, following, accepted } = lookup.data;
  return (
    <section className="search__section" data-testid="remote-account" aria-label={t('search.remoteAccount')}>
      <h2 className="search__heading">{t('search.remoteAccount')}</h2>
      <div className="remote-account">
        <a className="remote-account__name" href={actor.url ?? actor.uri} target="_blank" rel="noopener noreferrer">
          {actor.name}
        </a>{' '}
        <span className="remote-account__handle">{account.startsWith('@') ? account : `@${account}`}</span>{' '}
        {following ? (
          <span className="remote-account__state">{accepted ? t('search.remoteFollowing') : t('search.remotePending')}</span>
        ) : (
          <button type="button" className="button button--primary" disabled={follow.isPending} onClick={() => follow.mutate()}>
            {t('search.remoteFollow')}
          </button>
        )}
        {follow.isError && (
          <span className="error-text" role="alert">
            {follow.error instanceof ApiError ? follow.error.message : t('search.remoteError')}
          </span>
        )}
      </div>
    </section>
  );
}
