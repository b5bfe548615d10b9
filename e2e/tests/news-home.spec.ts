import { expect, test, type Browser, type Page } from '../support/test.js';
import { nowPlayingTitle, skipTermsModal, unique, type ApiTrack } from '../support/app.js';
import { APP_URL } from '../support/env.js';
import { main, removeUploadedTracks, signedInAccount, uploadShortTrack } from '../support/library.js';

/*
 * Issue 29, points 3, 4 and 11: News holds a followed artist's release once it goes public and
 * offers artists to follow; Home is a front page of card rows with numbered pages; counts agree
 * with their numbers ("1 Subscriber") and genres speak Russian in Russian.
 */

// Uploads would lead the home list of the journeys after this one: remove them.
test.afterEach(removeUploadedTracks);

const headers = { origin: APP_URL };
const SIZES = [
  { name: 'desktop', viewport: { width: 1280, height: 800 }, touch: false },
  { name: '375', viewport: { width: 375, height: 812 }, touch: true },
] as const;
type Size = (typeof SIZES)[number];

async function session(browser: Browser, size: Size, locale: 'en' | 'ru' = 'en') {
  const context = await browser.newContext({ baseURL: APP_URL, locale: locale === 'ru' ? 'ru-RU' : 'en-US', viewport: size.viewport, hasTouch: size.touch, isMobile: size.touch });
  await skipTermsModal(context);
  if (locale === 'ru') await context.addInitScript(() => window.localStorage.setItem('language', 'ru'));
  return { context, page: await context.newPage() };
}

async function idOf(page: Page): Promise<string> {
  return ((await (await page.request.get('/api/me')).json()) as { user: { id: string } }).user.id;
}

async function follow(page: Page, artistId: string): Promise<void> {
  const response = await page.request.put(`/api/artists/${encodeURIComponent(artistId)}/subscription`, { headers });
  expect(response.status(), await response.text()).toBe(200);
}

async function openNews(page: Page, title: string): Promise<void> {
  await page.goto('/home?tab=news');
  // A first Russian page loads its strings first: more time on a busy machine.
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible({ timeout: 30_000 });
}

for (const size of SIZES) {
  test(`a follower finds a followed artist's scheduled EP in News once it goes public, and plays it (${size.name})`, async ({ browser }, testInfo) => {
    const artist = await session(browser, size);
    const fan = await session(browser, size);
    const fanRu = await session(browser, size, 'ru');
    try {
      const artistName = unique('Nova Release');
      await signedInAccount(artist.page, artistName);
      const tracks: ApiTrack[] = [];
      for (const n of [1, 2]) tracks.push(await uploadShortTrack(artist.page, unique(`Drop part ${n}`)));
      const epTitle = unique('Midnight EP');
      const inAnHour = new Date(Date.now() + 3_600_000).toISOString();
      const created = await artist.page.request.post('/api/releases', { data: { title: epTitle, type: 'ep', trackIds: tracks.map((t) => t.id), visibility: 'private', publishAt: inAnHour }, headers });
      expect(created.status(), await created.text()).toBe(201);
      const release = (await created.json()) as { id: string; artistId: string };

      await signedInAccount(fan.page, 'EP Follower');
      await follow(fan.page, release.artistId);
      await signedInAccount(fanRu.page, 'Подписчица');
      await follow(fanRu.page, release.artistId);

      // Scheduled, not public yet: not in News.
      await openNews(fan.page, 'News');
      await expect(main(fan.page).getByTestId('news-release')).toHaveCount(0);

      // It goes public (as its schedule would make it: published now).
      const published = await artist.page.request.patch(`/api/releases/${release.id}`, { data: { visibility: 'public' }, headers });
      expect(published.status(), await published.text()).toBe(200);

      await openNews(fan.page, 'News');
      const card = main(fan.page).getByTestId('news-release').filter({ hasText: epTitle });
      await expect(card).toBeVisible();
      await expect(card).toContainText('New release');
      await expect(card).toContainText(artistName);
      await expect(card).toContainText('EP · 2 tracks');
      await expect(card.locator('img.news-release__cover')).toBeVisible();
      // The newest thing in this follower's News.
      await expect(main(fan.page).getByRole('article').first()).toContainText(epTitle);
      await fan.page.screenshot({ path: testInfo.outputPath(`news-release-${size.name}.png`) });
      await card.getByRole('button', { name: `Play ${epTitle}` }).click();
      await expect(nowPlayingTitle(fan.page).first()).toHaveText(tracks[0]!.title);

      await openNews(fanRu.page, 'Новости');
      const cardRu = main(fanRu.page).getByTestId('news-release').filter({ hasText: epTitle });
      await expect(cardRu).toContainText('Новый релиз');
      await expect(cardRu).toContainText('EP · 2 трека');
      await expect(cardRu.getByRole('button', { name: `Слушать «${epTitle}»` })).toBeVisible();
      await fanRu.page.screenshot({ path: testInfo.outputPath(`news-release-ru-${size.name}.png`) });
    } finally {
      for (const s of [artist, fan, fanRu]) await s.context.close();
    }
  });

  test(`a new listener is offered artists to follow, and after following a demo artist sees their posts and release (${size.name})`, async ({ browser }, testInfo) => {
    const listener = await session(browser, size);
    const listenerRu = await session(browser, size, 'ru');
    try {
      await signedInAccount(listener.page, 'Brand New Listener');
      await openNews(listener.page, 'News');
      const suggestions = main(listener.page).getByTestId('artist-suggestions');
      await expect(suggestions.getByRole('heading', { name: 'Artists to follow' })).toBeVisible();
      await expect(suggestions.getByTestId('suggested-artist').first()).toBeVisible();
      // Not followed yet: Lil Sable (no creator) is not in this listener's News.
      await expect(main(listener.page).getByText('808s sliding all night: this one is for the night shift.')).toHaveCount(0);
      await listener.page.screenshot({ path: testInfo.outputPath(`news-suggestions-${size.name}.png`) });

      const followButton = suggestions.getByRole('button', { name: 'Follow Lil Sable' });
      await followButton.scrollIntoViewIfNeeded();
      await followButton.click();
      await expect(suggestions.getByTestId('suggested-artist').filter({ hasText: 'Lil Sable' }).getByRole('button', { name: 'Following' })).toBeVisible();
      await expect(main(listener.page).getByTestId('post-card').filter({ hasText: '808s sliding all night: this one is for the night shift.' })).toBeVisible();
      await expect(main(listener.page).getByTestId('post-card').filter({ hasText: 'Studio till sunrise again. Who is listening?' })).toBeVisible();
      const release = main(listener.page).getByTestId('news-release').filter({ hasText: 'Night Shift' });
      await expect(release).toBeVisible();
      await expect(release).toContainText('Lil Sable');
      await listener.page.screenshot({ path: testInfo.outputPath(`news-followed-demo-${size.name}.png`), fullPage: true });

      await signedInAccount(listenerRu.page, 'Новый слушатель');
      await openNews(listenerRu.page, 'Новости');
      const suggestionsRu = main(listenerRu.page).getByTestId('artist-suggestions');
      await expect(suggestionsRu.getByRole('heading', { name: 'На кого подписаться' })).toBeVisible();
      await expect(suggestionsRu.getByRole('button', { name: 'Подписаться на DRIFT KOMA' })).toBeVisible();
      await listenerRu.page.screenshot({ path: testInfo.outputPath(`news-suggestions-ru-${size.name}.png`) });
    } finally {
      await listener.context.close();
      await listenerRu.context.close();
    }
  });

  test(`Home is a front page: New releases and Trending card rows above the catalogue, numbered pages with Previous and Next (${size.name})`, async ({ browser }, testInfo) => {
    const uploader = await session(browser, size);
    const visitor = await session(browser, size);
    try {
      // Ten tracks or more: the catalogue has a second page of 9.
      await signedInAccount(uploader.page, unique('Page filler'));
      for (let i = 0; i < 4; i += 1) await uploadShortTrack(uploader.page, unique('Home filler'));

      const page = visitor.page;
      await page.goto('/home');
      const fresh = main(page).getByTestId('new-releases');
      await expect(fresh.getByRole('heading', { name: 'New releases' })).toBeVisible();
      const tile = fresh.getByTestId('release-tile').first();
      await expect(tile).toBeVisible();
      await expect(tile.locator('img')).toBeVisible();
      await expect(tile.getByRole('button', { name: /^Play / })).toBeVisible();
      await expect(tile).toContainText(/\d+ tracks?/);

      const trending = main(page).getByTestId('trending');
      await expect(trending.getByRole('heading', { name: 'Trending' })).toBeVisible();
      const card = trending.getByTestId('track-card').first();
      await expect(card.locator('img')).toBeVisible();
      await expect(card).toContainText(/\d+:\d\d/);
      // Cards in one scrolling row, side by side.
      const boxes = await Promise.all([0, 1].map((i) => trending.getByTestId('track-card').nth(i).boundingBox()));
      expect(Math.abs(boxes[0]!.y - boxes[1]!.y)).toBeLessThan(2);
      expect(boxes[1]!.x).toBeGreaterThan(boxes[0]!.x);

      // The catalogue is still near the fold.
      const firstRow = main(page).getByRole('list', { name: 'Tracks', exact: true }).getByTestId('track-row').first();
      await expect(firstRow).toBeVisible();
      if (size.name === 'desktop') expect((await main(page).getByRole('list', { name: 'Genres' }).boundingBox())!.y).toBeLessThan(800);
      await page.screenshot({ path: testInfo.outputPath(`home-rows-${size.name}.png`) });
      // Nothing wider than the window: the rows scroll inside themselves.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.viewport.width);

      const pages = page.getByRole('navigation', { name: 'Pages' });
      const previous = pages.getByRole('button', { name: 'Previous page' });
      const next = pages.getByRole('button', { name: 'Next page' });
      await expect(pages.getByRole('button', { name: 'Page 1', exact: true })).toHaveText('1');
      await expect(pages.getByRole('button', { name: 'Page 1', exact: true })).toHaveAttribute('aria-current', 'page');
      await expect(previous).toBeDisabled();
      await next.scrollIntoViewIfNeeded();
      await next.click();
      await expect(page).toHaveURL(/page=2/);
      await expect(pages.getByRole('button', { name: 'Page 2', exact: true })).toHaveAttribute('aria-current', 'page');
      await expect(pages.getByRole('button', { name: 'Page 2', exact: true })).toHaveText('2');
      // The page slid in from the side without pushing the document sideways.
      expect(await page.evaluate(() => document.scrollingElement!.scrollLeft)).toBe(0);
      await page.screenshot({ path: testInfo.outputPath(`home-page-2-${size.name}.png`), fullPage: true });
      await previous.click();
      await expect(page).not.toHaveURL(/page=2/);
      await expect(pages.getByRole('button', { name: 'Page 1', exact: true })).toHaveAttribute('aria-current', 'page');
    } finally {
      await uploader.context.close();
      await visitor.context.close();
    }
  });
}

for (const size of SIZES) {
  test(`the Daily mix is a row of cards saying why once per group, not on every card (${size.name})`, async ({ browser }, testInfo) => {
    const uploader = await session(browser, size);
    const listener = await session(browser, size);
    try {
      await signedInAccount(uploader.page, unique('Phonk maker'));
      const tracks: ApiTrack[] = [];
      for (let i = 0; i < 4; i += 1) tracks.push(await uploadShortTrack(uploader.page, unique('Phonk mix'), 'Phonk'));
      await signedInAccount(listener.page, 'Mix Listener');
      const liked = await listener.page.request.put(`/api/tracks/${tracks[0]!.id}/like`, { headers });
      expect(liked.status(), await liked.text()).toBe(200);

      const page = listener.page;
      await page.goto('/home');
      const mix = main(page).getByTestId('daily-mix');
      await expect(mix.getByRole('heading', { name: 'Daily mix' })).toBeVisible();
      await expect(mix.getByTestId('track-card').nth(2)).toBeVisible();
      const cards = await mix.getByTestId('track-card').count();
      const captions = await mix.locator('.card-group__caption').allTextContents();
      expect(captions.length).toBeGreaterThan(0);
      expect(captions.length).toBeLessThan(cards);
      expect(new Set(captions).size).toBe(captions.length);
      await expect(mix.getByText('Same genre: Phonk', { exact: true })).toHaveCount(1);
      await page.screenshot({ path: testInfo.outputPath(`daily-mix-${size.name}.png`) });
      await mix.getByTestId('track-card').first().getByRole('button', { name: /^Play / }).click();
      await expect(nowPlayingTitle(page).first()).not.toHaveText('');
    } finally {
      await uploader.context.close();
      await listener.context.close();
    }
  });
}

for (const size of SIZES) {
  test(`an artist with one subscriber shows "1 Subscriber", «1 Подписчик» in Russian, and genres in Russian (${size.name})`, async ({ browser }, testInfo) => {
    const artist = await session(browser, size);
    const fan = await session(browser, size);
    const ru = await session(browser, size, 'ru');
    try {
      await signedInAccount(artist.page, unique('Solo Artist'));
      await uploadShortTrack(artist.page, unique('Lonely track'), 'Trap');
      const artistId = await idOf(artist.page);
      await signedInAccount(fan.page, 'Only Fan');
      await follow(fan.page, artistId);

      await fan.page.goto(`/artist/${artistId}`);
      const stat = fan.page.locator('.artist-stats__item').filter({ has: fan.page.getByTestId('stat-subscribers') });
      await expect(fan.page.getByTestId('stat-subscribers')).toHaveText('1');
      await expect(stat.locator('dt')).toHaveText('Subscriber');
      await fan.page.screenshot({ path: testInfo.outputPath(`one-subscriber-${size.name}.png`) });

      await ru.page.goto(`/artist/${artistId}`);
      const statRu = ru.page.locator('.artist-stats__item').filter({ has: ru.page.getByTestId('stat-subscribers') });
      await expect(statRu.locator('dt')).toHaveText('Подписчик');
      await ru.page.screenshot({ path: testInfo.outputPath(`one-subscriber-ru-${size.name}.png`) });

      await ru.page.goto('/home');
      const genres = ru.page.getByRole('list', { name: 'Жанры' });
      await expect(genres.getByRole('button', { name: /^Трэп/ })).toBeVisible();
      await expect(genres.getByRole('button', { name: /^Trap/ })).toHaveCount(0);
      await ru.page.screenshot({ path: testInfo.outputPath(`genres-ru-${size.name}.png`) });
    } finally {
      for (const s of [artist, fan, ru]) await s.context.close();
    }
  });
}
