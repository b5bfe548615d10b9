import { useCallback, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useModalDialog } from '../../../components/dialog';
import { AppLogo } from '../../../components/layout/app-logo';
import { paths } from '../../../config/paths';
import { useMe } from '../../../features/auth/api/get-me';
import { AuthPanel } from '../../../features/auth/components/auth-panel';
import { BellIcon, UnreadBadge } from '../../../features/notifications/components/unread-badge';
import { InstallButton } from '../../../features/offline/components/install-button';
import { LanguageSwitch } from '../../../features/settings/components/language-switch';
import { AccountIcon, CrossIcon } from '../../../components/icons';
import { useSignInRequests } from '../../../lib/sign-in-request';

/**
 * The shell's top bar: the logo and an account button at the top (sign-in used to sit at the end of
 * a long page, or below the sidebar's fold). The button opens the sidebar's account area as a
 * sheet: sign-in or the signed-in user, the language and the install offer. On wide screens the
 * bar is a strip above the page beside the sidebar, with the account button alone (the sidebar has
 * the logo and the notifications). Every "please sign in" notice's button opens the same sheet.
 */
export function HomeTopBar() {
  const { t } = useTranslation();
  const me = useMe();
  const userId = me.data?.user.id ?? null;
  // Who was signed in when the sheet opened: signing in or out from it closes it (the top bar then shows who it is).
  const [openedAs, setOpenedAs] = useState<string | null | undefined>(undefined);
  const open = openedAs !== undefined && openedAs === userId;
  const close = () => setOpenedAs(undefined);
  // A notice's Sign in button (components/sign-in-prompt.tsx) opens the sheet while signed out.
  useSignInRequests(useCallback(() => setOpenedAs(userId), [userId]));
  const name = me.data ? me.data.profile.displayName || me.data.user.name || me.data.user.email : null;

  return (
    <header className="shell-topbar" aria-label={t('shell.topBar')}>
      <AppLogo />
      {me.data && (
        <Link className="shell-topbar__notifications" to={paths.notifications.getHref()} aria-label={t('tabs.notifications')}>
          <BellIcon />
          <UnreadBadge signedIn />
        </Link>
      )}
      <button
        type="button"
        className={name ? 'shell-topbar__account shell-topbar__account--user' : 'button button--secondary shell-topbar__account'}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-label={name ? t('shell.accountOf', { name }) : undefined}
        disabled={me.isPending}
        onClick={() => setOpenedAs(userId)}
      >
        {name ? (
          <span className="shell-topbar__avatar" aria-hidden="true">
            {name.charAt(0).toUpperCase()}
          </span>
        ) : (
          <>
            <AccountIcon className="shell-topbar__icon" />
            {t('shell.signIn')}
          </>
        )}
      </button>
      <AccountSheet open={open} onClose={close} isAdmin={me.data?.isAdmin ?? false} signedIn={!!me.data} />
    </header>
  );
}

/** The account area as a modal sheet (useModalDialog: Escape closes it before anything else). */
function AccountSheet({ open, onClose, isAdmin, signedIn }: { open: boolean; onClose: () => void; isAdmin: boolean; signedIn: boolean }) {
  const { t } = useTranslation();
  const titleId = useId();
  const modal = useModalDialog(open, onClose);

  return (
    <dialog {...modal} className="account-sheet" aria-labelledby={titleId}>
      {/* Rendered only while open, so the sidebar's own sign-in form is the page's only one until then. */}
      {open && (
        <div className="account-sheet__body">
          <div className="account-sheet__header">
            <h2 id={titleId} className="account-sheet__title">
              {t('shell.account')}
            </h2>
            <button type="button" className="account-sheet__close" aria-label={t('shell.close')} onClick={onClose}>
              <CrossIcon />
            </button>
          </div>
          <AuthPanel />
          {signedIn && (
            <Link className="button button--secondary" to={paths.settings.getHref()} onClick={onClose}>
              {t('tabs.settings')}
            </Link>
          )}
          {isAdmin && (
            <Link className="button button--secondary" to={paths.home.getHref('admin')} onClick={onClose}>
              {t('tabs.admin')}
            </Link>
          )}
          <section className="account-sheet__settings" aria-label={t('shell.settings')}>
            <LanguageSwitch />
            <InstallButton />
          </section>
        </div>
      )}
    </dialog>
  );
}
