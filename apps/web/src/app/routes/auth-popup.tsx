import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isSocialProvider, startSocialSignIn } from '../../features/auth/api/social-sign-in';
import { AuthWindow } from './auth-window';

/** Opened by the sidebar in a popup: hands the popup over to the provider's sign-in page. */
export function AuthPopupRoute() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const provider = search.get('provider');
  const [error, setError] = useState<string | null>(isSocialProvider(provider) ? null : t('auth.popupError'));
  const started = useRef(false);

  useEffect(() => {
    // Strict mode runs effects twice; the provider must be asked only once.
    if (started.current || !isSocialProvider(provider)) return;
    started.current = true;
    startSocialSignIn(provider).catch((cause: unknown) => {
      console.error(cause);
      setError(cause instanceof Error ? cause.message : t('auth.popupError'));
    });
  }, [provider, t]);

  return <AuthWindow message={error ?? t('auth.popupStarting')} isError={error !== null} />;
}
