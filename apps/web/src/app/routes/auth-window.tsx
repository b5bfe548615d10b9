import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import './auth-window.css';

interface AuthWindowProps {
  message: string;
  isError: boolean;
  showHome?: boolean;
}

/** The bare page of the sign-in popup. */
export function AuthWindow({ message, isError, showHome = false }: AuthWindowProps) {
  const { t } = useTranslation();
  return (
    <main className="auth-window">
      <p className="auth-window__brand">{t('common.appName')}</p>
      <p className={isError ? 'error-text' : 'auth-window__message'} role={isError ? 'alert' : 'status'}>
        {message}
      </p>
      {showHome && (
        <Link className="button button--secondary" to={paths.home.getHref()}>
          {t('nav.openPlayer')}
        </Link>
      )}
    </main>
  );
}
