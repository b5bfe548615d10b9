import { expect, test } from '../support/test.js';
import { waitForDemoCatalogue, type ApiTrack } from '../support/app.js';
import { main, openSession, rowOf, screenshotBoth } from '../support/library.js';

let phonk: ApiTrack;

test.beforeAll(async ({ request }) => {
  const demo = await waitForDemoCatalogue(request);
  const found = demo.find((track) => track.genre === 'Phonk');
  if (!found) throw new Error('the e2e demo catalogue has no Phonk track');
  phonk = found;
});

test('a genre query (and its typo) finds the genre\'s tracks and offers the genre tile, which opens the genre on home', async ({ browser }, testInfo) => {
  const { context, page } = await openSession(browser);
  const genres = main(page).getByRole('list', { name: 'Genres' });
  const results = main(page).getByRole('list', { name: 'Matching tracks' });

  for (const query of ['phonk', 'phnk']) {
    await test.step(`'${query}'`, async () => {
      await page.goto(`/home?tab=search&q=${query}`);
      await expect(genres.getByRole('link', { name: /^Phonk/ })).toBeVisible();
      await expect(rowOf(results, phonk.title)).toBeVisible();
      await expect(main(page).getByText('no tracks for your query')).toHaveCount(0);
    });
  }
  await screenshotBoth(page, (file) => testInfo.outputPath(file), 'search-genre');

  await genres.getByRole('link', { name: /^Phonk/ }).click();
  await expect(page).toHaveURL(/\/home\?genre=Phonk$/);
  await expect(main(page).getByRole('button', { name: /^Phonk/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(rowOf(main(page).getByRole('list', { name: 'Tracks', exact: true }), phonk.title)).toBeVisible();
  await context.close();
});
