import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../config/paths';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form';
import './auth-window.css';

/** Where a reset email's link lands: `?token=` to choose a new password, `?error=` when the link is spent. */
export function ResetPasswordRoute() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const token = search.has('error') ? undefined : (search.get('token') ?? undefined);
  const home = (
    <Link className="button button--secondary" to={paths.home.getHref()}>
      {t('auth.toSignInPage')}
    </Link>
  );
  return (
    <main className="auth-window auth-window--form">
      <p className="auth-window__brand">{t('common.appName')}</p>
      <ResetPasswordForm token={token} done={home} />
      {!token && home}
    </main>
  );
}
