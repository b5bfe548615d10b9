import type { NotificationGroup } from '@platter/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Image } from '../../../components/image';
import { paths } from '../../../config/paths';
import { useMarkAllRead, useNotifications, useUnreadCount } from '../api/notifications';
import { EmailDigestSettings } from './email-digest-settings';
import { NotificationSettings } from './notification-settings';
import { notificationText } from './notification-text';
import './notifications.css';
import { SignInPrompt } from '../../../components/sign-in-prompt';

/**
 * Where a notification leads: the release or track it is about, (a follow) the follower's page (on
 * its own server, for an account from another server), or (a data export) the settings that offer it.
 */
function targetOf(group: NotificationGroup): { href: string; external?: boolean } | null {
  if (group.kind === 'export') return { href: paths.home.getHref('settings') };
  if (group.release) return { href: paths.release.getHref(group.release.id) };
  if (group.track) return { href: paths.track.getHref(group.track.id) };
  const first = group.actors[0];
  if (first?.url) return { href: first.url, external: true };
  return first ? { href: paths.artist.getHref(first.id) } : null;
}

function NotificationItem({ group, date }: { group: NotificationGroup; date: Intl.DateTimeFormat }) {
  const { t } = useTranslation();
  const actor = group.actors[0];
  const text = notificationText(t, group);
  const target = targetOf(group);
  return (
    <li className={`notification ${group.unread ? 'notification--unread' : ''}`} data-testid="notification" data-kind={group.kind}>
      {actor?.photoURL ? (
        <Image className="notification__avatar" src={actor.photoURL} alt="" />
      ) : (
        <span className="notification__avatar notification__avatar--initial" aria-hidden="true">
          {(actor?.name ?? '?').charAt(0).toUpperCase()}
        </span>
      )}
      <div className="notification__body">
        {target?.external ? (
          <a className="notification__text" href={target.href} target="_blank" rel="noopener noreferrer nofollow">
            {text}
          </a>
        ) : target ? (
          <Link className="notification__text" to={target.href}>
            {text}
          </Link>
        ) : (
          <span className="notification__text">{text}</span>
        )}
        {group.comment && <q className="notification__comment">{group.comment}</q>}
        <time className="notification__time" dateTime={group.latestAt}>
          {date.format(new Date(group.latestAt))}
        </time>
      </div>
      {group.unread && (
        <span className="notification__unread">
          <span className="notification__dot" aria-hidden="true" />
          <span className="visually-hidden">{t('notifications.new')}</span>
        </span>
      )}
    </li>
  );
}

/**
 * The Notifications tab: new followers, likes, comments, reposts and followed artists' releases,
 * grouped ("Ann and 12 others liked …"), newest first, a page at a time, with Mark all read.
 * New ones arrive live (`notifications.changed` refetches the list and the count).
 */
export function NotificationsView({ signedIn }: { signedIn: boolean }) {
  const { t, i18n } = useTranslation();
  const list = useNotifications(signedIn);
  const unread = useUnreadCount(signedIn);
  const markAllRead = useMarkAllRead();
  const groups = useMemo(() => (list.data?.pages ?? []).flatMap((page) => page.groups), [list.data]);
  const date = useMemo(
    () => new Intl.DateTimeFormat(i18n.resolvedLanguage ?? i18n.language, { dateStyle: 'medium', timeStyle: 'short' }),
    [i18n.resolvedLanguage, i18n.language],
  );

  if (!signedIn) return <SignInPrompt text={t('notifications.signIn')} />;
  if (list.isPending) return <p className="status-text">{t('common.loading')}</p>;
  if (list.isError) {
    return (
      <p className="error-text" role="alert">
        {t('notifications.loadError')}
      </p>
    );
  }
  const count = unread.data?.unread ?? 0;

  return (
    <div className="notifications">
      <div className="notifications__bar">
        <span className="notifications__count" data-testid="notifications-unread" aria-live="polite">
          {unread.data?.capped ? t('notifications.unreadCapped', { count }) : t('notifications.unread', { count })}
        </span>
        <button
          type="button"
          className="button button--secondary"
          disabled={markAllRead.isPending || count === 0}
          onClick={() => markAllRead.mutate()}
        >
          {t('notifications.markAllRead')}
        </button>
      </div>
      {groups.length === 0 ? (
        <p className="status-text">{t('notifications.empty')}</p>
      ) : (
        <ul className="notifications__list" aria-label={t('notifications.label')} aria-busy={list.isFetching}>
          {groups.map((group, index) => (
            // A group may continue on the next page: its key repeats, so the index keeps React's keys apart.
            <NotificationItem key={`${group.key}#${index}`} group={group} date={date} />
          ))}
        </ul>
      )}
      {list.hasNextPage && (
        <button type="button" className="button button--secondary notifications__more" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
          {list.isFetchingNextPage ? t('common.loading') : t('notifications.loadMore')}
        </button>
      )}
      <NotificationSettings signedIn={signedIn} />
      <EmailDigestSettings signedIn={signedIn} />
    </div>
  );
}
