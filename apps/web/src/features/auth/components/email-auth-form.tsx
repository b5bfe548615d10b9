import { DISPLAY_NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@platter/shared/constants';
import type { TFunction } from 'i18next';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-error';
import { useRequestPasswordReset, useResendVerification } from '../api/account-email';
import { NOT_SIGNED_IN_AFTER_SIGN_UP, useSignInEmail, useSignUpEmail } from '../api/email-auth';
import { TwoFactorStep } from './two-factor-step';

type Mode = 'signIn' | 'signUp' | 'forgot';

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
    if (error.code === 'EMAIL_NOT_VERIFIED') return t('auth.emailNotVerified');
    if (error.code === 'INVALID_TOKEN') return t('auth.resetInvalid');
    if (error.code === 'reset_rate_limited' || error.code === 'verification_rate_limited') return t('auth.tooManyEmails');
    if (error.code === 'ACCOUNT_BEING_DELETED') return t('deleteAccount.signInRefused');
    if (error.code === 'account_suspended' || error.code === 'ACCOUNT_SUSPENDED') return t('auth.suspended');
  }
  return error.message || t('auth.failed');
}

/** "Resend the link" under a refusal for an unverified address, and what came of it. */
function ResendVerification({ email }: { email: string }) {
  const { t } = useTranslation();
  const resend = useResendVerification();
  if (resend.isSuccess) {
    return (
      <p className="auth-form__note" role="status">
        {t('auth.verificationResent', { email })}
      </p>
    );
  }
  return (
    <>
      {resend.isError && (
        <p className="error-text" role="alert">
          {authErrorText(resend.error, t)}
        </p>
      )}
      <button type="button" className="button button--secondary" disabled={resend.isPending} onClick={() => resend.mutate(email)}>
        {resend.isPending ? t('auth.busy') : t('auth.resendLink')}
      </button>
    </>
  );
}

/** "Forgot password?": an email field; the answer is the same whether or not the address has an account. */
function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const request = useRequestPasswordReset();
  const [email, setEmail] = useState('');
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const typed = String(new FormData(event.currentTarget).get('email') ?? '').trim();
    setEmail(typed);
    request.mutate(typed);
  };
  return (
    <form className="auth-form" onSubmit={onSubmit} aria-label={t('auth.forgotTitle')}>
      <p className="auth-form__title">{t('auth.forgotTitle')}</p>
      {request.isSuccess ? (
        <p className="auth-form__note" role="status">
          {t('auth.resetLinkSent', { email })}
        </p>
      ) : (
        <>
          <p className="auth-form__hint">{t('auth.forgotHint')}</p>
          <div className="field">
            <label className="field__label" htmlFor={`${id}-email`}>
              {t('auth.email')}
            </label>
            <input id={`${id}-email`} className="input" name="email" type="email" autoComplete="email" required />
          </div>
          {request.isError && (
            <p className="error-text" role="alert">
              {authErrorText(request.error, t)}
            </p>
          )}
          <button type="submit" className="button button--primary" disabled={request.isPending}>
            {request.isPending ? t('auth.busy') : t('auth.sendResetLink')}
          </button>
        </>
      )}
      <button type="button" className="button button--link auth-form__switch" onClick={onBack}>
        {t('auth.backToSignIn')}
      </button>
    </form>
  );
}

/** `verificationRequired`: the server holds new accounts back until their email is confirmed (REQUIRE_EMAIL_VERIFICATION). */
export function EmailAuthForm({ verificationRequired = false }: { verificationRequired?: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const [mode, setMode] = useState<Mode>('signIn');
  const signIn = useSignInEmail();
  const signUp = useSignUpEmail();
  const mutation = mode === 'signIn' ? signIn : signUp;
  // A new password that will not do, caught before anything is sent.
  const [problem, setProblem] = useState<string | null>(null);
  // The password was right and the account has an authenticator app: its code comes next.
  const [secondStep, setSecondStep] = useState(false);
  // The address last sent, for "Resend the link".
  const [sentEmail, setSentEmail] = useState('');

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const email = String(form.get('email') ?? '').trim();
    const password = String(form.get('password') ?? '');
    setSentEmail(email);
    if (mode === 'signIn') {
      signIn.mutate({ email, password }, { onSuccess: (result) => setSecondStep(result.twoFactor) });
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

  const switchMode = (next: Mode) => {
    signIn.reset();
    signUp.reset();
    setProblem(null);
    setMode(next);
  };

  if (mode === 'forgot') return <ForgotPasswordForm onBack={() => switchMode('signIn')} />;

  const failure = mutation.isError ? mutation.error : null;
  const code = failure instanceof ApiError ? failure.code : undefined;
  // With verification required, a new account is not signed in until its link is followed: the
  // same answer as for a registered email, so the form says both without telling them apart.
  const awaitingVerification = mode === 'signUp' && code === NOT_SIGNED_IN_AFTER_SIGN_UP && verificationRequired;
  const errorText = problem ?? (failure && !awaitingVerification ? authErrorText(failure, t) : null);
  const offerResend = (mode === 'signIn' && code === 'EMAIL_NOT_VERIFIED') || awaitingVerification;

  const title = t(mode === 'signIn' ? 'auth.signIn' : 'auth.signUp');

  if (secondStep) {
    return (
      <TwoFactorStep
        onBack={() => {
          signIn.reset();
          setSecondStep(false);
        }}
      />
    );
  }

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
      {awaitingVerification && (
        <p className="auth-form__note" role="status">
          {t('auth.checkEmail', { email: sentEmail })}
        </p>
      )}
      {offerResend && <ResendVerification key={sentEmail} email={sentEmail} />}
      <button type="submit" className="button button--primary" disabled={mutation.isPending}>
        {mutation.isPending ? t('auth.busy') : title}
      </button>
      {mode === 'signIn' && (
        <button type="button" className="button button--link auth-form__switch" onClick={() => switchMode('forgot')}>
          {t('auth.forgotPassword')}
        </button>
      )}
      <button type="button" className="button button--link auth-form__switch" onClick={() => switchMode(mode === 'signIn' ? 'signUp' : 'signIn')}>
        {t(mode === 'signIn' ? 'auth.toSignUp' : 'auth.toSignIn')}
      </button>
    </form>
  );
}
