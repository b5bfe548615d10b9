import { useTranslation } from 'react-i18next';
import { useServerConfig } from '../../../lib/server-config';
import { EmailAuthForm } from './email-auth-form';
import { GoogleSignInButton } from './google-sign-in-button';
import { PasskeySignInButton } from './passkey-sign-in-button';

/** The ways to sign in, for a signed-out listener: Google (when the server offers it) and email. */
export function SignInOptions() {
  const { t } = useTranslation();
  const config = useServerConfig();
  return (
    <div className="auth-panel">
      {config.data?.googleSignIn && (
        <>
          <GoogleSignInButton />
          <p className="auth-panel__or">
            <span>{t('auth.or')}</span>
          </p>
        </>
      )}
      <EmailAuthForm verificationRequired={config.data?.emailVerificationRequired === true} />
      <PasskeySignInButton />
    </div>
  );
}
