import { DISPLAY_NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@platter/shared/constants';
import type { TFunction } from 'i18next';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-error';
import { NOT_SIGNED_IN_AFTER_SIGN_UP, useSignInEmail, useSignUpEmail } from '../api/email-auth';

type Mode = 'signIn' | 'signUp';

/** What is wrong with a new password, in words that say the limit; null when it will do. */
export function passwordProblem(password: string, t: TFunction): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return t('auth.passwordTooShort', { count: PASSWORD_MIN_LENGTH });
  if (password.length > PASSWORD_MAX_LENGTH) return t('auth.passwordTooLong', { count: PASSWORD_MAX_LENGTH });
  return null;
}

/** better-auth's refusals in the UI's language where we know them (its messages are English and bare). */
export function authErrorText(error: Error, t: TFunction): string {
  if (error instanceof ApiError) {
    if (error.code === 'PASSWORD_TOO_SHORT') return t('auth.passwordTooShort', { count: PASSWORD_MIN_LENGTH });
    if (error.code === 'PASSWORD_TOO_LONG') return t('auth.passwordTooLong', { count: PASSWORD_MAX_LENGTH });
    if (error.code === NOT_SIGNED_IN_AFTER_SIGN_UP) return t('auth.notSignedInAfterSignUp');
    if (error.code === 'account_suspended' || error.code === 'ACCOUNT_SUSPENDED') return t('auth.suspended');
  }
  return error.message || t('auth.failed');
}

export function EmailAuthForm() {
  const { t } = useTranslation();
  const id = useId();
  const [mode, setMode] = useState<Mode>('signIn');
  const signIn = useSignInEmail();
  const signUp = useSignUpEmail();
  const mutation = mode === 'signIn' ? signIn : signUp;
  // A new password that will not do, caught before anything is sent.
  const [problem, setProblem] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const email = String(form.get('email') ?? '').trim();
    const password = String(form.get('password') ?? '');
    if (mode === 'signIn') {
      signIn.mutate({ email, password });
      return;
    }
    const refused = passwordProblem(password, t);
    setProblem(refused);
    if (refused) {
      signUp.reset();
      return;
    }
    signUp.mutate({ name: String(form.get('name') ?? '').trim(), email, password });
  };

  const switchMode = () => {
    signIn.reset();
    signUp.reset();
    setProblem(null);
    setMode(mode === 'signIn' ? 'signUp' : 'signIn');
  };

  const errorText = problem ?? (mutation.isError ? authErrorText(mutation.error, t) : null);

  const title = t(mode === 'signIn' ? 'auth.signIn' : 'auth.signUp');

  return (
    <form className="auth-form" onSubmit={onSubmit} aria-label={title}>
      {mode === 'signUp' && (
        <div className="field">
          <label className="field__label" htmlFor={`${id}-name`}>
            {t('auth.name')}
          </label>
          <input id={`${id}-name`} className="input" name="name" autoComplete="name" required maxLength={DISPLAY_NAME_MAX_LENGTH} />
        </div>
      )}
      <div className="field">
        <label className="field__label" htmlFor={`${id}-email`}>
          {t('auth.email')}
        </label>
        <input id={`${id}-email`} className="input" name="email" type="email" autoComplete="email" required />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-password`}>
          {t('auth.password')}
        </label>
        <input
          id={`${id}-password`}
          className="input"
          name="password"
          type="password"
          autoComplete={mode === 'signIn' ? 'current-password' : 'new-password'}
          required
          {...(mode === 'signUp'
            ? {
                minLength: PASSWORD_MIN_LENGTH,
                maxLength: PASSWORD_MAX_LENGTH,
                'aria-describedby': `${id}-password-hint`,
                'aria-invalid': problem ? true : undefined,
                onChange: () => setProblem(null),
              }
            : {})}
        />
        {mode === 'signUp' && (
          <span id={`${id}-password-hint`} className="auth-form__hint">
            {t('auth.passwordHint', { count: PASSWORD_MIN_LENGTH })}
          </span>
        )}
      </div>
      {errorText && (
        <p className="error-text" role="alert">
          {errorText}
        </p>
      )}
      <button type="submit" className="button button--primary" disabled={mutation.isPending}>
        {mutation.isPending ? t('auth.busy') : title}
      </button>
      <button type="button" className="button button--link auth-form__switch" onClick={switchMode}>
        {t(mode === 'signIn' ? 'auth.toSignUp' : 'auth.toSignIn')}
      </button>
    </form>
  );
}
