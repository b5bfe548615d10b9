import { expect, test } from '../support/test.js';
import { unique } from '../support/app.js';
import { APP_URL } from '../support/env.js';
import { main, markNoReload, openSession, removeUploadedTracks, sidebar, signedInAccount, stillNotReloaded, uploadShortTrack } from '../support/library.js';

// Uploads would lead the home list of the journeys after this one: remove them.
test.afterEach(removeUploadedTracks);

/** Reposts and notifications (issue 13), across three browser contexts. */

const headers = { origin: APP_URL };

test('an artist hears of a new follower live, reads the notifications, and a repost reaches the reposter\'s follower\'s News', async ({ browser }, testInfo) => {
  const artist = await openSession(browser);
  const fan = await openSession(browser);
  const follower = await openSession(browser);
  try {
    const artistName = unique('Notified Artist');
    const fanName = unique('Reposting Fan');
    await signedInAccount(artist.page, artistName);
    const track = await uploadShortTrack(artist.page, unique('Reposted track'));
    await signedInAccount(fan.page, fanName);
    const fanId = ((await (await fan.page.request.get('/api/me')).json()) as { user: { id: string } }).user.id;
    await signedInAccount(follower.page, 'Fan of the fan');
    const subscribed = await follower.page.request.put(`/api/artists/${fanId}/subscription`, { headers });
    expect(subscribed.status(), await subscribed.text()).toBe(200);

    // The artist is on the home tab: no unread notifications yet.
    const page = artist.page;
    await page.goto('/home');
    const tab = sidebar(page).getByTestId('notifications-tab');
    await expect(tab).toBeVisible();
    await expect(tab.getByTestId('unread-badge')).toHaveCount(0);
    await markNoReload(page);

    // The fan subscribes on the artist's page: the artist's count arrives live.
    await fan.page.goto(`/artist/${track.artistId}`);
    await fan.page.getByRole('button', { name: 'Subscribe' }).click();
    await expect(fan.page.getByRole('button', { name: 'Unsubscribe' })).toBeVisible();
    await expect(tab.getByTestId('unread-badge')).toHaveText('1');
    expect(await stillNotReloaded(page)).toBe(true);

    // The artist opens Notifications: the follow is there, unread; Mark all read clears the count.
    await tab.click();
    await expect(page).toHaveURL(/\/home\?tab=notifications$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
    const item = main(page).getByTestId('notification').filter({ hasText: `${fanName} followed you` });
    await expect(item).toBeVisible();
    await expect(item).toHaveClass(/notification--unread/);
    await expect(main(page).getByTestId('notifications-unread')).toHaveText('1 unread notification');
    await page.screenshot({ path: testInfo.outputPath('notifications-unread.png'), fullPage: true });
    await main(page).getByRole('button', { name: 'Mark all read' }).click();
    await expect(main(page).getByTestId('notifications-unread')).toHaveText('0 unread notifications');
    await expect(item).not.toHaveClass(/notification--unread/);
    await expect(tab.getByTestId('unread-badge')).toHaveCount(0);

    // The fan reposts the artist's track from its page: the count shows it, the artist hears of it live.
    await fan.page.goto(`/track/${track.id}`);
    const repost = fan.page.getByTestId('repost-button');
    await expect(repost).toHaveAttribute('aria-pressed', 'false');
    await repost.click();
    await expect(repost).toHaveAttribute('aria-pressed', 'true');
    await expect(fan.page.getByTestId('repost-count')).toHaveText('1');
    await expect(main(page).getByTestId('notification').filter({ hasText: `${fanName} reposted “${track.title}”` })).toBeVisible();
    await expect(tab.getByTestId('unread-badge')).toHaveText('1');
    await page.screenshot({ path: testInfo.outputPath('notifications-repost.png'), fullPage: true });

    // The fan's follower finds the repost in News, marked as reposted by the fan.
    await follower.page.goto('/home?tab=news');
    const card = main(follower.page).getByTestId('post-card').filter({ has: follower.page.getByTestId('post-repost') });
    await expect(card).toContainText(`Reposted by ${fanName}`);
    await expect(card.getByRole('link', { name: new RegExp(track.title) })).toHaveAttribute('href', `/track/${track.id}`);

    // /notifications is the tab's own address.
    await page.goto('/notifications');
    await expect(page).toHaveURL(/\/home\?tab=notifications$/);
  } finally {
    await Promise.all([artist.context.close(), fan.context.close(), follower.context.close()]);
  }
});
