import { expect, test } from '@playwright/test';
import { makeMp3 } from '../../apps/server/test/support/audio-fixtures.js';
import { unique, waitForPlaybackPast } from '../support/app.js';
import { APP_URL } from '../support/env.js';
import { openSession, removeUploadedTracks, signedInAccount } from '../support/library.js';

// The EP's tracks would lead the home list of the journeys after this one: remove them.
test.afterEach(removeUploadedTracks);

const headers = { origin: APP_URL };

/**
 * Issue 13, a release's access: an artist makes an unlisted EP scheduled a little ahead; a listener
 * holding its secret link plays it at once, one without it finds nothing; when the server's
 * every-minute `track-publish` job makes it public, the follower gets ONE "new release"
 * notification that leads to it. No test hook: the real job, so the test waits up to ~3 minutes.
 */
test('an unlisted EP scheduled ahead plays by its secret link, then goes public on time with one notification', async ({ browser }, testInfo) => {
  test.setTimeout(300_000);
  const artist = await openSession(browser);
  const fan = await openSession(browser);
  const stranger = await openSession(browser);
  try {
    for (const session of [artist, fan]) await session.context.addInitScript(() => window.localStorage.setItem('acceptedCopyright', 'true'));
    const artistName = unique('Scheduled Label');
    await signedInAccount(artist.page, artistName);
    const artistId = ((await (await artist.page.request.get('/api/me')).json()) as { profile: { id: string } }).profile.id;
    await signedInAccount(fan.page, unique('Waiting Fan'));
    expect((await fan.page.request.put(`/api/artists/${artistId}/subscription`, { headers })).status()).toBe(200);

    // The studio's New release: two files, unlisted, released at the next minute but one.
    const page = artist.page;
    const epTitle = unique('Dawn Patrol EP');
    const files = await Promise.all([5, 4].map((seconds) => makeMp3(seconds)));
    await page.goto('/home?tab=menu');
    await page.getByRole('button', { name: 'New release' }).click();
    const form = page.getByRole('dialog', { name: 'New release' }).getByRole('form', { name: 'New release' });
    await form.getByLabel('Release title').fill(epTitle);
    await form.getByLabel('Type').selectOption('ep');
    await form.getByLabel('Upload files').setInputFiles([
      { name: 'First Light.mp3', mimeType: 'audio/mpeg', buffer: files[0]! },
      { name: 'Sunrise.mp3', mimeType: 'audio/mpeg', buffer: files[1]! },
    ]);
    await form.getByLabel('Visibility').selectOption('unlisted');
    // A datetime-local value in the browser's zone, whole minutes: at least a minute ahead.
    const at = await page.evaluate(() => {
      const date = new Date(Date.now() + 120_000);
      date.setSeconds(0, 0);
      return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
    });
    await form.getByLabel('Release on (optional)').fill(at);
    await form.getByRole('button', { name: 'Create release' }).click();
    await expect(form.getByRole('status')).toContainText('Release created.');
    const href = await form.getByTestId('release-form-link').getAttribute('href');
    const releaseId = href!.split('/').pop()!;

    // Its artist sees the badge and the secret link in the studio's edit.
    await form.getByTestId('release-form-link').click();
    await expect(page.getByTestId('release-access-badge')).toContainText('Unlisted');
    await expect(page.getByTestId('release-access-badge')).toContainText('public on');
    await page.screenshot({ path: testInfo.outputPath('1-owner-release-page.png') });
    const secret = ((await (await page.request.get(`/api/releases/${releaseId}`)).json()) as { secret: string }).secret;
    expect(secret).toBeTruthy();

    // Without the link: nothing, not even on the artist page or in search.
    await stranger.page.goto(`/release/${releaseId}`);
    await expect(stranger.page.getByRole('heading', { name: 'Release not found' })).toBeVisible();

    // With it: the page and every track play.
    await fan.page.goto(`/release/${releaseId}?s=${encodeURIComponent(secret)}`);
    const release = fan.page.getByTestId('release-page');
    await expect(release.getByRole('heading', { level: 1, name: epTitle })).toBeVisible();
    await expect(release.getByTestId('track-row')).toHaveCount(2);
    await expect(release.getByTestId('release-access-badge')).toHaveCount(0);
    await release.getByRole('button', { name: 'Play all' }).click();
    await waitForPlaybackPast(fan.page, 0.5);
    await fan.page.screenshot({ path: testInfo.outputPath('2-secret-link-playing.png') });
    expect((await (await fan.page.request.get('/api/notifications/unread')).json()) as { unread: number }).toMatchObject({ unread: 0 });

    // The job makes it public at its time: one notification for the release.
    await expect
      .poll(async () => ((await (await fan.page.request.get('/api/notifications/unread')).json()) as { unread: number }).unread, { timeout: 240_000, intervals: [5_000] })
      .toBe(1);
    await fan.page.goto('/notifications');
    const link = fan.page.getByRole('link', { name: `${artistName} released “${epTitle}”` });
    await expect(link).toBeVisible();
    await fan.page.screenshot({ path: testInfo.outputPath('3-notification.png') });
    await link.click();
    await expect(fan.page).toHaveURL(new RegExp(`/release/${releaseId}$`));
    await expect(fan.page.getByTestId('release-page').getByTestId('track-row')).toHaveCount(2);
    // Public now: the stranger finds it without a link.
    await stranger.page.goto(`/release/${releaseId}`);
    await expect(stranger.page.getByRole('heading', { level: 1, name: epTitle })).toBeVisible();
  } finally {
    for (const session of [artist, fan, stranger]) await session.context.close();
  }
});
