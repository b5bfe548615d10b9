import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../../features/auth/api/get-me';
import { EmailDigestSettings } from '../../../features/notifications/components/email-digest-settings';
import { AccountSettings } from '../../../features/settings/components/account-settings';
import { DataExportSection } from '../../../features/settings/components/data-export-section';
import { DeleteAccountSection } from '../../../features/settings/components/delete-account-section';
import { SecondFactorSettings } from '../../../features/settings/components/second-factor-settings';
import { SignedInDevices } from '../../../features/settings/components/signed-in-devices';
import '../../../features/settings/components/account-security.css';
import { SignInPrompt } from '../../../components/sign-in-prompt';

/**
 * The settings page's sections, in order: one line each. A section is a component of its own
 * feature (composed here, in app/, since features never import each other); it reads what it
 * needs itself, the page only decides the order.
 */
const SETTINGS_SECTIONS: ReadonlyArray<ComponentType> = [
  AccountSettings,
  SignedInDevices,
  SecondFactorSettings,
  () => <EmailDigestSettings signedIn />,
  () => <DataExportSection signedIn />,
  () => <DeleteAccountSection signedIn />,
];

/** /home?tab=settings: the signed-in person's account settings; signed-out listeners are asked to sign in. */
export function SettingsTab() {
  const { t } = useTranslation();
  const me = useMe();
  if (me.isPending) return <p className="status-text">{t('common.loading')}</p>;
  if (!me.data) return <SignInPrompt text={t('settingsPage.signIn')} />;
  return (
    <div className="settings-page" data-testid="settings-page">
      {SETTINGS_SECTIONS.map((Section, index) => (
        <Section key={index} />
      ))}
    </div>
  );
}
