import type { EmailDigestKind } from '@platter/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHeldToggles } from '../../../lib/use-held-toggles';
import { useEmailDigestSettings, useUpdateEmailDigestSettings } from '../api/notifications';
import './notifications.css';

/** The kinds that can be emailed, in the order listed (the shared EMAIL_DIGEST_KINDS, without loading the schemas). */
const KINDS: readonly EmailDigestKind[] = ['follow', 'comment', 'reply', 'release'];

/** Opt-in notification emails: the kinds chosen come in one digest a day at most, in the app's language. */
export function EmailDigestSettings({ signedIn }: { signedIn: boolean }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const settings = useEmailDigestSettings(signedIn);
  const update = useUpdateEmailDigestSettings();
  const boxes = useHeldToggles<EmailDigestKind>(settings.data);
  const [status, setStatus] = useState('');
  if (!signedIn || !settings.data) return null;
  const language = i18n.language.startsWith('ru') ? 'ru' : 'en';

  const toggle = (kind: EmailDigestKind, on: boolean) => {
    setStatus('');
    boxes.hold(kind, on);
    update.mutate(
      { [kind]: on, language },
      {
        onSuccess: () => setStatus(t('notifications.email.saved')),
        onError: (error) => {
          boxes.release(kind);
          setStatus(error instanceof Error && error.message ? error.message : t('notifications.email.failed'));
        },
      },
    );
  };

  return (
    <fieldset className="notification-settings" aria-describedby={`${id}-intro`} data-testid="email-digest-settings">
      <legend className="notification-settings__title">{t('notifications.email.title')}</legend>
      <p className="status-text" id={`${id}-intro`}>
        {t('notifications.email.intro')}
      </p>
      {KINDS.map((kind) => (
        <label key={kind} className="notification-settings__option">
          <input type="checkbox" checked={boxes.shown(kind)} onChange={(event) => toggle(kind, event.target.checked)} />
          <span>{t(`notifications.settings.${kind}`)}</span>
        </label>
      ))}
      <span className="notification-settings__status" role="status">
        {status}
      </span>
    </fieldset>
  );
}
