import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AuthWindow } from './auth-window';

/** Where a verification email's link lands: confirmed (and signed in), or why the link did not work. */
export function EmailVerifiedRoute() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const error = search.get('error');
  const message = error === null ? t('auth.emailVerified') : error === 'TOKEN_EXPIRED' ? t('auth.verifyExpired') : t('auth.verifyInvalid');
  return <AuthWindow message={message} isError={error !== null} showHome />;
}
