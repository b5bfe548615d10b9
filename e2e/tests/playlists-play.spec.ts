import { expect, test } from '../support/test.js';
import { newAccount, signUpViaApi, unique, waitForDemoCatalogue, type ApiTrack } from '../support/app.js';
import { APP_URL } from '../support/env.js';
import { createPlaylistViaApi, main, openSession, openTrackSheet, queuedTitles, screenshotBoth } from '../support/library.js';

let demo: ApiTrack[] = [];

test.beforeAll(async ({ request }) => {
  demo = await waitForDemoCatalogue(request);
});

test('a playlist: cover, total length, Play all plays its first track, Shuffle plays every track once', async ({ browser }, testInfo) => {
  const { context, page } = await openSession(browser);
  await signUpViaApi(page, newAccount('Pia Playall'));
  const picked = [demo[3]!, demo[1]!, demo[5]!];
  const playlist = await createPlaylistViaApi(page, unique('Play all'));
  for (const track of picked) {
    const added = await page.request.post(`/api/playlists/${playlist.id}/tracks`, { data: { trackId: track.id }, headers: { origin: APP_URL } });
    expect(added.status()).toBe(200);
  }

  await page.goto(`/home?tab=playlists-details&playlist=${playlist.id}`);
  await expect(main(page).getByRole('heading', { name: playlist.name })).toBeVisible();
  await expect(main(page).getByTestId('playlist-cover')).toBeVisible();
  const seconds = picked.reduce((sum, track) => sum + (track.duration ?? 0), 0);
  await expect(main(page).getByTestId('playlist-duration')).toHaveText(`${Math.max(1, Math.round(seconds / 60))} min`);
  await screenshotBoth(page, (file) => testInfo.outputPath(file), 'playlist-play');

  await test.step('Play all: the playlist in its order is the queue, its first track plays', async () => {
    await main(page).getByRole('button', { name: 'Play all' }).click();
    await expect(page.getByTestId('now-playing-title')).toHaveText(picked[0]!.title);
    expect(await queuedTitles(page)).toEqual(picked.map((track) => track.title));
  });

  await test.step('Shuffle: the queue holds every playlist track exactly once and plays the first of it', async () => {
    await main(page).getByRole('button', { name: 'Shuffle' }).click();
    await expect.poll(async () => (await queuedTitles(page)).toSorted()).toEqual(picked.map((track) => track.title).toSorted());
    const queue = await queuedTitles(page);
    await expect(page.getByTestId('now-playing-title')).toHaveText(queue[0]!);
  });
  await context.close();
});

test('"New playlist…" in the add sheet creates a playlist with the track in it', async ({ browser }) => {
  const { context, page } = await openSession(browser);
  await signUpViaApi(page, newAccount('Nico Newlist'));
  const track = demo[2]!;
  const name = unique('Fresh');
  await page.goto('/home');
  const sheet = await openTrackSheet(page, track.title);
  await sheet.getByRole('button', { name: 'New playlist…' }).click();
  const field = sheet.getByRole('textbox', { name: 'New playlist name' });
  await field.fill('   ');
  await expect(sheet.getByRole('button', { name: 'Create', exact: true })).toBeDisabled();
  await field.fill(`  ${name}  `);
  await sheet.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(sheet.getByRole('status')).toHaveText(`Created ${name} and added the track.`);

  const mine = (await (await page.request.get('/api/playlists')).json()) as { items: { id: string; name: string; trackCount: number }[] };
  const created = mine.items.find((item) => item.name === name);
  expect(created?.trackCount).toBe(1);
  const detail = (await (await page.request.get(`/api/playlists/${created!.id}`)).json()) as { entries: { track: { id: string } }[] };
  expect(detail.entries.map((entry) => entry.track.id)).toEqual([track.id]);
  await context.close();
});
