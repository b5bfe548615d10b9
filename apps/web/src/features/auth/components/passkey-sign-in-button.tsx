import { useTranslation } from 'react-i18next';
import { authErrorMessage } from '../../../lib/auth-errors';
import { usePasskeySignIn } from '../api/second-factor-sign-in';

/** "Sign in with a passkey", offered where the browser has WebAuthn. */
export function PasskeySignInButton() {
  const { t } = useTranslation();
  const signIn = usePasskeySignIn();
  if (typeof window === 'undefined' || !window.PublicKeyCredential) return null;
  return (
    <>
      <button type="button" className="button button--secondary auth-panel__passkey" disabled={signIn.isPending} onClick={() => signIn.mutate()}>
        {signIn.isPending ? t('auth.busy') : t('signInSteps.passkey')}
      </button>
      {signIn.isError && (
        <p className="error-text" role="alert">
          {authErrorMessage(signIn.error, t)}
        </p>
      )}
    </>
  );
}
