import { expect, test, type Locator, type Page } from '../support/test.js';
import { audioState, newAccount, playerBar, rowTitles, signUpViaApi, trackRows, waitForDemoCatalogue } from '../support/app.js';
import { APP_URL } from '../support/env.js';
import { queuedTitles } from '../support/library.js';
import { upNextPanel } from '../support/player.js';

/**
 * A whole listening session by keyboard alone (Tab, Shift+Tab, Enter, Space, arrows, Escape; no
 * mouse): accept the terms, play a track from the list, pause and resume, skip to the next, seek
 * and turn the volume down with arrows, reorder and trim Up next and close it with Escape (focus
 * back on its button), like the track, open a track's actions and close them. The player's live
 * region says each change (what plays, paused or playing, what moved in the queue). Repeat one
 * keeps the first track from ending while the keys walk the page (Next still moves on).
 */

/** Presses Tab (or Shift+Tab) until `target` has the focus, as a keyboard user would. */
async function tabTo(page: Page, target: Locator, backwards = false): Promise<void> {
  for (let presses = 0; presses < 250; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement, undefined, { timeout: 2_000 }).catch(() => false)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${backwards ? 'Shift+Tab' : 'Tab'} never reached ${target.toString()}`);
}

test('a listening session driven by the keyboard alone, with every change announced', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: APP_URL, locale: 'en-US', viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await waitForDemoCatalogue(page.request);
  await signUpViaApi(page, newAccount('Kim Keyboard'));
  const announcer = page.getByTestId('player-announcer');
  const bar = playerBar(page);

  await page.goto('/home');

  await test.step('the terms of use: Tab to Accept, Enter', async () => {
    const terms = page.getByRole('dialog', { name: 'Terms of use' });
    await expect(terms).toBeVisible();
    await tabTo(page, terms.getByRole('button', { name: 'Accept' }));
    await page.keyboard.press('Enter');
    await expect(terms).toBeHidden();
  });

  await expect(trackRows(page).first()).toBeVisible();
  const titles = await rowTitles(trackRows(page));
  expect(titles.length).toBeGreaterThanOrEqual(5);
  const [first, second, third, fourth] = titles as [string, string, string, string];
  const artistOf = async (title: string) => (await trackRows(page).filter({ hasText: title }).first().locator('.track-row__artist').textContent())?.trim() ?? '';

  await test.step('Tab to a track and Enter plays it; the live region names it', async () => {
    await tabTo(page, trackRows(page).getByRole('button', { name: `Play ${first}`, exact: true }));
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('now-playing-title')).toHaveText(first);
    await expect(announcer).toHaveText(`Now playing: ${first} by ${await artistOf(first)}`);
    await expect.poll(async () => (await audioState(page)).paused).toBe(false);
  });

  await test.step('Repeat one, by Enter on the Repeat button (so the track never runs out while the keyboard walks the page)', async () => {
    await tabTo(page, bar.getByRole('button', { name: 'Repeat', exact: true }));
    await page.keyboard.press('Enter');
    await expect(bar.getByRole('button', { name: 'Repeat all', exact: true })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(bar.getByRole('button', { name: 'Repeat one', exact: true })).toHaveAttribute('aria-pressed', 'true');
  });

  await test.step('Space on the play button pauses, again resumes; each is announced', async () => {
    const pause = bar.getByRole('button', { name: 'Pause', exact: true });
    await tabTo(page, pause, true);
    await page.keyboard.press('Space');
    await expect(announcer).toHaveText('Paused');
    await expect.poll(async () => (await audioState(page)).paused).toBe(true);
    await expect(bar.getByRole('button', { name: 'Play', exact: true })).toBeFocused();
    await page.keyboard.press('Space');
    await expect(announcer).toHaveText('Playing');
    await expect.poll(async () => (await audioState(page)).paused).toBe(false);
  });

  await test.step('Tab to Next, Enter: the next track plays and is announced', async () => {
    await tabTo(page, bar.getByRole('button', { name: 'Next', exact: true }));
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('now-playing-title')).toHaveText(second);
    await expect(announcer).toHaveText(new RegExp(`^Now playing: ${second.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} by `));
  });

  await test.step('paused, arrows on the waveform seek', async () => {
    await tabTo(page, bar.getByRole('button', { name: 'Pause', exact: true }), true);
    await page.keyboard.press('Space');
    await expect(announcer).toHaveText('Paused');
    const waveform = bar.getByTestId('waveform');
    await tabTo(page, waveform);
    const before = (await audioState(page)).currentTime;
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect.poll(async () => (await audioState(page)).currentTime).toBeGreaterThanOrEqual(before + 9);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(async () => (await audioState(page)).currentTime).toBeLessThan(before + 9);
  });

  await test.step('arrows on the Volume slider turn it down', async () => {
    const volume = bar.getByRole('slider', { name: 'Volume' });
    await tabTo(page, volume);
    const before = Number(await volume.inputValue());
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(volume).toHaveValue(String(before - 2));
  });

  await test.step('Up next: open with Enter, move and remove entries by keyboard, Escape closes it and the focus returns', async () => {
    const open = bar.getByRole('button', { name: 'Up next', exact: true });
    await tabTo(page, open);
    await page.keyboard.press('Enter');
    const panel = upNextPanel(page);
    await expect(panel).toBeVisible();
    await expect(panel.getByTestId('up-next-entry').first()).toContainText(third);

    await tabTo(page, panel.getByRole('button', { name: `Move ${third} down`, exact: true }));
    await page.keyboard.press('Enter');
    await expect(announcer).toHaveText(`${third} moved to position 2 of ${titles.length - 2} in Up next`);
    await expect.poll(() => queuedTitles(page)).toEqual([first, second, fourth, third, ...titles.slice(4)]);

    await tabTo(page, panel.getByRole('button', { name: `Remove ${fourth} from the queue` }), true);
    await page.keyboard.press('Enter');
    await expect(announcer).toHaveText(`${fourth} removed from the queue`);
    await expect.poll(() => queuedTitles(page)).toEqual([first, second, third, ...titles.slice(4)]);
    // The focus stays in the panel, on the next entry's Remove.
    await expect(panel.getByRole('button', { name: `Remove ${third} from the queue` })).toBeFocused();

    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(open).toBeFocused();
  });

  await test.step('Tab to Like in the player bar, Enter likes the track', async () => {
    await tabTo(page, bar.getByRole('button', { name: 'Like', exact: true }), true);
    await page.keyboard.press('Enter');
    await expect(bar.getByRole('button', { name: 'Unlike', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(bar.getByRole('button', { name: 'Unlike', exact: true })).toBeFocused();
  });

  await test.step("a track's actions open with Enter and close with Escape, the focus back on their button", async () => {
    const more = page.getByRole('button', { name: `More actions for ${first}`, exact: true }).first();
    await tabTo(page, more, true);
    await page.keyboard.press('Enter');
    const actions = page.getByRole('dialog', { name: `Actions for ${first}` }).or(page.getByRole('menu'));
    await expect(actions.first()).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(actions).toHaveCount(0);
    await expect(more).toBeFocused();
  });

  await context.close();
});
