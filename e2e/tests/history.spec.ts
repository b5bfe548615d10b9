import { expect, test } from '../support/test.js';
import { newAccount, playFromList, signUpViaApi, waitForDemoCatalogue, waitForPlaybackPast, type ApiTrack } from '../support/app.js';
import { main, openSession, rowOf, screenshotBoth, signInViaApi } from '../support/library.js';

let demo: ApiTrack[] = [];

test.beforeAll(async ({ request }) => {
  demo = await waitForDemoCatalogue(request);
});

test('history is kept on the server: a play on one device shows on another, and plays from there', async ({ browser }, testInfo) => {
  const account = newAccount('Hal History');
  const laptop = await openSession(browser);
  const phone = await openSession(browser);
  await signUpViaApi(laptop.page, account);
  await signInViaApi(phone.page, account);
  const track = demo[4]!;

  await phone.page.goto('/home?tab=history');
  await expect(main(phone.page).getByText('No history yet.')).toBeVisible();

  await laptop.page.goto('/home');
  await playFromList(laptop.page, track.title);
  await waitForPlaybackPast(laptop.page, 0.3);

  const list = phone.page.getByRole('list', { name: 'Previously played' });
  await expect(rowOf(list, track.title)).toBeVisible({ timeout: 15_000 });
  await screenshotBoth(phone.page, (file) => testInfo.outputPath(file), 'history');

  await rowOf(list, track.title).locator('.track-row__title').click();
  await expect(phone.page.getByTestId('now-playing-title')).toHaveText(track.title);
  await laptop.context.close();
  await phone.context.close();
});

test("signed out, the history tab shows this browser's local history", async ({ browser }) => {
  const { context, page } = await openSession(browser);
  const track = demo[5]!;
  await page.goto('/home');
  await playFromList(page, track.title);
  await waitForPlaybackPast(page, 0.3);
  await page.goto('/home?tab=history');
  await expect(rowOf(page.getByRole('list', { name: 'Previously played' }), track.title)).toBeVisible();
  await context.close();
});
