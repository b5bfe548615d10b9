import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-error';
import { outboundErrorMessage } from '../../../lib/outbound-errors';
import { useLinkListenBrainz, useListenBrainz, useUnlinkListenBrainz } from '../api/listenbrainz';
import './settings.css';

function formatWhen(iso: string, language: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/**
 * ListenBrainz in the settings: link an account with its user token (and optionally a
 * self-hosted server), see how the last submission went, unlink. Listens are submitted by the
 * server in the background, so nothing here is needed for playback.
 */
export function ListenBrainzSettings({ signedIn }: { signedIn: boolean }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const state = useListenBrainz(signedIn);
  const link = useLinkListenBrainz();
  const unlink = useUnlinkListenBrainz();
  const [token, setToken] = useState('');
  const [serverUrl, setServerUrl] = useState('');
  if (!signedIn || !state.data) return null;
  const current = state.data;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!token.trim() || link.isPending) return;
    link.mutate({ token: token.trim(), serverUrl: serverUrl.trim() || null }, { onSuccess: () => setToken('') });
  };

  return (
    <section className="listenbrainz-settings" aria-labelledby={`${id}-title`} data-testid="listenbrainz-settings">
      <h2 className="listenbrainz-settings__title" id={`${id}-title`}>
        {t('listenBrainz.title')}
      </h2>
      {current.linked ? (
        <>
          <p data-testid="listenbrainz-linked">{t('listenBrainz.linkedAs', { name: current.userName })}</p>
          {current.serverUrl && <p className="status-text">{t('listenBrainz.server', { url: current.serverUrl })}</p>}
          <p className="status-text" role="status" data-testid="listenbrainz-status">
            {current.lastStatus === null
              ? t('listenBrainz.nothingYet')
              : t(`listenBrainz.status.${current.lastStatus}`, { when: current.lastAt ? formatWhen(current.lastAt, i18n.language) : '', error: current.lastError ?? '' })}
          </p>
          <p className="status-text" data-testid="listenbrainz-counts">
            {t('listenBrainz.counts', { submitted: current.submitted, pending: current.pending })}
          </p>
          <button type="button" className="button" disabled={unlink.isPending} onClick={() => unlink.mutate()}>
            {t('listenBrainz.unlink')}
          </button>
        </>
      ) : (
        <form className="listenbrainz-settings__form" onSubmit={submit} aria-label={t('listenBrainz.formLabel')}>
          <p className="status-text">{t('listenBrainz.intro')}</p>
          <label className="listenbrainz-settings__field">
            <span>{t('listenBrainz.token')}</span>
            <input
              className="input"
              type="password"
              autoComplete="off"
              value={token}
              onChange={(event) => {
                setToken(event.currentTarget.value);
                if (link.isError) link.reset();
              }}
            />
          </label>
          <details className="listenbrainz-settings__custom">
            <summary>{t('listenBrainz.customServer')}</summary>
            <label className="listenbrainz-settings__field">
              <span>{t('listenBrainz.serverUrl')}</span>
              <input className="input" type="url" inputMode="url" placeholder="https://listenbrainz.example.org" value={serverUrl} onChange={(event) => setServerUrl(event.currentTarget.value)} />
            </label>
          </details>
          <button type="submit" className="button button--primary" disabled={!token.trim() || link.isPending}>
            {link.isPending ? t('listenBrainz.linking') : t('listenBrainz.link')}
          </button>
          {link.isError && (
            <p className="error-text" role="alert">
              {outboundErrorMessage(link.error, t) ??
                (link.error instanceof ApiError && link.error.status === 400 && link.error.message ? link.error.message : t('listenBrainz.linkFailed'))}
            </p>
          )}
        </form>
      )}
    </section>
  );
}
