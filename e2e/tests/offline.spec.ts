import { expect, test, type Page } from '../support/test.js';
import {
  audioState,
  newAccount,
  nowPlayingTitle,
  playerBar,
  seekWithSlider,
  signUpViaApi,
  skipTermsModal,
  waitForPlaybackPast,
  waitForDemoCatalogue,
  type ApiTrack,
  listensOf,
} from '../support/app.js';
import { APP_URL } from '../support/env.js';
import { createPlaylistViaApi, openTrackSheet } from '../support/library.js';
import { demoRun } from '../support/player.js';

// This journey needs the service worker, which the config blocks elsewhere.
test.use({ serviceWorkers: 'allow' });

/**
 * Offline listening (issue 5): tracks saved from the '...' sheet play, seek and skip with the
 * network off after a reload (the app shell from the service worker's precache, the audio from
 * the offline cache with Range support), and a listen made offline reaches the server once the
 * browser is back online, with no action from the listener.
 */
test.beforeEach(async ({ context }) => {
  await skipTermsModal(context);
});


/** The service worker controls the page (it claims it on first install). */
async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

async function saveFromSheet(page: Page, title: string): Promise<void> {
  const sheet = await openTrackSheet(page, title);
  await sheet.getByRole('button', { name: 'Save for offline', exact: true }).click();
  await expect(sheet.getByRole('button', { name: 'Remove from offline', exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(sheet.getByText('Saved for offline', { exact: true })).toBeVisible();
  await sheet.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(sheet).toBeHidden();
}

test('saved tracks play, seek and skip offline; a listen made offline is sent when back online', async ({ page, context, request }) => {
  test.setTimeout(150_000);
  await signUpViaApi(page, newAccount('Olga Offline'));
  await page.goto('/home');
  await waitForServiceWorker(page);
  const [first, second] = (await demoRun(page, 2)).run as [string, string];
  const catalogue = (await request.get('/api/tracks', { params: { pageSize: 100 } }).then((r) => r.json())) as { items: ApiTrack[] };
  const trackOf = (title: string) => catalogue.items.find((track) => track.title === title)!;

  await test.step('save two demo tracks for offline from their sheets', async () => {
    await saveFromSheet(page, first);
    await saveFromSheet(page, second);
    const cached = await page.evaluate(async () => {
      const cache = await caches.open('platter-offline-audio');
      return (await cache.keys()).map((key) => new URL(key.url).pathname);
    });
    expect(cached).toEqual(expect.arrayContaining([trackOf(first).url, trackOf(second).url]));
  });

  await test.step('Saved lists them with their size', async () => {
    await page.getByRole('complementary', { name: 'Player sidebar' }).getByRole('link', { name: 'Saved', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Saved' })).toBeVisible();
    const rows = page.getByRole('list', { name: 'Saved tracks' }).getByTestId('saved-track');
    await expect(rows).toHaveCount(2);
    // Newest first.
    await expect(rows.nth(0)).toContainText(second);
    await expect(rows.nth(1)).toContainText(first);
    for (const row of await rows.all()) await expect(row).toContainText(/\d+(\.\d)?\s?(kB|MB)/);
    await expect(page.getByTestId('saved-space')).toContainText(/2 tracks saved, \d+(\.\d)?\s?(kB|MB)/);
  });

  const before = { first: await listensOf(request, trackOf(first).id), second: await listensOf(request, trackOf(second).id) };

  await test.step('offline, /home reloads from the service worker and says it is offline', async () => {
    await context.setOffline(true);
    await page.goto('/home');
    await expect(page.getByTestId('offline-banner')).toContainText('You are offline');
    await expect(page.getByText('You are offline, so the catalogue cannot load.')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Saved tracks' }).getByTestId('saved-track')).toHaveCount(2);
    // The server really is out of reach from the page.
    const reachable = await page.evaluate(() => fetch('/api/health').then(() => true, () => false));
    expect(reachable).toBe(false);
  });

  await test.step('what needs the server says so and points to Saved', async () => {
    const sidebar = page.getByRole('complementary', { name: 'Player sidebar' });
    await sidebar.getByRole('link', { name: 'Search', exact: true }).click();
    await expect(page.getByText('This needs a connection. Your saved tracks play offline.')).toBeVisible();
    await page.locator('#content').getByRole('link', { name: 'Open Saved', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Saved' })).toBeVisible();
  });

  await test.step('a saved track plays and seeks offline', async () => {
    // The worker cuts ranges from the saved file, as <audio> asks for them.
    const range = await page.evaluate(async (url) => {
      const response = await fetch(url, { headers: { Range: 'bytes=100-199' } });
      return { status: response.status, range: response.headers.get('content-range'), length: (await response.arrayBuffer()).byteLength };
    }, trackOf(first).url);
    expect(range).toMatchObject({ status: 206, range: expect.stringMatching(/^bytes 100-199\/\d+$/), length: 100 });
    await page.getByTestId('saved-track').getByRole('button', { name: `Play ${first}`, exact: true }).click();
    await expect(nowPlayingTitle(page)).toHaveText(first);
    await waitForPlaybackPast(page, 0.5);
    const duration = await seekWithSlider(page, 0.6);
    const target = duration * 0.6;
    await page.waitForFunction((at) => {
      const audio = document.querySelector('audio');
      return !!audio && audio.currentTime >= at - 1;
    }, target);
    // It goes on from there (not from the start, not stuck).
    await waitForPlaybackPast(page, target + 0.5);
    expect((await audioState(page)).currentTime).toBeLessThan(target + 10);
  });

  await test.step('next skips to the other saved track, which plays too', async () => {
    await playerBar(page).getByRole('button', { name: 'Next', exact: true }).click();
    await expect(nowPlayingTitle(page)).toHaveText(second);
    await page.waitForFunction((url) => {
      const audio = document.querySelector('audio');
      return !!audio && !audio.paused && audio.currentSrc.endsWith(url) && audio.currentTime > 0.5;
    }, trackOf(second).url);
  });

  await test.step('the offline listens wait in the queue, then reach the server once online', async () => {
    await expect
      .poll(() => page.evaluate(() => (JSON.parse(localStorage.getItem('platter-listen-queue') ?? '[]') as { trackId: string }[]).map((l) => l.trackId)))
      .toEqual([trackOf(first).id, trackOf(second).id]);
    expect(await listensOf(request, trackOf(first).id)).toBe(before.first);
    await context.setOffline(false);
    await expect(page.getByTestId('offline-banner')).toBeHidden();
    await expect.poll(() => listensOf(request, trackOf(first).id), { timeout: 15_000 }).toBe(before.first + 1);
    await expect.poll(() => listensOf(request, trackOf(second).id), { timeout: 15_000 }).toBe(before.second + 1);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('platter-listen-queue'))).toBeNull();
  });

  await test.step('Remove frees a track; Remove all empties Saved', async () => {
    await page.goto('/home?tab=saved');
    const rows = page.getByRole('list', { name: 'Saved tracks' }).getByTestId('saved-track');
    await page.getByRole('button', { name: `Remove ${first} from offline`, exact: true }).click();
    await expect(rows).toHaveCount(1);
    await page.getByRole('button', { name: 'Remove all', exact: true }).click();
    await expect(rows).toHaveCount(0);
    const cached = await page.evaluate(async () => (await (await caches.open('platter-offline-audio')).keys()).length);
    expect(cached).toBe(0);
  });
});

test('Save for offline on a playlist saves all its tracks', async ({ page, request }) => {
  await signUpViaApi(page, newAccount('Pavel Playlist'));
  const tracks = (await waitForDemoCatalogue(request)).slice(0, 2);
  expect(tracks).toHaveLength(2);
  const playlist = await createPlaylistViaApi(page, 'For the road');
  for (const track of tracks) {
    const added = await page.request.post(`/api/playlists/${playlist.id}/tracks`, { data: { trackId: track.id }, headers: { origin: APP_URL } });
    expect(added.status(), await added.text()).toBeLessThan(300);
  }
  await page.goto(`/home?tab=playlists-details&playlist=${playlist.id}`);
  await page.getByRole('button', { name: 'Save playlist for offline', exact: true }).click();
  await expect(page.getByText('Playlist saved for offline', { exact: true })).toBeVisible({ timeout: 30_000 });
  await page.goto('/home?tab=saved');
  const rows = page.getByRole('list', { name: 'Saved tracks' }).getByTestId('saved-track');
  await expect(rows).toHaveCount(2);
  await expect(page.getByTestId('saved-space')).toContainText('2 tracks saved');
});
