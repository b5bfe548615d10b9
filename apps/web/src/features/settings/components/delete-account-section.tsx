import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-error';
import { useAccountDeletion, useCancelAccountDeletion, useRequestAccountDeletion } from '../api/account-deletion';
import './delete-account-section.css';

/** Server refusals this form words itself, in the reader's language (the server's message is English). */
const KNOWN_ERRORS = ['password_required', 'wrong_password', 'email_mismatch', 'second_factor_required', 'wrong_code', 'deletion_underway'] as const;

function formatDay(iso: string, language: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : new Intl.DateTimeFormat(language, { dateStyle: 'long', timeStyle: 'short' }).format(date);
}

/**
 * "Delete my account" in the settings: what goes, the password (or the email, for an account
 * made with Google) and the second factor when it is on, then the request. While it is pending
 * (the server's grace), the section says when the account goes and offers to keep it; with no
 * grace the account is gone at once, and the page starts over signed out.
 */
export function DeleteAccountSection({ signedIn }: { signedIn: boolean }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const state = useAccountDeletion(signedIn);
  const request = useRequestAccountDeletion();
  const cancel = useCancelAccountDeletion();
  const [open, setOpen] = useState(false);
  const [secret, setSecret] = useState('');
  const [code, setCode] = useState('');
  if (!signedIn || !state.data) return null;
  const current = state.data;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!secret || request.isPending) return;
    const input = current.confirmWith === 'password' ? { password: secret } : { email: secret };
    request.mutate(
      { ...input, ...(current.secondFactor ? { code } : {}) },
      {
        onSuccess: (answer) => {
          setSecret('');
          setCode('');
          setOpen(false);
          // No grace: the account's sessions are gone with it; start over signed out.
          if (answer.graceDays === 0) window.location.assign('/home');
        },
      },
    );
  };

  const errorText = (error: unknown): string => {
    if (error instanceof ApiError) {
      const known = KNOWN_ERRORS.find((code) => code === error.code);
      if (known) return t(`deleteAccount.errors.${known}`);
      if (error.status === 429) return t('deleteAccount.errors.tooMany');
    }
    return t('deleteAccount.errors.failed');
  };

  return (
    <section className="delete-account" aria-labelledby={`${id}-title`} data-testid="delete-account">
      <h2 className="delete-account__title" id={`${id}-title`}>
        {t('deleteAccount.title')}
      </h2>
      {current.pending && current.dueAt ? (
        <>
          <p role="status" data-testid="delete-account-pending">
            {t('deleteAccount.pending', { when: formatDay(current.dueAt, i18n.language) })}
          </p>
          <p className="status-text">{t('deleteAccount.pendingHint')}</p>
          <button type="button" className="button button--primary" disabled={cancel.isPending} onClick={() => cancel.mutate()}>
            {t('deleteAccount.keep')}
          </button>
          {cancel.isError && (
            <p className="error-text" role="alert">
              {errorText(cancel.error)}
            </p>
          )}
        </>
      ) : !open ? (
        <>
          <p className="status-text">{t('deleteAccount.intro')}</p>
          <button type="button" className="button delete-account__danger" onClick={() => setOpen(true)}>
            {t('deleteAccount.start')}
          </button>
        </>
      ) : (
        <form className="delete-account__form" onSubmit={submit} aria-label={t('deleteAccount.formLabel')}>
          <p>{t('deleteAccount.whatGoes')}</p>
          <p className="status-text">
            {current.graceDays === 0 ? t('deleteAccount.atOnce') : t('deleteAccount.afterGrace', { count: current.graceDays })}
          </p>
          <label className="delete-account__field">
            <span>{current.confirmWith === 'password' ? t('deleteAccount.password') : t('deleteAccount.email')}</span>
            <input
              className="input"
              type={current.confirmWith === 'password' ? 'password' : 'email'}
              autoComplete={current.confirmWith === 'password' ? 'current-password' : 'email'}
              value={secret}
              onChange={(event) => {
                setSecret(event.currentTarget.value);
                if (request.isError) request.reset();
              }}
            />
          </label>
          {current.secondFactor && (
            <label className="delete-account__field">
              <span>{t('deleteAccount.code')}</span>
              <input
                className="input"
                inputMode="numeric"
                autoComplete="one-time-code"
                value={code}
                onChange={(event) => {
                  setCode(event.currentTarget.value);
                  if (request.isError) request.reset();
                }}
              />
            </label>
          )}
          {request.isError && (
            <p className="error-text" role="alert">
              {errorText(request.error)}
            </p>
          )}
          <div className="delete-account__actions">
            <button type="button" className="button button--secondary" onClick={() => setOpen(false)}>
              {t('deleteAccount.back')}
            </button>
            <button type="submit" className="button delete-account__danger" disabled={!secret || (current.secondFactor && !code.trim()) || request.isPending}>
              {request.isPending ? t('deleteAccount.deleting') : t('deleteAccount.confirm')}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
