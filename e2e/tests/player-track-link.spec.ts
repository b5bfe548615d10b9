import { expect, test } from '../support/test.js';
import { nowPlayingTitle, skipTermsModal, waitForDemoCatalogue, waitForPlaybackPast, type ApiTrack } from '../support/app.js';

let demo: ApiTrack[] = [];

test.beforeAll(async ({ request }) => {
  demo = await waitForDemoCatalogue(request);
});

test.beforeEach(async ({ context }) => {
  await skipTermsModal(context);
});

test("a shared track link plays the track; an unknown one alerts 'Track not found'", async ({ page }) => {
  const track = demo[2]!;
  await page.goto(`/home?track=${encodeURIComponent(track.id)}`);
  await expect(nowPlayingTitle(page)).toHaveText(track.title);
  await expect(page).toHaveURL(/\/home$/);
  await waitForPlaybackPast(page, 0.3);

  const dialog = page.waitForEvent('dialog');
  await page.goto('/home?track=no-such-track');
  const alert = await dialog;
  expect(alert.type()).toBe('alert');
  expect(alert.message()).toBe('Track not found');
  await alert.accept();
  await expect(page).toHaveURL(/\/home$/);
});

test("in Russian the alert says 'Трек не найден'", async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('language', 'ru'));
  const dialog = page.waitForEvent('dialog');
  await page.goto('/home?track=no-such-track');
  const alert = await dialog;
  expect(alert.message()).toBe('Трек не найден');
  await alert.accept();
});
