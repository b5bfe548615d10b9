import { expect, test, type APIRequestContext, type Page } from '../support/test.js';
import { makePng } from '../../apps/server/test/support/images.js';
import { newAccount, signUpViaApi, unique } from '../support/app.js';
import { APP_URL } from '../support/env.js';
import { createPlaylistViaApi, main, openSession, openTrackSheet, removeUploadedTracks, rowOf, uploadShortTrack } from '../support/library.js';

test.afterEach(removeUploadedTracks);

const headers = { origin: APP_URL };

/** The page a shared URL serves: its Open Graph tags, and whether its og:image is a real image. */
async function previewOf(request: APIRequestContext, url: string): Promise<{ status: number; tags: Record<string, string>; imageType: string | null }> {
  const response = await request.get(url);
  const html = await response.text();
  const tags: Record<string, string> = {};
  for (const match of html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)"/g)) tags[match[1]!] = match[2]!.replaceAll('&amp;', '&');
  let imageType: string | null = null;
  if (tags['og:image']) {
    const image = await request.get(tags['og:image']);
    imageType = image.ok() ? (image.headers()['content-type'] ?? null) : null;
  }
  return { status: response.status(), tags, imageType };
}

const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

test('every share action copies a URL whose page carries Open Graph tags with an image', async ({ browser }) => {
  const { context, page } = await openSession(browser);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: APP_URL });
  await signUpViaApi(page, newAccount('Shay Share'));
  const title = unique('Shared cover');
  const track = await uploadShortTrack(page, title, 'Pop');
  const cover = await page.request.put(`/api/tracks/${track.id}/cover`, { data: await makePng(256, 256), headers: { ...headers, 'content-type': 'image/png' } });
  expect(cover.status(), await cover.text()).toBe(200);
  const coverUrl = ((await cover.json()) as { image: string }).image;
  const avatar = await page.request.put('/api/me/images/avatar', { data: await makePng(256, 256), headers: { ...headers, 'content-type': 'image/png' } });
  expect(avatar.status(), await avatar.text()).toBe(200);

  await test.step("the '...' sheet shares /track/:id, previewed with the track's cover", async () => {
    await page.goto(`/artist/${track.artistId}`);
    const row = rowOf(main(page).getByRole('list', { name: 'Tracks', exact: true }), title);
    // The row shows the track's cover.
    await expect(row.locator('img.track-row__cover')).toHaveAttribute('src', coverUrl);
    const sheet = await openTrackSheet(page, title);
    await sheet.getByRole('button', { name: 'Share' }).click();
    await expect(sheet.getByRole('status')).toHaveText('Link copied to the clipboard.');
    const url = await clipboard(page);
    expect(url).toBe(`${APP_URL}/track/${track.id}`);
    const preview = await previewOf(page.request, url);
    expect(preview.status).toBe(200);
    expect(preview.tags['og:title']).toContain(title);
    expect(preview.tags['og:image']).toBe(new URL(coverUrl, APP_URL).href);
    expect(preview.imageType).toMatch(/^image\//);
    await page.keyboard.press('Escape');
  });

  await test.step('the track page shares its own /track/:id', async () => {
    await page.goto(`/track/${track.id}`);
    await main(page).getByRole('button', { name: 'Share', exact: true }).click();
    await expect(main(page).getByText('Link copied to the clipboard.')).toBeVisible();
    expect(await clipboard(page)).toBe(`${APP_URL}/track/${track.id}`);
  });

  await test.step("the artist page shares /artist/:id, previewed with the avatar", async () => {
    await page.goto(`/artist/${track.artistId}`);
    await main(page).getByRole('button', { name: 'Share', exact: true }).click();
    await expect(main(page).getByText('Link copied to the clipboard.')).toBeVisible();
    const url = await clipboard(page);
    expect(url).toBe(`${APP_URL}/artist/${track.artistId}`);
    const preview = await previewOf(page.request, url);
    expect(preview.status).toBe(200);
    expect(preview.tags['og:image']).toBeTruthy();
    expect(preview.imageType).toMatch(/^image\//);
  });

  await test.step('a public playlist shares /playlist/:id, previewed with its first cover; the link opens the playlist', async () => {
    const playlist = await createPlaylistViaApi(page, unique('Shared list'));
    expect((await page.request.post(`/api/playlists/${playlist.id}/tracks`, { data: { trackId: track.id }, headers })).status()).toBe(200);
    expect((await page.request.patch(`/api/playlists/${playlist.id}`, { data: { isPublic: true }, headers })).status()).toBe(200);
    await page.goto(`/home?tab=playlists-details&playlist=${playlist.id}`);
    await page.getByRole('button', { name: 'Copy link' }).click();
    await expect(page.getByText('Link copied')).toBeVisible();
    const url = await clipboard(page);
    expect(url).toBe(`${APP_URL}/playlist/${playlist.id}`);
    const preview = await previewOf(page.request, url);
    expect(preview.status).toBe(200);
    expect(preview.tags['og:title']).toBe(playlist.name);
    expect(preview.tags['og:image']).toBe(new URL(coverUrl, APP_URL).href);
    expect(preview.imageType).toMatch(/^image\//);

    const guest = await openSession(browser);
    await guest.page.goto(url);
    await expect(guest.page).toHaveURL(new RegExp(`tab=playlists-details&playlist=${playlist.id}`));
    await expect(main(guest.page).getByRole('heading', { name: playlist.name })).toBeVisible();
    await guest.context.close();
  });
  await context.close();
});
