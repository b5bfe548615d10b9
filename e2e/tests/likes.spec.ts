import { expect, test } from '../support/test.js';
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

test("a row's heart likes and unlikes without playing the row; signed out, it asks to sign in", async ({ browser }) => {
  const track = demo[4]!;
  const listener = await openSession(browser);
  await signUpViaApi(listener.page, newAccount('Hari Heart'));
  const before = await likesOf(listener.page, track.id);
  await listener.page.goto('/home');
  const row = rowOf(listener.page.getByRole('list', { name: 'Tracks', exact: true }), track.title);
  const heart = row.getByRole('button', { name: new RegExp(`^Like ${track.title}`) });
  await expect(heart).toHaveAttribute('aria-pressed', 'false');

  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  await expect(heart).toContainText(`${before + 1} like`);
  await expect.poll(() => likesOf(listener.page, track.id)).toBe(before + 1);
  // Liking is not playing: the row did not start.
  await expect(row).not.toHaveAttribute('aria-current', 'true');

  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await expect.poll(() => likesOf(listener.page, track.id)).toBe(before);

  const guest = await openSession(browser);
  await guest.page.goto('/home');
  const guestRow = rowOf(guest.page.getByRole('list', { name: 'Tracks', exact: true }), track.title);
  await guestRow.getByRole('button', { name: new RegExp(`^Like ${track.title}`) }).click();
  await expect(guest.page.getByText('Sign in to like tracks.')).toBeVisible();
  expect(await likesOf(guest.page, track.id)).toBe(before);
  await expect(guestRow).not.toHaveAttribute('aria-current', 'true');

  await listener.context.close();
  await guest.context.close();
});
