import { useTranslation } from 'react-i18next';
import { useUnreadCount } from '../api/notifications';
import './notifications.css';

/** The unread count beside the Notifications entry (nothing when there is none, or signed out). */
export function UnreadBadge({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation();
  const unread = useUnreadCount(signedIn);
  const count = unread.data?.unread ?? 0;
  if (!signedIn || count === 0) return null;
  const capped = unread.data?.capped ?? false;
  return (
    <>
      <span className="unread-badge" data-testid="unread-badge" aria-hidden="true">
        {capped ? `${count}+` : count}
      </span>
      <span className="visually-hidden">{capped ? t('notifications.unreadCapped', { count }) : t('notifications.unread', { count })}</span>
    </>
  );
}

/** A bell: the Notifications entry's icon. */
export function BellIcon(props: React.SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 24 24" width="1em" height="1em" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false" {...props}>
      <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    </svg>
  );
}
