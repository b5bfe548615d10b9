// @vitest-environment jsdom
import type { NotificationGroup, NotificationPage, NotificationSettings, UnreadCount } from '@platter/shared';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { queryKeys } from '../../../lib/query-keys';
import { i18n } from '../../../testing/i18n';
import { createTestQueryClient, renderApp } from '../../../testing/render';
import { notificationText } from './notification-text';
import { NotificationsView } from './notifications-view';
import { UnreadBadge } from './unread-badge';

afterEach(cleanup);

const group = (overrides: Partial<NotificationGroup>): NotificationGroup => ({
  key: 'like:t1',
  kind: 'like',
  actors: [{ id: 'u1', name: 'Ann', photoURL: null }],
  count: 1,
  unread: true,
  latestAt: '2026-11-26T05:00:00.000Z',
  track: { id: 't1', title: 'Night Drive' },
  comment: null,
  ...overrides,
});

describe('notificationText', () => {
  it('names the newest actor and counts the others', () => {
    const t = i18n.getFixedT('en');
    expect(notificationText(t, group({}))).toBe('Ann liked “Night Drive”');
    expect(notificationText(t, group({ count: 13 }))).toBe('Ann and 12 others liked “Night Drive”');
    expect(notificationText(t, group({ count: 2 }))).toBe('Ann and 1 other liked “Night Drive”');
    expect(notificationText(t, group({ kind: 'follow', track: null, count: 3 }))).toBe('Ann and 2 others followed you');
    expect(notificationText(t, group({ kind: 'release' }))).toBe('Ann released “Night Drive”');
    expect(notificationText(t, group({ kind: 'reply', count: 3 }))).toBe('Ann and 2 others replied to your comment on “Night Drive”');
    // A whole release's notification names the release.
    expect(notificationText(t, group({ kind: 'release', track: null, release: { id: 'r1', title: 'Night EP' } }))).toBe('Ann released “Night EP”');
  });

  it('speaks Russian with its plural forms', async () => {
    await i18n.loadLanguages('ru');
    const t = i18n.getFixedT('ru');
    expect(notificationText(t, group({ count: 3 }))).toBe('Ann и ещё 2 человека оценили «Night Drive»');
    expect(notificationText(t, group({ count: 6 }))).toBe('Ann и ещё 5 человек оценили «Night Drive»');
    expect(notificationText(t, group({ kind: 'reply' }))).toBe('Ann ответил(а) на ваш комментарий к «Night Drive»');
  });
});

describe('notificationText: a data export', () => {
  it('says the archive is ready, from nobody, in English and Russian', async () => {
    const ready = group({ key: 'export:e1', kind: 'export', actors: [], track: null });
    expect(notificationText(i18n.getFixedT('en'), ready)).toBe('Your data archive is ready to download');
    await i18n.loadLanguages('ru');
    expect(notificationText(i18n.getFixedT('ru'), ready)).toBe('Архив ваших данных готов к скачиванию');
  });
});

describe('notificationText: a repost of a release', () => {
  it('names the release, in English and Russian', async () => {
    const repost = group({ kind: 'repost', key: 'repost:release:r1', track: null, release: { id: 'r1', title: 'Night Tape' } });
    const en = i18n.getFixedT('en');
    expect(notificationText(en, repost)).toBe('Ann reposted your release “Night Tape”');
    expect(notificationText(en, { ...repost, count: 3 })).toBe('Ann and 2 others reposted your release “Night Tape”');
    await i18n.loadLanguages('ru');
    const ru = i18n.getFixedT('ru');
    expect(notificationText(ru, repost)).toBe('Ann сделал(а) репост вашего релиза «Night Tape»');
    expect(notificationText(ru, { ...repost, count: 6 })).toBe('Ann и ещё 5 сделали репост вашего релиза «Night Tape»');
  });
});

function filled(page: NotificationPage, unread: UnreadCount) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(queryKeys.notifications.list, { pages: [page], pageParams: [null] });
  queryClient.setQueryData(queryKeys.notifications.unread, unread);
  const settings: NotificationSettings = { follow: true, like: true, comment: true, reply: true, repost: false, release: true };
  queryClient.setQueryData(queryKeys.notifications.settings, settings);
  return queryClient;
}

describe('NotificationsView', () => {
  it('lists the groups, the unread ones marked, each linking to its track or follower, with the settings', () => {
    const queryClient = filled(
      {
        groups: [
          group({ count: 13 }),
          group({ key: 'follow', kind: 'follow', track: null, unread: false, actors: [{ id: 'u2', name: 'Bob', photoURL: null }] }),
          group({ key: 'comment:t1', kind: 'comment', comment: 'Lovely', unread: false }),
        ],
        nextCursor: 'x~y',
      },
      { unread: 13, capped: false },
    );
    renderApp(<NotificationsView signedIn />, { queryClient });
    const items = screen.getAllByTestId('notification');
    expect(items.map((item) => item.getAttribute('data-kind'))).toEqual(['like', 'follow', 'comment']);
    expect(items[0]?.className).toMatch(/notification--unread/);
    expect(items[1]?.className).not.toMatch(/notification--unread/);
    expect(screen.getByRole('link', { name: 'Ann and 12 others liked “Night Drive”' }).getAttribute('href')).toBe('/track/t1');
    expect(screen.getByRole('link', { name: 'Bob followed you' }).getAttribute('href')).toBe('/artist/u2');
    expect(screen.getByText('Lovely')).toBeTruthy();
    expect(screen.getByTestId('notifications-unread').textContent).toBe('13 unread notifications');
    expect(screen.getByRole('button', { name: 'Mark all read' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Show older' })).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: 'Reposts of my tracks' }) as HTMLInputElement).checked).toBe(false);
    expect((screen.getByRole('checkbox', { name: 'New followers' }) as HTMLInputElement).checked).toBe(true);
  });

  it('links a whole release\'s notification to its release page, in English and Russian', async () => {
    const page = { groups: [group({ key: 'release-of:r1', kind: 'release', track: null, release: { id: 'r1', title: 'Night EP' } })], nextCursor: null };
    const { unmount } = renderApp(<NotificationsView signedIn />, { queryClient: filled(page, { unread: 1, capped: false }) });
    expect(screen.getByRole('link', { name: 'Ann released “Night EP”' }).getAttribute('href')).toBe('/release/r1');
    unmount();
    await i18n.loadLanguages('ru');
    await i18n.changeLanguage('ru');
    try {
      renderApp(<NotificationsView signedIn />, { queryClient: filled(page, { unread: 1, capped: false }) });
      expect(screen.getByRole('link', { name: /Night EP/ }).getAttribute('href')).toBe('/release/r1');
      expect(screen.getByRole('link', { name: /Night EP/ }).textContent).toMatch(/^Ann .*«Night EP»$/);
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('asks a signed-out visitor to sign in', () => {
    renderApp(<NotificationsView signedIn={false} />);
    expect(screen.getByText('Sign in to see your notifications.')).toBeTruthy();
  });
});

describe('UnreadBadge', () => {
  it('shows the count, "99+" when capped, and nothing at zero', () => {
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(queryKeys.notifications.unread, { unread: 99, capped: true });
    const { unmount } = renderApp(<UnreadBadge signedIn />, { queryClient });
    expect(screen.getByTestId('unread-badge').textContent).toBe('99+');
    unmount();
    queryClient.setQueryData(queryKeys.notifications.unread, { unread: 0, capped: false });
    renderApp(<UnreadBadge signedIn />, { queryClient });
    expect(screen.queryByTestId('unread-badge')).toBeNull();
  });
});
