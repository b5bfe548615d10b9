import { useTranslation } from 'react-i18next';
import { useServerConfig } from '../../../lib/server-config';
import { useMe } from '../api/get-me';
import { EmailAuthForm } from './email-auth-form';
import { GoogleSignInButton } from './google-sign-in-button';
import { UserPanel } from './user-panel';
import './auth.css';

/** The sidebar's account area: who is signed in, or the ways to sign in. */
export function AuthPanel() {
  const { t } = useTranslation();
  const me = useMe();
  const config = useServerConfig();

  if (me.isPending) return <p className="status-text auth-panel__loading">{t('common.loading')}</p>;
  if (me.data) return <UserPanel me={me.data} />;

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
      <EmailAuthForm />
    </div>
  );
}
