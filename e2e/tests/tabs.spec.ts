import { expect, test } from '../support/test.js';
import { listTracks, unique } from '../support/app.js';
import { createPlaylistViaApi, main, openSession, openTab, removeUploadedTracks, screenshotBoth, sidebar, signedInAccount, touchSwipe, uploadShortTrack } from '../support/library.js';

// Uploads would lead the home list of the journeys after this one: remove them.
test.afterEach(removeUploadedTracks);

test('the terms of use show on the home tab until accepted, and never return', async ({ browser }, testInfo) => {
  const { context, page } = await openSession(browser, { acceptTerms: false });
  await page.goto('/home');
  const terms = page.getByRole('dialog', { name: 'Terms of use' });
  await expect(terms).toBeVisible();
  await expect(terms).toContainText('13');
  await page.screenshot({ path: testInfo.outputPath('terms-desktop.png') });
  await terms.getByRole('button', { name: 'Accept' }).click();
  await expect(terms).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('acceptedTerms'))).toBe('true');
  await page.reload();
  await expect(page.getByRole('list', { name: 'Genres' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Terms of use' })).toHaveCount(0);
  await context.close();
});

test('every tab shows its content when signed out; an unknown tab is under development', async ({ browser }, testInfo) => {
  const { context, page } = await openSession(browser);
  const shot = (name: string) => screenshotBoth(page, (file) => testInfo.outputPath(file), name);

  await openTab(page, 'home', 'Home');
  await expect(page.getByRole('list', { name: 'Tracks', exact: true }).getByTestId('track-row').first()).toBeVisible();
  await shot('home');

  await openTab(page, 'search', 'Search');
  await expect(page.getByPlaceholder('Find tracks, artists, albums...')).toBeVisible();
  await expect(main(page).getByRole('heading', { name: 'Recent Searches' })).toBeVisible();
  await expect(main(page).getByRole('heading', { name: 'Top Charts' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Top tracks' }).getByTestId('track-row').first()).toBeVisible();
  await shot('search');

  await openTab(page, 'playlists', 'Playlists');
  await expect(main(page).getByText('Please sign in to create and see your playlists.')).toBeVisible();
  await openTab(page, 'liked', 'Liked tracks');
  await expect(main(page).getByText('Please sign in to like tracks and see them here.')).toBeVisible();
  await openTab(page, 'history', 'History');
  await expect(main(page).getByText('No history yet.')).toBeVisible();
  await shot('history-empty');
  await openTab(page, 'menu', 'Studio');
  await expect(main(page).getByText('Please sign in to open your studio')).toBeVisible();
  await openTab(page, 'news', 'News');
  // Signed out, the feed holds creators' posts, or says it has none yet.
  await expect(main(page).getByRole('feed', { name: 'News feed' }).or(main(page).getByText('No news for you yet'))).toBeVisible();

  await page.goto('/home?tab=radio');
  await expect(main(page).getByText('This tab is under development')).toBeVisible();
  await shot('unknown-tab');
  await context.close();
});

test('the sidebar Playlists entry toggles the list of my playlists', async ({ browser }, testInfo) => {
  const { context, page } = await openSession(browser);
  await signedInAccount(page, 'Tilly Toggle');
  const name = unique('Sidebar mix');
  const playlist = await createPlaylistViaApi(page, name);
  await page.goto('/home');
  const entry = sidebar(page).getByRole('link', { name: 'Playlists', exact: true });
  await entry.click();
  await expect(entry).toHaveAttribute('aria-expanded', 'true');
  const list = sidebar(page).getByRole('list', { name: 'My playlists' });
  await expect(list.getByRole('link', { name })).toBeVisible();
  await expect(main(page).getByRole('link', { name: `Open ${name}` })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('sidebar-playlists.png') });
  await list.getByRole('link', { name }).click();
  await expect(page).toHaveURL(new RegExp(`tab=playlists-details&playlist=${playlist.id}`));
  await expect(main(page).getByText('No tracks available. Add some tracks!')).toBeVisible();
  await entry.click();
  await expect(entry).toHaveAttribute('aria-expanded', 'false');
  await expect(list).toBeHidden();
  await context.close();
});

test('home: swiping the list changes pages within bounds, with the page dots following', async ({ browser }, testInfo) => {
  const uploader = await openSession(browser);
  await signedInAccount(uploader.page, 'Sam Swiper');
  // Two pages need at least 10 tracks.
  const { total } = await listTracks(uploader.page.request);
  for (let i = total; i < 10; i += 1) await uploadShortTrack(uploader.page, unique('Swipe filler'));
  await uploader.context.close();

  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true, locale: 'en-US' });
  await context.addInitScript(() => window.localStorage.setItem('acceptedTerms', 'true'));
  const page = await context.newPage();
  await page.goto('/home');
  const dots = page.getByRole('navigation', { name: 'Pages' });
  const list = page.getByTestId('library-page');
  await expect(dots.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');

  await touchSwipe(page, list, 200);
  await page.waitForTimeout(400);
  await expect(page).not.toHaveURL(/page=/);

  await touchSwipe(page, list, -200);
  await expect(page).toHaveURL(/page=2/);
  await expect(dots.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await page.screenshot({ path: testInfo.outputPath('swiped-to-page-2-375.png') });

  await touchSwipe(page, list, 200);
  await expect(page).not.toHaveURL(/page=/);
  await expect(dots.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
  await context.close();
});
