import type { SignedInSession } from '@platter/shared';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { authErrorMessage } from '../../../lib/auth-errors';
import { useEndOtherSessions, useEndSession, useSignedInSessions } from '../api/account-security';
import './account-security.css';

/** "Chrome 131 on Windows 10", or whichever half is known. */
function useSessionName() {
  const { t } = useTranslation();
  return (session: SignedInSession) => {
    const browser = session.browser ?? t('accountSecurity.unknownBrowser');
    return session.os ? t('accountSecurity.browserOnOs', { browser, os: session.os }) : browser;
  };
}

/**
 * Where the account is signed in: each session's device, browser and OS (from its User-Agent), its
 * address (the place: no geolocation database) and when it was last seen; this device marked.
 * Any other can be signed out, or all of them at once.
 */
export function SignedInDevices() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const list = useSignedInSessions();
  const end = useEndSession();
  const endOthers = useEndOtherSessions();
  const nameOf = useSessionName();
  const [status, setStatus] = useState('');
  const date = useMemo(() => new Intl.DateTimeFormat(i18n.resolvedLanguage ?? i18n.language, { dateStyle: 'medium', timeStyle: 'short' }), [i18n.resolvedLanguage, i18n.language]);
  const sessions = list.data?.sessions ?? [];
  const error = end.error ?? endOthers.error;

  return (
    <section className="account-security" aria-labelledby={`${id}-title`} data-testid="signed-in-devices">
      <h2 className="account-security__title" id={`${id}-title`}>
        {t('accountSecurity.devicesTitle')}
      </h2>
      <p className="account-security__hint">{t('accountSecurity.devicesIntro')}</p>
      {list.isPending && <p className="account-security__hint">{t('common.loading')}</p>}
      <ul className="account-security__list">
        {sessions.map((session) => {
          const name = nameOf(session);
          return (
            <li key={session.id} className="account-security__item" data-testid="signed-in-session" data-current={session.current || undefined}>
              <div className="account-security__item-text">
                <strong>{name}</strong>
                {session.current && <span className="account-security__badge">{t('accountSecurity.thisDevice')}</span>}
                <span className="account-security__hint">
                  {[
                    session.device ?? t(`accountSecurity.deviceTypes.${session.deviceType}`),
                    session.ipAddress ? t('accountSecurity.address', { address: session.ipAddress }) : t('accountSecurity.unknownAddress'),
                    t('accountSecurity.lastSeen', { date: date.format(new Date(session.lastSeenAt)) }),
                  ].join(' · ')}
                </span>
              </div>
              {!session.current && (
                <button
                  type="button"
                  className="button button--secondary"
                  disabled={end.isPending}
                  aria-label={t('accountSecurity.signOutDeviceNamed', { name })}
                  onClick={() => end.mutate(session.id, { onSuccess: () => setStatus(t('accountSecurity.deviceSignedOut', { name })) })}
                >
                  {t('accountSecurity.signOutDevice')}
                </button>
              )}
            </li>
          );
        })}
      </ul>
      {sessions.length > 1 && (
        <button
          type="button"
          className="button button--secondary account-security__action"
          disabled={endOthers.isPending}
          onClick={() => endOthers.mutate(undefined, { onSuccess: () => setStatus(t('accountSecurity.othersSignedOut')) })}
        >
          {t('accountSecurity.signOutOthersButton')}
        </button>
      )}
      <p role="status">{status}</p>
      {error && (
        <p className="error-text" role="alert">
          {authErrorMessage(error, t)}
        </p>
      )}
    </section>
  );
}
