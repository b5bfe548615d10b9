import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignInEmail, useSignUpEmail } from '../api/email-auth';

type Mode = 'signIn' | 'signUp';

export function EmailAuthForm() {
  const { t } = useTranslation();
  const id = useId();
  const [mode, setMode] = useState<Mode>('signIn');
  const signIn = useSignInEmail();
  const signUp = useSignUpEmail();
  const mutation = mode === 'signIn' ? signIn : signUp;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const email = String(form.get('email') ?? '').trim();
    const password = String(form.get('password') ?? '');
    if (mode === 'signIn') signIn.mutate({ email, password });
    else signUp.mutate({ name: String(form.get('name') ?? '').trim(), email, password });
  };

  const switchMode = () => {
    signIn.reset();
    signUp.reset();
    setMode(mode === 'signIn' ? 'signUp' : 'signIn');
  };

  const title = t(mode === 'signIn' ? 'auth.signIn' : 'auth.signUp');

  return (
    <form className="auth-form" onSubmit={onSubmit} aria-label={title}>
      {mode === 'signUp' && (
        <div className="field">
          <label className="field__label" htmlFor={`${id}-name`}>
            {t('auth.name')}
          </label>
          <input id={`${id}-name`} className="input" name="name" autoComplete="name" required maxLength={100} />
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
        />
      </div>
      {mutation.isError && (
        <p className="error-text" role="alert">
          {mutation.error.message || t('auth.failed')}
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
