import { expect, test, type Locator, type Page } from '../support/test.js';
import { makeMp3 } from '../../apps/server/test/support/audio-fixtures.js';
import { newAccount, nowPlayingTitle, playerBar, playFromList, signUpViaApi, skipTermsModal, trackRows, unique, waitForDemoCatalogue } from '../support/app.js';
import { removeUploadedTracks, screenshotBoth } from '../support/library.js';

/** Escape closes the topmost dialog or panel, wherever the focus is, before the player's shortcuts hear it (issue 9, point 10). */

test.beforeAll(async ({ request }) => {
  await waitForDemoCatalogue(request);
});

test.beforeEach(async ({ context }) => {
  await skipTermsModal(context);
  await context.addInitScript(() => window.localStorage.setItem('acceptedCopyright', 'true'));
});

test.afterEach(removeUploadedTracks);

/** Drops the focus to the page body, where the player's shortcut handler used to swallow Escape. */
async function blurToBody(page: Page): Promise<void> {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
}

/** Whether the point at the centre of `target` hit-tests to it (nothing lies over it). */
async function isUncovered(target: Locator): Promise<boolean> {
  return target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && (hit === element || element.contains(hit));
  });
}

test('Escape closes the Upload track dialog after an upload, with the focus on the page body', async ({ page }, testInfo) => {
  await signUpViaApi(page, newAccount('Esc Uploader'));
  await page.goto('/home?tab=menu');
  await page.getByRole('button', { name: 'Upload Track' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload track' });
  await expect(dialog).toBeVisible();
  const form = dialog.getByRole('form', { name: 'Upload track' });
  await form.getByLabel('Track title').fill(unique('E2E Escape'));
  await form.getByLabel('Track file').setInputFiles({ name: 'escape.mp3', mimeType: 'audio/mpeg', buffer: await makeMp3(2) });
  await form.getByRole('button', { name: 'Upload Track' }).click();
  await expect(form.getByRole('status')).toHaveText('Track uploaded successfully!');
  // The focus comes back to the button the artist pressed.
  await expect(form.getByRole('button', { name: 'Upload Track' })).toBeFocused();
  await page.screenshot({ path: testInfo.outputPath('upload-done.png') });

  await blurToBody(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // Opened again, Escape from inside closes it too.
  await page.getByRole('button', { name: 'Upload Track' }).click();
  await expect(dialog).toBeVisible();
  await form.getByLabel('Track title').focus();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('the comments panel names its track, leaves the rows uncovered, and Escape closes it first', async ({ page }, testInfo) => {
  await page.goto('/home');
  const rows = trackRows(page);
  await expect(rows.first()).toBeVisible();
  const title = (await rows.first().locator('.track-row__title').textContent())?.trim() ?? '';
  await playFromList(page, title);
  await expect(nowPlayingTitle(page)).toHaveText(title);
  const artist = (await rows.first().locator('.track-row__artist').textContent())?.trim() ?? '';

  await playerBar(page).getByRole('button', { name: 'Comments' }).click();
  const panel = page.getByTestId('comments-panel');
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('heading', { level: 2 })).toHaveText(`Comments: ${title} — ${artist}`);

  // Every row's '...' button stays clickable beside the docked panel.
  const more = rows.getByRole('button', { name: /^More actions for / });
  const count = await more.count();
  expect(count).toBeGreaterThan(0);
  for (let index = 0; index < count; index += 1) {
    const button = more.nth(index);
    // Into the middle of the window, as a user scrolls to it (the shell's top bar and the player bar pin both edges).
    await button.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    expect(await isUncovered(button), `'...' of row ${index + 1}`).toBe(true);
  }
  await page.screenshot({ path: testInfo.outputPath('comments-docked-1280.png') });

  // A '...' sheet opened over the panel closes first; the panel next; the player keeps playing.
  await more.first().click();
  const sheet = page.getByRole('dialog', { name: `Actions for ${title}` });
  await expect(sheet).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  await expect(panel).toBeVisible();

  await blurToBody(page);
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(playerBar(page).getByRole('button', { name: 'Comments' })).toBeFocused();
  await expect(playerBar(page).getByRole('button', { name: 'Pause' }).first()).toBeVisible();

  await playerBar(page).getByRole('button', { name: 'Comments' }).click();
  await expect(panel).toBeVisible();
  await screenshotBoth(page, (file) => testInfo.outputPath(file), 'comments-panel');
});
