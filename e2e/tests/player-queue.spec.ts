import { expect, test } from '../support/test.js';
import { nowPlayingTitle, playerBar, playFromList, skipTermsModal, waitForPlaybackPast } from '../support/app.js';
import { demoRun, upNextPanel } from '../support/player.js';

test.beforeEach(async ({ context }) => {
  await skipTermsModal(context);
});

test('Up Next: play next and add to queue from the track sheet, reorder with the keyboard, remove, clear', async ({ page }, testInfo) => {
  await page.goto('/home');
  const { titles, start, run } = await demoRun(page, 4);
  const [a, b, c, d] = run as [string, string, string, string];
  /** The list after a, as Up Next shows it once a plays. */
  const after = titles.slice(start + 1);
  const player = playerBar(page);
  const panel = upNextPanel(page);
  const entries = panel.getByTestId('up-next-entry');
  const entryTitles = async () => (await entries.locator('.up-next__track-title').allTextContents()).map((title) => title.trim());

  await playFromList(page, a);
  await expect(nowPlayingTitle(page)).toHaveText(a);

  await test.step("the track's sheet: Play next and Add to queue", async () => {
    await page.getByRole('button', { name: `More actions for ${c}`, exact: true }).click();
    await page.getByRole('button', { name: 'Play next', exact: true }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: `More actions for ${d}`, exact: true }).click();
    await page.getByRole('button', { name: 'Add to queue', exact: true }).click();
    await page.keyboard.press('Escape');
  });

  await test.step('the Up Next panel lists them: c right after the current track, d at the end', async () => {
    await player.getByRole('button', { name: 'Up next', exact: true }).click();
    await expect(panel).toBeVisible();
    await expect.poll(entryTitles).toEqual([c, ...after, d]);
    await page.screenshot({ path: testInfo.outputPath('up-next-panel.png') });
  });

  await test.step('reorder with the keyboard: Move b up, focus stays on it', async () => {
    const moveUp = panel.getByRole('button', { name: `Move ${b} up`, exact: true });
    await moveUp.focus();
    await page.keyboard.press('Enter');
    await expect.poll(entryTitles).toEqual([b, c, ...after.slice(1), d]);
    // The first entry cannot go higher; focus moved to its other arrow and stays on b's row.
    await expect(panel.getByRole('button', { name: `Move ${b} down`, exact: true })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect.poll(entryTitles).toEqual([c, b, ...after.slice(1), d]);
  });

  await test.step('remove the last entry (d, queued twice: the other one stays)', async () => {
    await entries.last().getByRole('button', { name: `Remove ${d} from the queue`, exact: true }).click();
    await expect.poll(entryTitles).toEqual([c, b, ...after.slice(1)]);
    expect((await entryTitles()).filter((title) => title === d)).toHaveLength(1);
  });

  await test.step('next plays the first entry of Up Next', async () => {
    await player.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(nowPlayingTitle(page)).toHaveText(c);
    await waitForPlaybackPast(page, 0.3);
    await expect.poll(entryTitles).toEqual([b, ...after.slice(1)]);
  });

  await test.step('play an entry of the panel', async () => {
    await panel.getByRole('button', { name: `Play ${after[1]} - ` }).first().click();
    await expect(nowPlayingTitle(page)).toHaveText(after[1]!);
  });

  await test.step('clear empties Up Next; the current track plays on', async () => {
    await panel.getByRole('button', { name: 'Clear', exact: true }).click();
    await expect(entries).toHaveCount(0);
    await expect(panel.getByText('Nothing is queued after this track.')).toBeVisible();
    await expect(nowPlayingTitle(page)).toHaveText(after[1]!);
    await waitForPlaybackPast(page, 0.3);
  });

  await test.step('the crossfade setting is kept across a reload', async () => {
    const crossfade = panel.getByRole('slider', { name: 'Crossfade' });
    await crossfade.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(panel.getByTestId('crossfade-value')).toHaveText('2 s');
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await page.reload();
    await player.getByRole('button', { name: 'Up next', exact: true }).click();
    await expect(panel.getByTestId('crossfade-value')).toHaveText('2 s');
  });
});
