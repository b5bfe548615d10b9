import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@platter/shared/constants';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { authErrorMessage } from '../../../lib/auth-errors';
import { useAccountSecurity, useChangeEmail, useChangePassword } from '../api/account-security';
import './account-security.css';

/** Email and password: changing either asks for proof (the new address's link, the current password). */
export function AccountSettings() {
  const { t } = useTranslation();
  const id = useId();
  const security = useAccountSecurity();
  return (
    <section className="account-security" aria-labelledby={`${id}-title`} data-testid="account-settings">
      <h2 className="account-security__title" id={`${id}-title`}>
        {t('accountSecurity.account')}
      </h2>
      {security.isPending && <p className="account-security__hint">{t('common.loading')}</p>}
      {security.data && (
        <>
          <ChangeEmailForm email={security.data.email} />
          {security.data.hasPassword ? <ChangePasswordForm /> : <p className="account-security__hint">{t('accountSecurity.noPassword')}</p>}
        </>
      )}
    </section>
  );
}

function ChangeEmailForm({ email }: { email: string }) {
  const { t } = useTranslation();
  const id = useId();
  const change = useChangeEmail();
  const [sentTo, setSentTo] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const newEmail = String(new FormData(form).get('newEmail') ?? '').trim();
    setSentTo(null);
    change.mutate(newEmail, {
      onSuccess: () => {
        setSentTo(newEmail);
        form.reset();
      },
    });
  };

  return (
    <form className="account-security__form" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h3 className="account-security__subtitle" id={`${id}-title`}>
        {t('accountSecurity.emailTitle')}
      </h3>
      <p className="account-security__hint">{t('accountSecurity.currentEmail', { email })}</p>
      <label className="account-security__field">
        <span>{t('accountSecurity.newEmail')}</span>
        <input className="input" name="newEmail" type="email" autoComplete="email" required />
      </label>
      <button type="submit" className="button button--secondary" disabled={change.isPending}>
        {t('accountSecurity.changeEmail')}
      </button>
      {sentTo && <p role="status">{t('accountSecurity.emailSent', { email: sentTo })}</p>}
      {change.isError && (
        <p className="error-text" role="alert">
          {authErrorMessage(change.error, t)}
        </p>
      )}
    </form>
  );
}

function ChangePasswordForm() {
  const { t } = useTranslation();
  const id = useId();
  const change = useChangePassword();
  const [done, setDone] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const newPassword = String(data.get('newPassword') ?? '');
    const revokeOtherSessions = data.get('revokeOtherSessions') === 'on';
    setDone(null);
    if (newPassword.length < PASSWORD_MIN_LENGTH || newPassword.length > PASSWORD_MAX_LENGTH) {
      setProblem(t(newPassword.length < PASSWORD_MIN_LENGTH ? 'auth.passwordTooShort' : 'auth.passwordTooLong', { count: newPassword.length < PASSWORD_MIN_LENGTH ? PASSWORD_MIN_LENGTH : PASSWORD_MAX_LENGTH }));
      return;
    }
    setProblem(null);
    change.mutate(
      { currentPassword: String(data.get('currentPassword') ?? ''), newPassword, revokeOtherSessions },
      {
        onSuccess: () => {
          setDone(t(revokeOtherSessions ? 'accountSecurity.passwordChangedOthers' : 'accountSecurity.passwordChanged'));
          form.reset();
        },
      },
    );
  };

  const error = problem ?? (change.isError ? authErrorMessage(change.error, t) : null);
  return (
    <form className="account-security__form" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h3 className="account-security__subtitle" id={`${id}-title`}>
        {t('accountSecurity.passwordTitle')}
      </h3>
      <label className="account-security__field">
        <span>{t('accountSecurity.currentPassword')}</span>
        <input className="input" name="currentPassword" type="password" autoComplete="current-password" required />
      </label>
      <label className="account-security__field">
        <span>{t('accountSecurity.newPassword')}</span>
        <input className="input" name="newPassword" type="password" autoComplete="new-password" required minLength={PASSWORD_MIN_LENGTH} maxLength={PASSWORD_MAX_LENGTH} />
      </label>
      <label className="account-security__check">
        <input type="checkbox" name="revokeOtherSessions" defaultChecked />
        <span>{t('accountSecurity.signOutOthers')}</span>
      </label>
      <button type="submit" className="button button--secondary" disabled={change.isPending}>
        {t('accountSecurity.changePassword')}
      </button>
      {done && <p role="status">{done}</p>}
      {error && (
        <p className="error-text" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
