import type { Me } from '@platter/shared';
import { useTranslation } from 'react-i18next';
import { useSignOut } from '../api/sign-out';

export function UserPanel({ me }: { me: Me }) {
  const { t } = useTranslation();
  const signOut = useSignOut();
  const name = me.profile.displayName || me.user.name || me.user.email;
  return (
    <div className="user-panel">
      <span className="user-panel__avatar" aria-hidden="true">
        {name.charAt(0).toUpperCase()}
      </span>
      <div className="user-panel__who">
        <span className="user-panel__label">{t('auth.signedInAs')}</span>
        <span className="user-panel__name" data-testid="user-name">
          {name}
        </span>
      </div>
      <button
        type="button"
        className="button button--secondary user-panel__sign-out"
        disabled={signOut.isPending}
        onClick={() => signOut.mutate()}
      >
        {t('auth.signOut')}
      </button>
      {signOut.isError && (
        <p className="error-text" role="alert">
          {signOut.error.message}
        </p>
      )}
    </div>
  );
}
