import fs from 'node:fs';
import { expect, test, type Page } from '../support/test.js';
import { newAccount, signUpViaApi, skipTermsModal, unique } from '../support/app.js';
import { APP_URL } from '../support/env.js';
import { removeUploadedTracks, uploadShortTrack } from '../support/library.js';
import { makeCover, tempDir } from '../support/tagged-audio.js';

/*
 * Issue 29 point 7 and 11: the studio's lists show covers (a release's track without its own shows
 * the release's, everywhere); the artist's scheduled unlisted release counts its tracks and opens
 * for them (a 200 page, no 404 for its repost state); on a phone a release's title and date fit.
 */

test.afterEach(removeUploadedTracks);

const headers = { origin: APP_URL };

async function putImage(page: Page, url: string, image: Buffer): Promise<void> {
  const response = await page.request.put(url, { data: image, headers: { ...headers, 'content-type': 'image/jpeg' } });
  expect(response.status(), await response.text()).toBe(200);
}

async function createRelease(page: Page, data: Record<string, unknown>): Promise<{ id: string }> {
  const response = await page.request.post('/api/releases', { data, headers });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string };
}

test('studio lists show covers, a scheduled unlisted release its real count and page, and fit on a phone', async ({ page, context }, testInfo) => {
  await skipTermsModal(context);
  await context.addInitScript(() => window.localStorage.setItem('acceptedCopyright', 'true'));
  await signUpViaApi(page, { ...newAccount('Nina Night'), email: `${unique('night')}@example.com` });
  const cover = fs.readFileSync(await makeCover(tempDir('covers'), '0x22aa66'));

  // A single with its own cover; a public release whose track has none; a scheduled unlisted release of two.
  const single = await uploadShortTrack(page, unique('Single With Cover'));
  await putImage(page, `/api/tracks/${single.id}/cover`, cover);
  const bare = await uploadShortTrack(page, unique('Bare Track'));
  const publicRelease = await createRelease(page, { title: unique('Open Road'), type: 'single', trackIds: [bare.id] });
  await putImage(page, `/api/releases/${publicRelease.id}/cover`, cover);
  const first = await uploadShortTrack(page, unique('Tape One'));
  const second = await uploadShortTrack(page, unique('Tape Two'));
  const publishAt = new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString();
  const scheduledTitle = 'Night Drive';
  const scheduled = await createRelease(page, { title: scheduledTitle, type: 'ep', trackIds: [first.id, second.id], visibility: 'unlisted', publishAt, releaseDate: '2026-12-05' });

  // The track without a cover of its own shows its release's, in the API and so everywhere.
  const bareNow = (await (await page.request.get(`/api/tracks/${bare.id}`)).json()) as { image: string | null; release: { image: string | null } };
  expect(bareNow.image).not.toBeNull();
  expect(bareNow.image).toBe(bareNow.release.image);

  await page.goto('/home?tab=menu');
  const tracks = page.getByTestId('studio-track');
  await expect(tracks).toHaveCount(4);
  for (const row of await tracks.all()) await expect(row.getByTestId('studio-item-cover')).toBeVisible();
  const coverSrc = (title: string) => tracks.filter({ hasText: title }).getByTestId('studio-item-cover');
  await expect(coverSrc(single.title)).toHaveAttribute('src', /^\/media\//);
  await expect(coverSrc(bare.title)).toHaveAttribute('src', bareNow.image!);
  const releases = page.getByTestId('studio-release');
  await expect(releases).toHaveCount(2);
  await expect(releases.filter({ hasText: 'Open Road' }).getByTestId('studio-item-cover')).toHaveAttribute('src', /^\/media\//);
  // Not public until next week, yet its artist sees its two tracks.
  const scheduledRow = releases.filter({ hasText: scheduledTitle });
  await expect(scheduledRow.getByTestId('studio-release-count')).toHaveText('2 tracks');
  await page.screenshot({ path: testInfo.outputPath('studio-lists-desktop.png') });

  // On a phone the title is whole and the date on one line.
  await page.setViewportSize({ width: 375, height: 812 });
  const title = scheduledRow.locator('.studio-item__title');
  await expect(title).toHaveText(scheduledTitle);
  await expect.poll(() => title.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  const date = scheduledRow.locator('time');
  await expect(date).toHaveText('2026-12-05');
  expect(await date.evaluate((el) => el.getClientRects().length)).toBe(1);
  expect(await scheduledRow.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  await page.screenshot({ path: testInfo.outputPath('studio-lists-375.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // Its artist opens it: the page is a 200, and nothing the page asks for answers 404.
  const notFound: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 404) notFound.push(response.url());
  });
  const opened = await page.goto(`/release/${scheduled.id}`);
  expect(opened?.status()).toBe(200);
  const releasePage = page.getByTestId('release-page');
  await expect(releasePage.getByRole('heading', { level: 1, name: scheduledTitle })).toBeVisible();
  await expect(releasePage).toContainText('2 tracks');
  await expect(releasePage.getByTestId('track-row')).toHaveCount(2);
  await page.reload();
  await expect(releasePage.getByTestId('track-row')).toHaveCount(2);
  expect(notFound).toEqual([]);

  // The public release's track shows the release cover in its row, not the placeholder.
  await page.goto(`/release/${publicRelease.id}`);
  const row = page.getByTestId('release-page').getByTestId('track-row');
  await expect(row).toHaveCount(1);
  await expect(row.locator('.track-row__cover')).toHaveAttribute('src', /^\/media\//);
  await page.screenshot({ path: testInfo.outputPath('release-track-cover.png') });

  // A stranger still gets the 404 for the unlisted release without its link.
  const stranger = await page.context().browser()!.newContext();
  try {
    const other = await stranger.newPage();
    const response = await other.goto(`${APP_URL}/release/${scheduled.id}`);
    expect(response?.status()).toBe(404);
  } finally {
    await stranger.close();
  }
});
