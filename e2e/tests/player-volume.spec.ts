import { expect, test } from '../support/test.js';
import { nowPlayingTitle, playerBar, playFromList, skipTermsModal, waitForPlaybackPast } from '../support/app.js';
import { audioVolumes, demoRun, persistedPlayer } from '../support/player.js';

test.use({ viewport: { width: 1280, height: 800 } });

test.beforeEach(async ({ context }) => {
  await skipTermsModal(context);
});

const volumesOf = async (page: Parameters<typeof audioVolumes>[0]) => (await audioVolumes(page)).map((deck) => deck.volume);

test('the volume slider, ↑/↓, the wheel and mute drive the audio elements, and the choice survives a reload', async ({ page }, testInfo) => {
  await page.goto('/home');
  const [first] = (await demoRun(page, 1)).run as [string];
  await playFromList(page, first);
  await expect(nowPlayingTitle(page)).toHaveText(first);
  await waitForPlaybackPast(page, 0.3);
  const bar = playerBar(page);
  const slider = bar.getByRole('slider', { name: 'Volume', exact: true });
  await expect(slider).toHaveValue('100');
  expect(await volumesOf(page)).toEqual([1, 1]);

  await test.step('the slider sets the volume of the element that plays (and of the standby one)', async () => {
    await slider.fill('30');
    await expect.poll(() => volumesOf(page)).toEqual([0.3, 0.3]);
  });

  await test.step('↑ and ↓ on the page change it by 5 %', async () => {
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => volumesOf(page)).toEqual([0.4, 0.4]);
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => volumesOf(page)).toEqual([0.35, 0.35]);
    await expect(slider).toHaveValue('35');
  });

  await test.step('the mouse wheel over the slider changes it, and the page does not scroll', async () => {
    const scrollBefore = await page.evaluate(() => window.scrollY);
    await slider.hover();
    await page.mouse.wheel(0, -100);
    await expect.poll(() => volumesOf(page)).toEqual([0.4, 0.4]);
    await page.mouse.wheel(0, 100);
    await page.mouse.wheel(0, 100);
    await expect.poll(() => volumesOf(page)).toEqual([0.3, 0.3]);
    expect(await page.evaluate(() => window.scrollY)).toBe(scrollBefore);
  });

  await test.step('mute (button, then M) mutes the elements and keeps the volume', async () => {
    await bar.getByRole('button', { name: 'Mute', exact: true }).click();
    await expect.poll(async () => (await audioVolumes(page)).map((deck) => deck.muted)).toEqual([true, true]);
    await expect(slider).toHaveValue('0');
    expect(await volumesOf(page)).toEqual([0.3, 0.3]);
    await page.screenshot({ path: testInfo.outputPath('volume-muted.png') });
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('m');
    await expect.poll(async () => (await audioVolumes(page)).map((deck) => deck.muted)).toEqual([false, false]);
    await expect(slider).toHaveValue('30');
    await expect(bar.getByRole('button', { name: 'Mute', exact: true })).toBeVisible();
  });

  await test.step('after a reload the volume is what it was, on the elements as on the slider', async () => {
    await slider.fill('55');
    await expect.poll(() => volumesOf(page)).toEqual([0.55, 0.55]);
    expect(await persistedPlayer(page)).toMatchObject({ volume: 0.55, muted: false });
    await page.reload();
    await expect(nowPlayingTitle(page)).toHaveText(first);
    await expect(playerBar(page).getByRole('slider', { name: 'Volume', exact: true })).toHaveValue('55');
    await expect.poll(() => volumesOf(page)).toEqual([0.55, 0.55]);
    await playerBar(page).getByRole('button', { name: 'Play', exact: true }).click();
    await waitForPlaybackPast(page, 0.3);
    expect(await volumesOf(page)).toEqual([0.55, 0.55]);
    await page.screenshot({ path: testInfo.outputPath('volume-after-reload.png') });
  });

  await test.step('a mute also survives a reload', async () => {
    await playerBar(page).getByRole('button', { name: 'Mute', exact: true }).click();
    await page.reload();
    await expect(playerBar(page).getByRole('button', { name: 'Unmute', exact: true })).toBeVisible();
    await expect.poll(async () => (await audioVolumes(page)).map((deck) => deck.muted)).toEqual([true, true]);
  });
});
