import { expect, test } from '../support/test.js';
import { audioState, nowPlayingTitle, playFromList, waitForDemoCatalogue, waitForPlaybackPast } from '../support/app.js';
import { openSession, signInViaApi, signedInAccount } from '../support/library.js';

/** Issue 14: one of a listener's players steers another (two browser contexts, one account), live over the event stream. */
test('a second player of the same listener sees the first, follows its position, and plays, pauses, seeks and sets its volume', async ({ browser }, testInfo) => {
  const lookup = await openSession(browser);
  const demo = await waitForDemoCatalogue(lookup.page.request);
  await lookup.context.close();
  const track = demo.find((candidate) => (candidate.duration ?? 0) >= 40) ?? demo[0]!;
  const speaker = await openSession(browser);
  const remote = await openSession(browser);
  try {
    const account = await signedInAccount(speaker.page, 'Remote Owner');
    await signInViaApi(remote.page, account);

    await speaker.page.goto('/home');
    await playFromList(speaker.page, track.title);
    await waitForPlaybackPast(speaker.page, 0.5);

    await remote.page.goto('/home');
    const open = remote.page.getByRole('button', { name: 'Control another player (1)' });
    await open.click();
    const device = remote.page.getByTestId('remote-device');
    await expect(device).toContainText(`“${track.title}”`);
    await expect(device.locator('.remote-device__name')).toHaveText('Chrome on Linux');

    await test.step("the controlling player shows the other's position moving on", async () => {
      const shown = async () => {
        const text = (await device.getByTestId('remote-device-time').textContent()) ?? '';
        const [m, s] = text.split(' / ')[0]!.split(':').map(Number);
        return m! * 60 + s!;
      };
      const first = await shown();
      await expect.poll(shown, { timeout: 10_000 }).toBeGreaterThan(first);
      await remote.page.screenshot({ path: testInfo.outputPath('remote-panel.png') });
    });

    await test.step('pause, seek, volume and play, each played on the other player', async () => {
      await device.getByRole('button', { name: 'Pause on Chrome on Linux' }).click();
      await expect.poll(async () => (await audioState(speaker.page)).paused).toBe(true);
      await expect(device).toContainText('paused');

      await device.getByRole('slider', { name: 'Position on Chrome on Linux' }).fill('20');
      await expect.poll(async () => (await audioState(speaker.page)).currentTime).toBeGreaterThan(19);
      expect((await audioState(speaker.page)).currentTime).toBeLessThan(22);

      await device.getByRole('slider', { name: 'Volume on Chrome on Linux' }).fill('30');
      await expect.poll(() => speaker.page.evaluate(() => document.querySelector('audio')?.volume ?? -1)).toBeCloseTo(0.3, 2);

      await device.getByRole('button', { name: 'Play on Chrome on Linux' }).click();
      await expect.poll(async () => (await audioState(speaker.page)).paused).toBe(false);
      await waitForPlaybackPast(speaker.page, 21);
      await expect(nowPlayingTitle(speaker.page)).toHaveText(track.title);
    });
  } finally {
    await speaker.context.close();
    await remote.context.close();
  }
});
