import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@platter/shared/constants';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useResetPassword } from '../api/account-email';
import { authErrorText, passwordProblem } from './email-auth-form';
import './auth.css';

interface ResetPasswordFormProps {
  /** The token of the reset link; undefined when the link arrived spent (`?error=`) or without one. */
  token: string | undefined;
  /** Shown once the password is set (a way to the sign-in form). */
  done: ReactNode;
}

/** The reset page's form: a new password for the account of the link's token. */
export function ResetPasswordForm({ token, done }: ResetPasswordFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const reset = useResetPassword();
  const [problem, setProblem] = useState<string | null>(null);

  if (!token) {
    return (
      <p className="error-text" role="alert">
        {t('auth.resetInvalid')}
      </p>
    );
  }
  if (reset.isSuccess) {
    return (
      <>
        <p className="auth-form__note" role="status">
          {t('auth.resetDone')}
        </p>
        {done}
      </>
    );
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const newPassword = String(new FormData(event.currentTarget).get('password') ?? '');
    const refused = passwordProblem(newPassword, t);
    setProblem(refused);
    if (!refused) reset.mutate({ token, newPassword });
  };
  const errorText = problem ?? (reset.isError ? authErrorText(reset.error, t) : null);

  return (
    <form className="auth-form reset-password-form" onSubmit={onSubmit} aria-label={t('auth.resetTitle')}>
      <h1 className="auth-form__title">{t('auth.resetTitle')}</h1>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-password`}>
          {t('auth.newPassword')}
        </label>
        <input
          id={`${id}-password`}
          className="input"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN_LENGTH}
          maxLength={PASSWORD_MAX_LENGTH}
          aria-describedby={`${id}-hint`}
          aria-invalid={problem ? true : undefined}
          onChange={() => setProblem(null)}
        />
        <span id={`${id}-hint`} className="auth-form__hint">
          {t('auth.resetHint', { count: PASSWORD_MIN_LENGTH })}
        </span>
      </div>
      {errorText && (
        <p className="error-text" role="alert">
          {errorText}
        </p>
      )}
      <button type="submit" className="button button--primary" disabled={reset.isPending}>
        {reset.isPending ? t('auth.busy') : t('auth.resetSubmit')}
      </button>
    </form>
  );
}
