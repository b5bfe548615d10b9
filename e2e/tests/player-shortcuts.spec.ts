import { expect, test, type Page } from '../support/test.js';
import {
  audioState,
  nowPlayingTitle,
  playerBar,
  playFromList,
  skipTermsModal,
  waitForPlaybackPast,
} from '../support/app.js';
import { demoRun } from '../support/player.js';

test.beforeEach(async ({ context }) => {
  await skipTermsModal(context);
});

/** Key presses go to the page, not to the button last clicked. */
async function blur(page: Page) {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

test('keyboard shortcuts: ? lists them; space, arrows, shift+arrows, r; ignored while typing', async ({ page }, testInfo) => {
  await page.goto('/home');
  const [first, second] = (await demoRun(page, 2)).run as [string, string];
  const bar = playerBar(page);
  const title = nowPlayingTitle(page);
  await playFromList(page, first);
  await expect(title).toHaveText(first);
  await waitForPlaybackPast(page, 0.5);
  await blur(page);

  await test.step('? opens the shortcuts help dialog listing every command', async () => {
    await page.keyboard.press('?');
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(dialog).toBeVisible();
    const table = dialog.getByRole('table');
    await expect(table.getByRole('row')).toHaveCount(15);
    await expect(table.getByRole('row', { name: /Play \/ Pause/ })).toContainText('Space');
    await expect(table.getByRole('row', { name: /Repeat/ })).toContainText('R');
    await expect(table.getByRole('row', { name: /Next/ })).toContainText('Shift + →');
    await expect(table.getByRole('row', { name: /Back 5 seconds/ })).toContainText('←');
    await expect(table.getByRole('row', { name: /^Search/ })).toContainText('/');
    await page.screenshot({ path: testInfo.outputPath('shortcuts-dialog.png') });
    // Keys typed while the dialog is open do not reach the player.
    await page.keyboard.press('r');
    await expect(bar.getByRole('button', { name: 'Repeat', exact: true })).toHaveAttribute('aria-pressed', 'false');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  await test.step('space pauses and resumes', async () => {
    await blur(page);
    await page.keyboard.press('Space');
    await expect(bar.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
    await expect.poll(async () => (await audioState(page)).paused).toBe(true);
    await page.keyboard.press('Space');
    await expect(bar.getByRole('button', { name: 'Pause', exact: true })).toBeVisible();
    await waitForPlaybackPast(page, (await audioState(page)).currentTime + 0.2);
  });

  await test.step('→ and ← seek 5 seconds', async () => {
    const before = (await audioState(page)).currentTime;
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect.poll(async () => (await audioState(page)).currentTime).toBeGreaterThan(before + 9.5);
    const later = (await audioState(page)).currentTime;
    await page.keyboard.press('ArrowLeft');
    await expect.poll(async () => (await audioState(page)).currentTime).toBeLessThan(later - 3.5);
  });

  await test.step('shift+→ next, shift+← previous', async () => {
    await page.keyboard.press('Shift+ArrowRight');
    await expect(title).toHaveText(second);
    await page.keyboard.press('Shift+ArrowLeft');
    await expect(title).toHaveText(first);
    await waitForPlaybackPast(page, 0.3);
  });

  await test.step('r cycles repeat: off → all → one → off', async () => {
    const repeat = bar.getByRole('button', { name: /^Repeat/ });
    await page.keyboard.press('r');
    await expect(repeat).toHaveAccessibleName('Repeat all');
    await expect(repeat).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.press('r');
    await expect(repeat).toHaveAccessibleName('Repeat one');
    await page.keyboard.press('r');
    await expect(repeat).toHaveAccessibleName('Repeat');
    await expect(repeat).toHaveAttribute('aria-pressed', 'false');
  });

  await test.step('keys typed into a text field stay there', async () => {
    const filter = page.getByRole('main').getByRole('searchbox').first();
    await filter.click();
    await page.keyboard.type('r f ');
    await expect(filter).toHaveValue('r f ');
    await expect(bar.getByRole('button', { name: 'Repeat', exact: true })).toHaveAttribute('aria-pressed', 'false');
    await expect(bar).not.toHaveClass(/player-bar--full/);
    await expect(bar.getByRole('button', { name: 'Pause', exact: true })).toBeVisible();
    await filter.fill('');
    // The cleared filter reaches the URL a moment later (debounced); let it land before the next
    // step navigates, or it lands after and takes the page back to /home.
    await expect(page).toHaveURL(/\/home$/);
  });

  await test.step('/ goes to the search tab', async () => {
    await blur(page);
    await page.keyboard.press('/');
    await expect(page).toHaveURL(/\/home\?tab=search$/);
    // The music never stops for a navigation.
    await expect(title).toHaveText(first);
  });
});

test('full screen: f opens it with the record spinning while playing; Escape and the close button leave it', async ({ page }, testInfo) => {
  await page.goto('/home');
  const [first] = (await demoRun(page, 1)).run as [string];
  const bar = playerBar(page);
  await playFromList(page, first);
  await waitForPlaybackPast(page, 0.3);
  await blur(page);

  await page.keyboard.press('f');
  await expect(bar).toHaveClass(/player-bar--full/);
  const vinyl = bar.locator('.vinyl');
  await expect(vinyl).toHaveAttribute('data-spinning', 'true');
  await expect(bar.getByTestId('now-playing-title')).toHaveText(first);
  await expect(bar.getByRole('slider', { name: 'Seek' })).toBeVisible();
  const box = await bar.boundingBox();
  expect(box?.width).toBe(1280);
  expect(box?.height).toBe(800);
  await page.screenshot({ path: testInfo.outputPath('full-screen-playing.png') });

  await bar.getByRole('button', { name: 'Pause', exact: true }).click();
  await expect(vinyl).toHaveAttribute('data-spinning', 'false');
  await page.keyboard.press('Escape');
  await expect(bar).not.toHaveClass(/player-bar--full/);

  await bar.getByRole('button', { name: 'Full screen', exact: true }).click();
  await expect(bar).toHaveClass(/player-bar--full/);
  await bar.getByRole('button', { name: 'Exit full screen', exact: true }).click();
  await expect(bar).not.toHaveClass(/player-bar--full/);
});
