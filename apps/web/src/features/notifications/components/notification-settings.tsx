import type { NotificationSettings as Settings } from '@platter/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHeldToggles } from '../../../lib/use-held-toggles';
import { useNotificationSettings, useUpdateNotificationSettings } from '../api/notifications';
import './notifications.css';

/** The kinds in the order the settings list them (the shared NOTIFICATION_KINDS, without loading the schemas). */
type NotificationKind = keyof Settings;
const KINDS: readonly NotificationKind[] = ['follow', 'like', 'comment', 'reply', 'repost', 'release'];

/** Per-kind opt-out: a kind turned off is not recorded for me at all (the server checks it when it writes). */
export function NotificationSettings({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const settings = useNotificationSettings(signedIn);
  const update = useUpdateNotificationSettings();
  const boxes = useHeldToggles<NotificationKind>(settings.data);
  const [status, setStatus] = useState('');
  if (!signedIn || !settings.data) return null;
  const toggle = (kind: NotificationKind, on: boolean) => {
    setStatus('');
    boxes.hold(kind, on);
    update.mutate(
      { [kind]: on },
      {
        onSuccess: () => setStatus(t('notifications.settings.saved')),
        onError: () => {
          boxes.release(kind);
          setStatus(t('notifications.settings.failed'));
        },
      },
    );
  };

  return (
    <fieldset className="notification-settings" aria-describedby={`${id}-intro`} data-testid="notification-settings">
      <legend className="notification-settings__title">{t('notifications.settings.title')}</legend>
      <p className="status-text" id={`${id}-intro`}>
        {t('notifications.settings.intro')}
      </p>
      {KINDS.map((kind) => (
        <label key={kind} className="notification-settings__option">
          <input type="checkbox" checked={boxes.shown(kind)} disabled={update.isPending} onChange={(event) => toggle(kind, event.target.checked)} />
          <span>{t(`notifications.settings.${kind}`)}</span>
        </label>
      ))}
      <span className="notification-settings__status" role="status">
        {status}
      </span>
    </fieldset>
  );
}
