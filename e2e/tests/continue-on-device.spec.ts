import { expect, test } from '../support/test.js';
import { audioState, nowPlayingTitle, playFromList, seekWithSlider, waitForDemoCatalogue, waitForPlaybackPast } from '../support/app.js';
import { openSession, signInViaApi, signedInAccount } from '../support/library.js';

/** Issue 14: the queue and position follow the listener to another device (two browser contexts, one account). */
test('a queue played on one device is offered on another, which continues from the same track and position', async ({ browser }, testInfo) => {
  const lookup = await openSession(browser);
  const demo = await waitForDemoCatalogue(lookup.page.request);
  await lookup.context.close();
  const track = demo.find((candidate) => (candidate.duration ?? 0) >= 30) ?? demo[0]!;
  const laptop = await openSession(browser);
  const phone = await openSession(browser);
  try {
    const account = await signedInAccount(laptop.page, 'Two Devices');
    await signInViaApi(phone.page, account);

    await test.step('the laptop plays a track, seeks on, pauses: the server has it', async () => {
      await laptop.page.goto('/home');
      await playFromList(laptop.page, track.title);
      await waitForPlaybackPast(laptop.page, 0.5);
      await seekWithSlider(laptop.page, 0.5);
      await waitForPlaybackPast(laptop.page, (track.duration ?? 30) * 0.5);
      const saved = laptop.page.waitForResponse((response) => response.url().endsWith('/api/me/play-queue') && response.request().method() === 'PUT');
      await laptop.page.getByRole('button', { name: 'Pause', exact: true }).first().click();
      expect((await saved).status()).toBe(200);
    });
    const at = (await audioState(laptop.page)).currentTime;

    await test.step('the phone offers "Continue from" the laptop, and continues there', async () => {
      await phone.page.goto('/home');
      const banner = phone.page.getByTestId('continue-banner');
      await expect(banner).toContainText(`Continue from Chrome on Linux: “${track.title}”`);
      await phone.page.screenshot({ path: testInfo.outputPath('continue-banner.png') });
      await banner.getByRole('button', { name: 'Continue' }).click();
      await expect(nowPlayingTitle(phone.page)).toHaveText(track.title);
      await expect.poll(async () => (await audioState(phone.page)).currentTime, { timeout: 20_000 }).toBeGreaterThan(at - 1);
      const { currentTime, paused } = await audioState(phone.page);
      expect(currentTime).toBeLessThan(at + 15);
      expect(paused).toBe(false);
      await expect(banner).toHaveCount(0);
    });

    await test.step('the laptop, back, is offered the phone’s newer queue; its own last save is never offered to itself', async () => {
      await phone.page.waitForResponse((response) => response.url().endsWith('/api/me/play-queue') && response.request().method() === 'PUT');
      await laptop.page.goto('/home');
      await expect(laptop.page.getByTestId('continue-banner')).toContainText('Continue from Chrome on Linux');
      await phone.page.goto('/home');
      await expect(phone.page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(phone.page.getByTestId('continue-banner')).toHaveCount(0);
    });
  } finally {
    await laptop.context.close();
    await phone.context.close();
  }
});
