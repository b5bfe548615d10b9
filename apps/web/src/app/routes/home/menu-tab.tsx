import { useTranslation } from 'react-i18next';
import { useMe } from '../../../features/auth/api/get-me';
import { EmailDigestSettings } from '../../../features/notifications/components/email-digest-settings';
import { NotificationSettings } from '../../../features/notifications/components/notification-settings';
import { FederationSettings } from '../../../features/settings/components/federation-settings';
import { ListenBrainzSettings } from '../../../features/settings/components/listenbrainz-settings';
import { SubsonicCredentials } from '../../../features/settings/components/subsonic-credentials';
import { StudioView } from '../../../features/studio/components/studio-view';
import { SignInPrompt } from '../../../components/sign-in-prompt';

/** The studio (the 'menu' tab); signed-out listeners are asked to sign in. */
export function MenuTab() {
  const { t } = useTranslation();
  const me = useMe();
  if (me.isPending) return <p className="status-text">{t('common.loading')}</p>;
  if (!me.data) return <SignInPrompt text={t('shell.signInForStudio')} />;
  return (
    <>
      <StudioView profile={me.data.profile} />
      <NotificationSettings signedIn />
      <EmailDigestSettings signedIn />
      <ListenBrainzSettings signedIn />
      <FederationSettings signedIn />
      <SubsonicCredentials signedIn email={me.data.user.email} />
    </>
  );
}
