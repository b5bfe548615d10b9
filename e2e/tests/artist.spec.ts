import { expect, test } from '../support/test.js';
import {
  listTracks,
  nowPlayingTitle,
  playFromList,
  rowTitles,
  trackRows,
  waitForPlaybackPast,
  skipTermsModal,
} from '../support/app.js';

test.beforeEach(async ({ context }) => {
  await skipTermsModal(context);
});

test('an artist link in the track list opens the artist page with their tracks', async ({ page }, testInfo) => {
  await page.goto('/home');
  const rows = trackRows(page);
  await expect(rows.first()).toBeVisible();
  // Prefer an artist with more than one track on the page, so the artist page has a real list.
  const names = (await rows.getByRole('link').allTextContents()).map((name) => name.trim());
  const artistName = names.find((name) => names.indexOf(name) !== names.lastIndexOf(name)) ?? names[0] ?? '';
  expect(artistName).not.toBe('');
  const artistLink = rows.getByRole('link', { name: artistName, exact: true }).first();

  await artistLink.click();
  await expect(page).toHaveURL(/\/artist\/[^/?#]+$/);
  const artistId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);

  await expect(page.getByRole('heading', { level: 1, name: artistName, exact: true })).toBeVisible();
  const { items, total } = await listTracks(page.request, { artistId, page: 1, pageSize: 100 });
  expect(total).toBeGreaterThan(0);
  expect(items.every((track) => track.artistId === artistId && track.artist === artistName)).toBe(true);

  const list = page.getByRole('list', { name: 'Tracks', exact: true });
  await expect.poll(() => rowTitles(list.getByTestId('track-row'))).toEqual(items.map((track) => track.title));
  await expect(page.getByTestId('stat-tracks')).toHaveText(String(total));
  await page.screenshot({ path: testInfo.outputPath('artist-page.png') });

  // The artist page plays a track on click; the last one, which must not hide under the player bar.
  const lastTitle = items.at(-1)!.title;
  await playFromList(page, lastTitle);
  await expect(nowPlayingTitle(page)).toHaveText(lastTitle);
  await waitForPlaybackPast(page, 0.5);
  await expect(list.getByTestId('track-row').last()).toHaveAttribute('aria-current', 'true');
  await page.screenshot({ path: testInfo.outputPath('artist-page-playing.png') });
});

test('an unknown artist id shows a not-found message', async ({ page }, testInfo) => {
  await page.goto('/artist/no-such-artist-e2e');
  await expect(page.getByRole('heading', { level: 1, name: 'Artist not found' })).toBeVisible();
  await expect(page.getByText('This artist does not exist or has left Platter.')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('artist-not-found.png') });
});
