import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyNamed } from '../../../lib/lazy-named';
import { useServerConfig } from '../../../lib/server-config';
import { useMe } from '../api/get-me';
import { UserPanel } from './user-panel';
import './auth.css';

// Who is signed in is known only after the first paint (GET /api/me), so the sign-in form is a
// chunk of its own, requested when the listener turns out to be signed out.
const SignInOptions = lazyNamed(() => import('./sign-in-options'), 'SignInOptions');

/** The sidebar's account area: who is signed in, or the ways to sign in. */
export function AuthPanel() {
  const { t } = useTranslation();
  const me = useMe();
  // Asked beside /api/me, so the Google button (SignInOptions) does not wait for it afterwards.
  useServerConfig();
  const loading = <p className="status-text auth-panel__loading">{t('common.loading')}</p>;

  if (me.isPending) return loading;
  if (me.data) return <UserPanel me={me.data} />;

  return (
    <Suspense fallback={loading}>
      <SignInOptions />
    </Suspense>
  );
}
