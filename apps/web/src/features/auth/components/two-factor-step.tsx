import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { authErrorMessage } from '../../../lib/auth-errors';
import { useFinishSignIn } from '../api/second-factor-sign-in';

/**
 * The second step of a password sign-in for an account with an authenticator app: its 6-digit code,
 * or one of the backup codes (each works once). `onBack` returns to the password form.
 */
export function TwoFactorStep({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const finish = useFinishSignIn();
  const [kind, setKind] = useState<'totp' | 'backup'>('totp');

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    finish.mutate({ kind, code: String(new FormData(event.currentTarget).get('code') ?? '') });
  };
  const switchKind = () => {
    finish.reset();
    setKind(kind === 'totp' ? 'backup' : 'totp');
  };

  return (
    <form className="auth-form" onSubmit={submit} aria-label={t('signInSteps.title')} data-testid="two-factor-step">
      <p className="auth-form__hint">{t(kind === 'totp' ? 'signInSteps.enterCode' : 'signInSteps.enterBackup')}</p>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-code`}>
          {t(kind === 'totp' ? 'signInSteps.code' : 'signInSteps.backupCode')}
        </label>
        <input
          key={kind}
          id={`${id}-code`}
          className="input"
          name="code"
          required
          autoFocus
          autoComplete="one-time-code"
          {...(kind === 'totp' ? { inputMode: 'numeric' as const, pattern: '[0-9 ]{6,7}', maxLength: 7 } : { maxLength: 40 })}
        />
      </div>
      {finish.isError && (
        <p className="error-text" role="alert">
          {authErrorMessage(finish.error, t)}
        </p>
      )}
      <button type="submit" className="button button--primary" disabled={finish.isPending}>
        {finish.isPending ? t('auth.busy') : t('signInSteps.verify')}
      </button>
      <button type="button" className="button button--link auth-form__switch" onClick={switchKind}>
        {t(kind === 'totp' ? 'signInSteps.useBackup' : 'signInSteps.useApp')}
      </button>
      <button type="button" className="button button--link auth-form__switch" onClick={onBack}>
        {t('signInSteps.back')}
      </button>
    </form>
  );
}
