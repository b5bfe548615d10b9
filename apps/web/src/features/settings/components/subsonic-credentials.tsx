import type { SubsonicCredentialCreated, SubsonicCredentialKind } from '@platter/shared';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateSubsonicCredential, useRevokeSubsonicCredential, useSubsonicCredentials } from '../api/subsonic-credentials';
import './settings.css';

/**
 * API keys and app passwords for Subsonic apps (DSub, Symfonium, Feishin…): made here, each
 * secret shown once; listed by name and last use; revocable. The sign-in password is never used.
 */
export function SubsonicCredentials({ signedIn, email }: { signedIn: boolean; email?: string }) {
  const { t } = useTranslation();
  const id = useId();
  const list = useSubsonicCredentials(signedIn);
  const create = useCreateSubsonicCredential();
  const revoke = useRevokeSubsonicCredential();
  const [name, setName] = useState('');
  const [kind, setKind] = useState<SubsonicCredentialKind>('apiKey');
  const [created, setCreated] = useState<SubsonicCredentialCreated | null>(null);
  const [status, setStatus] = useState('');
  if (!signedIn) return null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setStatus('');
    create.mutate(
      { kind, name: name.trim() },
      {
        onSuccess: (made) => {
          setCreated(made);
          setName('');
        },
        onError: () => setStatus(t('subsonic.failed')),
      },
    );
  };

  return (
    <section className="subsonic-credentials" aria-labelledby={`${id}-title`} data-testid="subsonic-credentials">
      <h2 className="subsonic-credentials__title" id={`${id}-title`}>
        {t('subsonic.title')}
      </h2>
      <p className="status-text">{t('subsonic.intro', { address: `${window.location.origin}`, email: email ?? '' })}</p>
      <form className="subsonic-credentials__form" onSubmit={submit}>
        <label className="subsonic-credentials__field">
          <span>{t('subsonic.name')}</span>
          <input className="input" value={name} maxLength={80} required onChange={(event) => setName(event.target.value)} placeholder={t('subsonic.namePlaceholder')} />
        </label>
        <label className="subsonic-credentials__field">
          <span>{t('subsonic.kind')}</span>
          <select className="input" value={kind} onChange={(event) => setKind(event.target.value === 'appPassword' ? 'appPassword' : 'apiKey')}>
            <option value="apiKey">{t('subsonic.apiKey')}</option>
            <option value="appPassword">{t('subsonic.appPassword')}</option>
          </select>
        </label>
        <button type="submit" className="button button--primary" disabled={create.isPending || name.trim() === ''}>
          {t('subsonic.create')}
        </button>
      </form>
      {created && (
        <div className="subsonic-credentials__secret" role="alert">
          <p>{t(created.kind === 'apiKey' ? 'subsonic.shownOnceKey' : 'subsonic.shownOncePassword', { name: created.name })}</p>
          <code data-testid="subsonic-secret">{created.secret}</code>
          <button type="button" className="button button--secondary" onClick={() => setCreated(null)}>
            {t('subsonic.done')}
          </button>
        </div>
      )}
      <ul className="subsonic-credentials__list">
        {(list.data?.items ?? []).map((item) => (
          <li key={item.id} className="subsonic-credentials__item" data-testid="subsonic-credential">
            <span>
              <strong>{item.name}</strong> · {t(item.kind === 'apiKey' ? 'subsonic.apiKey' : 'subsonic.appPassword')} ·{' '}
              {item.lastUsedAt ? t('subsonic.lastUsed', { date: new Date(item.lastUsedAt).toLocaleDateString() }) : t('subsonic.neverUsed')}
            </span>
            <button
              type="button"
              className="button button--secondary"
              disabled={revoke.isPending}
              onClick={() => revoke.mutate(item.id, { onError: () => setStatus(t('subsonic.failed')) })}
              aria-label={t('subsonic.revokeNamed', { name: item.name })}
            >
              {t('subsonic.revoke')}
            </button>
          </li>
        ))}
      </ul>
      <span role="status">{status}</span>
    </section>
  );
}
