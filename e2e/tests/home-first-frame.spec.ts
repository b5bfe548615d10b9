import { expect, test, type Page } from '../support/test.js';
import { newAccount, signUpViaApi, unique, waitForDemoCatalogue, type ApiTrack } from '../support/app.js';
import { APP_URL } from '../support/env.js';
import { createPlaylistViaApi } from '../support/library.js';

/**
 * /home's prerendered first frame (apps/web/scripts/prerender-home.mjs, public/home-shell.js):
 * it paints from the HTML alone, the app's modules are asked for only once it has painted, and
 * the app takes over without fetching the stylesheets the page already holds inline.
 */

let demo: ApiTrack[] = [];

/** The app's entry module was asked for only once the page's first frame had painted. */
async function expectEntryAfterFirstPaint(page: Page): Promise<void> {
  const { paint, entry } = await page.evaluate(() => ({
    paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
    entry: performance.getEntriesByType('resource').find((resource) => /\/assets\/main-[^/]+\.js$/.test(resource.name))?.startTime ?? null,
  }));
  expect(paint).not.toBeNull();
  expect(entry).not.toBeNull();
  expect(entry!).toBeGreaterThanOrEqual(paint!);
}

test.beforeAll(async ({ request }) => {
  demo = await waitForDemoCatalogue(request);
});

test("a first visit to /home paints before asking for the app's modules, and fetches no stylesheet", async ({ page }) => {
  const stylesheets: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'stylesheet' || request.url().endsWith('.css')) stylesheets.push(request.url());
  });
  await page.goto('/home');
  // The app has taken over: the real terms dialog, then the styled list under it.
  await page.getByRole('dialog').getByRole('button', { name: 'Accept' }).click();
  const row = page.getByRole('list', { name: 'Tracks', exact: true }).getByTestId('track-row').first();
  await expect(row).toBeVisible();
  expect(await row.evaluate((element) => getComputedStyle(element).display)).toBe('grid');
  expect(stylesheets).toEqual([]);
  // The route's chunks (the shell's and home's) are asked for by the frame's script too, one a task:
  // Vite's preload helper (its links carry as="script") finds them asked for and adds none of them
  // in the router's first task.
  const { named, byHelper } = await page.evaluate(() => ({
    named: document.querySelector('meta[name="platter-modules"]')?.getAttribute('content')?.split(' ') ?? [],
    byHelper: [...document.querySelectorAll('link[rel="modulepreload"][as="script"]')].map((link) => new URL((link as HTMLLinkElement).href).pathname),
  }));
  expect(named.filter((file) => /^\/assets\/(home|shell-root)-[^/]+\.js$/.test(file)).length).toBeGreaterThanOrEqual(2);
  expect(byHelper.filter((file) => named.slice(1).includes(file))).toEqual([]);

  await expectEntryAfterFirstPaint(page);
});

test("a signed-out visit to a track's page paints its frame (heading and cover) before the app's modules, then the app renders it from the inlined track without asking again", async ({ page }) => {
  const asked: string[] = [];
  page.on('request', (request) => {
    if (/\/api\/tracks\/demo-001(\?|$)/.test(new URL(request.url()).pathname + new URL(request.url()).search)) asked.push(request.url());
  });
  const response = await page.goto('/track/demo-001');
  const html = (await response?.text()) ?? '';
  expect(html).toContain('class="track-page__title"');
  expect(html).toContain('id="initial-data"');
  // The app has taken over (the frame is gone) and shows the track's page, with its own Play button.
  await expect(page.getByTestId('track-page').getByRole('button', { name: 'Play', exact: true })).toBeVisible();
  await expect(page.locator('#home-shell')).toHaveCount(0);
  expect(asked).toEqual([]);

  await expectEntryAfterFirstPaint(page);
});

test("a public playlist's share link paints its header (name, owner, cover) before the app's modules, then the app shows the playlist from the inlined first page", async ({ browser }) => {
  const owner = await browser.newContext();
  const ownerPage = await owner.newPage();
  await signUpViaApi(ownerPage, newAccount('Pia Playlist'));
  const name = unique('Shared <mix>');
  const playlist = await createPlaylistViaApi(ownerPage, name);
  expect((await ownerPage.request.patch(`/api/playlists/${playlist.id}`, { data: { isPublic: true }, headers: { origin: APP_URL } })).status()).toBe(200);
  for (const track of demo.slice(0, 2)) {
    expect((await ownerPage.request.post(`/api/playlists/${playlist.id}/tracks`, { data: { trackId: track.id }, headers: { origin: APP_URL } })).status()).toBe(200);
  }
  await owner.close();

  const context = await browser.newContext();
  const page = await context.newPage();
  const asked: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === `/api/playlists/${playlist.id}`) asked.push(request.url());
  });
  const response = await page.goto(`/playlist/${playlist.id}`);
  const html = (await response?.text()) ?? '';
  expect(html).toContain('class="playlist-details__name"');
  expect(html).toContain('Pia Playlist');
  expect(html).toContain('id="initial-data"');
  // The app has taken over (the frame is gone) on the playlist's tab, with its entries and Play all.
  await expect(page).toHaveURL(new RegExp(`/home\\?tab=playlists-details&playlist=${playlist.id}`));
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Playlist tracks' }).getByTestId('track-row')).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Play all' })).toBeVisible();
  await expect(page.locator('#home-shell')).toHaveCount(0);
  expect(asked).toEqual([]);

  await expectEntryAfterFirstPaint(page);
  await context.close();
});
