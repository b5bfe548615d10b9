import { expect, test } from '../support/test.js';
import { makeMp3 } from '../../apps/server/test/support/audio-fixtures.js';
import { newAccount, nowPlayingTitle, signUpViaApi, skipTermsModal, unique, waitForPlaybackPast } from '../support/app.js';
import { APP_URL } from '../support/env.js';
import { removeUploadedTracks, uploadShortTrack } from '../support/library.js';

// The EP's tracks would lead the home list of the journeys after this one: remove them.
test.afterEach(removeUploadedTracks);

test.beforeEach(async ({ context }) => {
  await skipTermsModal(context);
  await context.addInitScript(() => window.localStorage.setItem('acceptedCopyright', 'true'));
});

test('an artist uploads an EP of three files at once (one retried), opens its page and plays it all', async ({ page }, testInfo) => {
  const artist = newAccount('Elsa Extended');
  await signUpViaApi(page, { ...artist, email: `${unique('ep-artist')}@example.com` });
  const epTitle = unique('Night Shift EP');
  const files = await Promise.all([6, 5, 4].map((seconds) => makeMp3(seconds)));

  // The connection drops during the second file's PUT, once: that file alone fails and is retried.
  let dropped = false;
  await page.route('**/api/uploads/**', async (route) => {
    if (!dropped && route.request().method() === 'PUT' && (route.request().postDataBuffer()?.length ?? 0) === files[1]!.length) {
      dropped = true;
      await route.abort('connectionreset');
      return;
    }
    await route.continue();
  });

  await page.goto('/home?tab=menu');
  await page.getByRole('button', { name: 'New release' }).click();
  const dialog = page.getByRole('dialog', { name: 'New release' });
  const form = dialog.getByRole('form', { name: 'New release' });
  await form.getByLabel('Release title').fill(epTitle);
  await form.getByLabel('Type').selectOption('ep');
  await form.getByLabel('Release date').fill('2026-11-20');
  await form.getByLabel('Description').fill('Three songs for the late shift.');
  await form.getByLabel('Upload files').setInputFiles([
    { name: 'Clock In.mp3', mimeType: 'audio/mpeg', buffer: files[0]! },
    { name: 'Break Room.mp3', mimeType: 'audio/mpeg', buffer: files[1]! },
    { name: 'Clock Out.mp3', mimeType: 'audio/mpeg', buffer: files[2]! },
  ]);
  const items = form.getByTestId('release-item');
  await expect(items).toHaveCount(3);
  for (const [index, title] of ['Clock In', 'Break Room', 'Clock Out'].entries()) await expect(items.nth(index).getByRole('textbox')).toHaveValue(title);
  await page.screenshot({ path: testInfo.outputPath('1-release-form-filled.png') });

  await form.getByRole('button', { name: 'Create release' }).click();
  // Two files are in, the dropped one says why and offers Retry; no release was made yet.
  await expect(form.getByRole('alert').first()).toBeVisible();
  await expect(items.nth(0).getByTestId('release-item-status')).toHaveText('Uploaded');
  await expect(items.nth(2).getByTestId('release-item-status')).toHaveText('Uploaded');
  await expect(items.nth(1).getByTestId('release-item-status')).toContainText('Failed:');
  await expect(form.getByText('Some files did not upload')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('2-release-form-one-failed.png') });
  await items.nth(1).getByRole('button', { name: 'Retry' }).click();
  await expect(items.nth(1).getByTestId('release-item-status')).toHaveText('Uploaded');

  await form.getByRole('button', { name: 'Create release' }).click();
  await expect(form.getByRole('status')).toContainText('Release created.');
  await form.getByTestId('release-form-link').click();

  // The release page: cover area, type, title, artist, date, three tracks with durations.
  const release = page.getByTestId('release-page');
  await expect(release.getByRole('heading', { level: 1, name: epTitle })).toBeVisible();
  await expect(release).toContainText('EP');
  await expect(release.locator('.release-page__artist')).toHaveText(artist.name);
  await expect(release).toContainText('November 20, 2026');
  await expect(release).toContainText('3 tracks');
  const rows = release.getByTestId('track-row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText('Clock In');
  await expect(rows.nth(1)).toContainText('Break Room');
  await expect(rows.nth(2)).toContainText('Clock Out');
  await expect(rows.nth(0)).toContainText('0:06');
  await page.screenshot({ path: testInfo.outputPath('3-release-page.png'), fullPage: true });

  await release.getByRole('button', { name: 'Play all' }).click();
  await expect(nowPlayingTitle(page)).toHaveText('Clock In');
  await expect(page.getByTestId('now-playing-album')).toHaveText(epTitle);
  await waitForPlaybackPast(page, 0.5);
  const album = await page.evaluate(() => navigator.mediaSession?.metadata?.album ?? null);
  expect(album).toBe(epTitle);
  await page.screenshot({ path: testInfo.outputPath('4-release-playing.png') });
});

test('a release scheduled a few seconds ahead is public on its page within 5 s of its time (a delayed job, not the minute sweep)', async ({ page, browser }, testInfo) => {
  const artist = newAccount('Sasha Scheduled');
  await signUpViaApi(page, { ...artist, email: `${unique('scheduled-artist')}@example.com` });
  const title = unique('Right On Time EP');
  const tracks = [await uploadShortTrack(page, 'On Time One'), await uploadShortTrack(page, 'On Time Two')];
  // Scheduled from the artist's session, 3 s ahead: the form's picker has minutes only, the promise is seconds.
  const at = new Date(Date.now() + 3_000);
  const created = await page.request.post('/api/releases', {
    data: { title, type: 'ep', trackIds: tracks.map((x) => x.id), visibility: 'private', publishAt: at.toISOString() },
    headers: { origin: APP_URL },
  });
  expect(created.status(), await created.text()).toBe(201);
  const release = (await created.json()) as { id: string };

  // A visitor, signed out: the release is not there yet, then there by its time + 5 s (polled, with that deadline).
  const visitorContext = await browser.newContext();
  await skipTermsModal(visitorContext);
  const visitor = await visitorContext.newPage();
  expect((await visitor.request.get(`/api/releases/${release.id}`)).status()).toBe(404);
  let publicAt: number | undefined;
  while (Date.now() <= at.getTime() + 5_000) {
    if ((await visitor.request.get(`/api/releases/${release.id}`)).status() === 200) {
      publicAt = Date.now();
      break;
    }
    await visitor.waitForTimeout(100);
  }
  testInfo.annotations.push({ type: 'scheduled', description: `scheduled ${at.toISOString()}, public ${publicAt ? new Date(publicAt).toISOString() : 'not by the deadline'}` });
  expect(publicAt, `public by ${new Date(at.getTime() + 5_000).toISOString()}`).toBeDefined();
  // And its page shows it to the visitor.
  await visitor.goto(`/release/${release.id}`);
  await expect(visitor.getByTestId('release-page').getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(visitor.getByTestId('release-page')).toContainText('2 tracks');
  await visitor.screenshot({ path: testInfo.outputPath('scheduled-release-public.png') });
  await visitorContext.close();
});
