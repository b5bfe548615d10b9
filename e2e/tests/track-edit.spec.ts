import { expect, test } from '../support/test.js';
import { makePng } from '../../apps/server/test/support/images.js';
import { listTracks, newAccount, signUpViaApi, skipTermsModal, trackRows, unique } from '../support/app.js';
import { removeUploadedTracks, screenshotBoth, uploadShortTrack } from '../support/library.js';

/** Editing a track after upload (issue 9, point 10): title, genre and cover from the studio's My tracks. */

test.beforeEach(async ({ context }) => {
  await skipTermsModal(context);
  await context.addInitScript(() => window.localStorage.setItem('acceptedCopyright', 'true'));
});

test.afterEach(removeUploadedTracks);

test("editing a track's title, genre and cover in the studio shows them in the home list", async ({ page, request }, testInfo) => {
  await signUpViaApi(page, newAccount('Eddie Editor'));
  const before = unique('E2E Before');
  const after = unique('E2E After');
  const track = await uploadShortTrack(page, before, 'Pop');

  await page.goto('/home?tab=menu');
  const mine = page.getByRole('list', { name: 'My tracks' });
  await expect(mine.getByRole('link', { name: before })).toBeVisible();
  await mine.getByRole('button', { name: `Edit ${before}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit track' });
  await expect(dialog).toBeVisible();
  const title = dialog.getByLabel('Track title');
  await expect(title).toHaveValue(before);

  // The schema's rule, said next to the field, before anything is sent.
  await title.fill('   ');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByTestId('edit-track-error-title')).toHaveText('Give the track a title.');
  await expect(title).toBeFocused();

  await title.fill(after);
  await dialog.getByLabel('Genre').selectOption('Phonk');
  await dialog.getByLabel('Cover image').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: await makePng(320, 320) });
  await screenshotBoth(page, (file) => testInfo.outputPath(file), 'edit-track-dialog');
  const patched = page.waitForResponse((response) => response.request().method() === 'PATCH');
  await dialog.getByRole('button', { name: 'Save' }).click();
  expect((await patched).status()).toBe(200);
  await expect(dialog).toBeHidden();
  await expect(mine.getByRole('link', { name: after })).toBeVisible();
  await expect(mine.getByRole('link', { name: before })).toHaveCount(0);

  const saved = (await listTracks(request, { q: after })).items;
  expect(saved).toHaveLength(1);
  expect(saved[0]).toMatchObject({ id: track.id, title: after, genre: 'Phonk' });
  expect((saved[0] as { image?: string | null }).image).toMatch(/^\/media\/images\//);

  // The home list shows the new title (and the genre filter finds it there).
  await page.goto('/home');
  await page.getByRole('searchbox', { name: 'Filter tracks' }).fill(after);
  const rows = trackRows(page);
  await expect(rows).toHaveCount(1);
  await expect(rows.first().locator('.track-row__title')).toHaveText(after);
  await page.getByRole('searchbox', { name: 'Filter tracks' }).fill(before);
  await expect(rows).toHaveCount(0);
});
