import { expect, test } from '@playwright/test';
import { newAccount, signUpViaApi, waitForDemoCatalogue, type ApiTrack } from '../support/app.js';
import { likesOf, main, openSession, openTrackSheet, rowOf, screenshotBoth } from '../support/library.js';

let demo: ApiTrack[] = [];

test.beforeAll(async ({ request }) => {
  demo = await waitForDemoCatalogue(request);
});

test("a like shows in another user's browser without a reload, and in the liker's Liked tracks", async ({ browser }, testInfo) => {
  const liker = await openSession(browser);
  const watcher = await openSession(browser);
  await signUpViaApi(liker.page, newAccount('Lena Liker'));
  await signUpViaApi(watcher.page, newAccount('Walt Watcher'));
  const track = demo[3]!;
  const before = await likesOf(liker.page, track.id);

  await liker.page.goto('/home');
  await watcher.page.goto('/home');
  const watcherRow = rowOf(watcher.page.getByRole('list', { name: 'Tracks', exact: true }), track.title);
  await expect(watcherRow.getByTestId('track-likes')).toContainText(`${before} like`);

  const sheet = await openTrackSheet(liker.page, track.title);
  await sheet.getByRole('button', { name: 'Like', exact: true }).click();
  await expect(sheet.getByRole('button', { name: 'Unlike', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await liker.page.keyboard.press('Escape');
  // The liker's own row is marked as liked; the watcher's is not.
  const likerRow = rowOf(liker.page.getByRole('list', { name: 'Tracks', exact: true }), track.title);
  await expect(likerRow.getByTestId('track-likes')).toHaveAttribute('data-liked', 'true');

  // track.stats reaches the other user's page: the count on the row follows.
  await expect(watcherRow.getByTestId('track-likes')).toContainText(`${before + 1} like`);
  await screenshotBoth(watcher.page, (file) => testInfo.outputPath(file), 'likes-watcher');
  await expect(watcherRow.getByTestId('track-likes')).not.toHaveAttribute('data-liked', 'true');

  await liker.page.goto('/home?tab=liked');
  const liked = liker.page.getByRole('list', { name: 'Liked tracks' });
  await expect(rowOf(liked, track.title)).toBeVisible();
  await screenshotBoth(liker.page, (file) => testInfo.outputPath(file), 'liked-tab');

  const again = await openTrackSheet(liker.page, track.title);
  await again.getByRole('button', { name: 'Unlike', exact: true }).click();
  await expect(again.getByRole('button', { name: 'Like', exact: true })).toBeVisible();
  await liker.page.keyboard.press('Escape');
  await expect(main(liker.page).getByText('You have not liked any tracks yet.')).toBeVisible();
  await expect(watcherRow.getByTestId('track-likes')).toContainText(`${before} like`);

  await liker.context.close();
  await watcher.context.close();
});
