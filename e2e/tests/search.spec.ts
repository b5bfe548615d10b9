import { expect, test } from '../support/test.js';
import { newAccount, signUpViaApi, skipTermsModal, unique, waitForDemoCatalogue, type ApiTrack } from '../support/app.js';
import { APP_URL } from '../support/env.js';
import { main, openSession, removeUploadedTracks, rowOf, screenshotBoth, uploadShortTrack } from '../support/library.js';

test.afterEach(removeUploadedTracks);

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

/** Issue 29: the Latin 'kira' finds Кира Север (a demo artist) and her tracks; the Cyrillic 'хаос' the Latin spelling too. In English on a desktop, in Russian on a phone. */
for (const run of [
  { language: 'en', viewport: { width: 1280, height: 800 }, hasTouch: false },
  { language: 'ru', viewport: { width: 375, height: 812 }, hasTouch: true },
]) {
  test(`'kira' in Latin letters finds Кира Север and her tracks (${run.language}, ${run.viewport.width} px)`, async ({ browser }, testInfo) => {
    const context = await browser.newContext({ baseURL: APP_URL, locale: run.language === 'ru' ? 'ru-RU' : 'en-US', viewport: run.viewport, hasTouch: run.hasTouch, isMobile: run.hasTouch });
    await skipTermsModal(context);
    const language = run.language;
    await context.addInitScript((value) => window.localStorage.setItem('language', value), language);
    const page = await context.newPage();
    // Кира Север is a demo artist, but the run's demo catalogue is a few tracks that may not be hers: she uploads one here.
    const artist = await openSession(browser);
    await signUpViaApi(artist.page, { ...newAccount('Кира Север'), email: `${unique('kira')}@example.com` });
    const title = `Полярная ночь ${run.language === 'ru' ? 'два' : 'один'}`;
    await uploadShortTrack(artist.page, title, 'Rap');
    await artist.context.close();
    await page.goto('/home?tab=search');
    await expect(page.locator('html')).toHaveAttribute('lang', run.language);
    await page.getByRole('searchbox').first().fill('kira');
    await expect(page).toHaveURL(/q=kira/);
    await expect(main(page).getByRole('link', { name: /Кира Север/ }).first()).toBeVisible();
    const rows = main(page).getByTestId('track-row');
    await expect(rows.filter({ hasText: title }).first()).toBeVisible();
    await expect(rows.filter({ hasText: title }).first()).toContainText('Кира Север');
    await page.screenshot({ path: testInfo.outputPath(`search-kira-${run.language}.png`), fullPage: true });
    await context.close();
  });
}
