import { expect, test } from '@playwright/test';
import { waitForDemoCatalogue, type ApiTrack } from '../support/app.js';
import { main, openSession, rowOf, screenshotBoth } from '../support/library.js';

let demo: ApiTrack[] = [];

test.beforeAll(async ({ request }) => {
  demo = await waitForDemoCatalogue(request);
});

/** A word of a demo title with two inner letters swapped: one typo. */
function typoOf(tracks: ApiTrack[]): { track: ApiTrack; word: string; typo: string } {
  for (const track of tracks) {
    const word = track.title.split(/\s+/).find((part) => /^[A-Za-z]{6,}$/.test(part));
    if (!word) continue;
    const lower = word.toLowerCase();
    const i = lower.length - 2;
    const typo = lower.slice(0, i) + lower[i + 1] + lower[i];
    if (typo !== lower) return { track, word: lower, typo };
  }
  throw new Error('no demo title with a word long enough for a typo');
}

test('a query with a typo offers "Did you mean", which shows the intended track', async ({ browser }, testInfo) => {
  const { context, page } = await openSession(browser);
  const { track, word, typo } = typoOf(demo);
  await page.goto(`/home?tab=search&q=${encodeURIComponent(typo)}`);
  const input = page.getByRole('searchbox', { name: 'Search' });
  await expect(input).toHaveValue(typo);
  const suggestion = main(page).getByRole('link', { name: word, exact: true });
  await expect(main(page).getByText('Did you mean')).toBeVisible();
  await expect(suggestion).toBeVisible();
  await screenshotBoth(page, (file) => testInfo.outputPath(file), 'search-typo');

  await suggestion.click();
  await expect(page).toHaveURL(new RegExp(`q=${word}`));
  await expect(input).toHaveValue(word);
  const results = page.getByRole('list', { name: 'Matching tracks' });
  await expect(rowOf(results, track.title)).toBeVisible();
  await expect(main(page).getByText('Did you mean')).toHaveCount(0);
  await screenshotBoth(page, (file) => testInfo.outputPath(file), 'search-results');

  // Clicking a result plays it.
  await rowOf(results, track.title).locator('.track-row__title').click();
  await expect(page.getByTestId('now-playing-title')).toHaveText(track.title);
  await context.close();
});

test('typing searches as you go; artists link to their page; nothing found says so; searches are remembered', async ({ browser }) => {
  const { context, page } = await openSession(browser);
  const artistTrack = demo[0]!;
  await page.goto('/home?tab=search');
  const input = page.getByRole('searchbox', { name: 'Search' });
  await input.fill(artistTrack.artist);
  await expect(page).toHaveURL(/q=/);
  const artists = page.getByRole('list', { name: 'Artists' });
  await expect(artists.getByRole('link', { name: new RegExp(artistTrack.artist) })).toBeVisible();

  // Enter submits: the search is kept in Recent Searches.
  await input.press('Enter');

  await input.fill('zzqqxxyy-nothing');
  await expect(main(page).getByText('no tracks for your query')).toBeVisible();

  // Recent Searches keep what found something, newest first, for this (guest) listener.
  await page.goto('/home?tab=search');
  const recent = page.getByRole('list', { name: 'Recent Searches' });
  await expect(recent.getByRole('link', { name: artistTrack.artist })).toBeVisible();
  await recent.getByRole('link', { name: artistTrack.artist }).click();
  await expect(input).toHaveValue(artistTrack.artist);

  await artists.getByRole('link', { name: new RegExp(artistTrack.artist) }).click();
  await expect(page).toHaveURL(new RegExp(`/artist/${artistTrack.artistId}`));
  await context.close();
});

test('the focus-search event (the "/" shortcut) opens the search tab with the input focused', async ({ browser }) => {
  const { context, page } = await openSession(browser);
  await page.goto('/home');
  await expect(page.getByRole('list', { name: 'Genres' })).toBeVisible();
  await page.evaluate(() => window.dispatchEvent(new Event('platter:focus-search')));
  await expect(page).toHaveURL(/tab=search/);
  await expect(page.getByRole('searchbox', { name: 'Search' })).toBeFocused();

  // The player's `/` shortcut, pressed on the home tab, goes the same way, with one history entry.
  await page.goto('/home');
  await expect(page.getByRole('list', { name: 'Genres' })).toBeVisible();
  await page.locator('body').press('/');
  await expect(page).toHaveURL(/tab=search/);
  await expect(page.getByRole('searchbox', { name: 'Search' })).toBeFocused();
  await page.goBack();
  await expect(page).toHaveURL(/\/home$/);
  await context.close();
});
