import { expect, test } from '../support/test.js';
import { newAccount, playerBar, playFromList, signUpViaApi, waitForDemoCatalogue, type ApiTrack } from '../support/app.js';
import { likesOf, openSession, rowOf } from '../support/library.js';

test.use({ viewport: { width: 1280, height: 800 } });

let demo: ApiTrack[] = [];

test.beforeAll(async ({ request }) => {
  demo = await waitForDemoCatalogue(request);
});

test('a like from the player bar marks the row and counts on it, and the track page follows live, here and for others', async ({ browser }, testInfo) => {
  const liker = await openSession(browser);
  const watcher = await openSession(browser);
  await signUpViaApi(liker.page, newAccount('Bea Bar-Liker'));
  const track = demo[4]!;
  const before = await likesOf(liker.page, track.id);
  const bar = playerBar(liker.page);
  const list = liker.page.getByRole('list', { name: 'Tracks', exact: true });
  const row = rowOf(list, track.title);

  await liker.page.goto('/home');
  await playFromList(liker.page, track.title);
  await expect(bar.getByTestId('now-playing-title')).toHaveText(track.title);
  // Someone else has the track page open, signed out.
  await watcher.page.goto(`/track/${track.id}`);
  const watcherCount = watcher.page.getByTestId('track-page').getByTestId('like-count');
  await expect(watcherCount).toHaveText(String(before));

  await test.step('Like in the bar: the heart fills, the row is marked and counts one more, without a reload', async () => {
    const like = bar.getByRole('button', { name: 'Like', exact: true });
    await expect(like).toHaveAttribute('aria-pressed', 'false');
    await like.click();
    await expect(bar.getByRole('button', { name: 'Unlike', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(row.getByTestId('track-likes')).toHaveAttribute('data-liked', 'true');
    await expect(row.getByTestId('track-likes')).toContainText(`${before + 1} like`);
    await expect.poll(() => likesOf(liker.page, track.id)).toBe(before + 1);
    await liker.page.screenshot({ path: testInfo.outputPath('bar-liked.png') });
  });

  await test.step("the other listener's track page counts it live", async () => {
    await expect(watcherCount).toHaveText(String(before + 1));
  });

  await test.step("the bar's title leads to the track page, which shows the like", async () => {
    await bar.getByRole('link', { name: track.title, exact: true }).click();
    await expect(liker.page).toHaveURL(new RegExp(`/track/${track.id}$`));
    const page = liker.page.getByTestId('track-page');
    await expect(page.getByRole('button', { name: /^Unlike, / })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('like-count')).toHaveText(String(before + 1));
  });

  await test.step('Unlike in the bar while on the track page: the page follows live', async () => {
    await bar.getByRole('button', { name: 'Unlike', exact: true }).click();
    const page = liker.page.getByTestId('track-page');
    await expect(page.getByRole('button', { name: /^Like, / })).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByTestId('like-count')).toHaveText(String(before));
    await expect(watcherCount).toHaveText(String(before));
    await liker.page.screenshot({ path: testInfo.outputPath('track-page-unliked.png') });
  });

  await test.step('signed out, the bar and the track page ask to sign in', async () => {
    await watcher.page.getByTestId('track-page').getByRole('button', { name: /^Like, / }).click();
    await expect(watcher.page.getByRole('status').filter({ hasText: 'Sign in to like tracks.' })).toBeVisible();
    await expect(watcherCount).toHaveText(String(before));
  });

  await liker.context.close();
  await watcher.context.close();
});
