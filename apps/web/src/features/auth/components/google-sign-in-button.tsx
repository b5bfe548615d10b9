import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GoogleIcon } from '../../../components/icons';
import { openSocialSignIn } from '../api/social-sign-in';

export function GoogleSignInButton() {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);

  const onClick = () => {
    setError(null);
    openSocialSignIn('google').catch((cause: unknown) => {
      console.error(cause);
      setError(cause instanceof Error ? cause.message : t('auth.failed'));
    });
  };

  return (
    <>
      <button type="button" className="button button--secondary auth-google" onClick={onClick}>
        <GoogleIcon />
        {t('auth.google')}
      </button>
      {error && (
        <p className="error-text" role="alert">
          {error}
        </p>
      )}
    </>
  );
}
