import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-error';
import { outboundErrorMessage } from '../../../lib/outbound-errors';
import { useHeldToggles } from '../../../lib/use-held-toggles';
import { useFederation, useFollowRemote, useRemoteFollows, useSetFederation } from '../api/federation';
import './settings.css';

/**
 * The fediverse in the settings: my handle (how people on Mastodon and other servers find me), the
 * switch that hides my account from them, and following an account on another server by
 * @name@host. Hidden when the server does not federate.
 */
export function FederationSettings({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const settings = useFederation(signedIn);
  const setFederation = useSetFederation();
  const follows = useRemoteFollows(signedIn && settings.isSuccess);
  const follow = useFollowRemote();
  const [account, setAccount] = useState('');
  const box = useHeldToggles<'enabled'>(settings.data);
  if (!signedIn || !settings.data) return null;
  const current = settings.data;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!account.trim() || follow.isPending) return;
    follow.mutate(account.trim(), { onSuccess: () => setAccount('') });
  };

  return (
    <section className="listenbrainz-settings" aria-labelledby={`${id}-title`} data-testid="federation-settings">
      <h2 className="listenbrainz-settings__title" id={`${id}-title`}>
        {t('federation.title')}
      </h2>
      <p data-testid="federation-handle">{t('federation.handle', { handle: current.handle })}</p>
      <label className="listenbrainz-settings__field">
        <span>
          <input
            type="checkbox"
            checked={box.shown('enabled')}
            disabled={setFederation.isPending}
            onChange={(event) => {
              box.hold('enabled', event.currentTarget.checked);
              setFederation.mutate(event.currentTarget.checked, { onError: () => box.release('enabled') });
            }}
          /> {t('federation.enabled')}
        </span>
      </label>
      <p className="status-text">{current.enabled ? t('federation.followers', { count: current.remoteFollowers }) : t('federation.off')}</p>
      {current.enabled && (
        <form className="listenbrainz-settings__form" onSubmit={submit} aria-label={t('federation.followLabel')}>
          <label className="listenbrainz-settings__field">
            <span>{t('federation.accountLabel')}</span>
            <input
              className="input"
              type="text"
              autoComplete="off"
              placeholder="@artist@music.example"
              value={account}
              onChange={(event) => {
                setAccount(event.currentTarget.value);
                if (follow.isError) follow.reset();
              }}
            />
          </label>
          <button type="submit" className="button button--primary" disabled={!account.trim() || follow.isPending}>
            {follow.isPending ? t('federation.following') : t('federation.follow')}
          </button>
          {follow.isError && (
            <p className="error-text" role="alert">
              {outboundErrorMessage(follow.error, t) ?? (follow.error instanceof ApiError && follow.error.status === 404 ? t('federation.notFound') : t('federation.followFailed'))}
            </p>
          )}
        </form>
      )}
      {(follows.data?.items.length ?? 0) > 0 && (
        <ul className="status-text" data-testid="federation-follows">
          {follows.data?.items.map((item) => (
            <li key={item.actor.uri}>
              <a href={item.actor.url ?? item.actor.uri} target="_blank" rel="noopener noreferrer nofollow">
                {item.actor.name}
              </a>{' '}
              {item.actor.handle ?? ''} {item.accepted ? '' : t('federation.pending')}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
