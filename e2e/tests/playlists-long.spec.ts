import { expect, test } from '../support/test.js';
import { newAccount, signUpViaApi, unique, waitForDemoCatalogue, type ApiTrack } from '../support/app.js';
import { APP_URL } from '../support/env.js';
import { createPlaylistViaApi, main, openSession, queuedTitles } from '../support/library.js';

let demo: ApiTrack[] = [];

test.beforeAll(async ({ request }) => {
  demo = await waitForDemoCatalogue(request);
});

test('a long playlist shows 50 rows a page with page dots; Play all queues all of it; the owner moves an entry across pages', async ({ browser }, testInfo) => {
  const { context, page } = await openSession(browser);
  await signUpViaApi(page, newAccount('Lena Long'));
  const playlist = await createPlaylistViaApi(page, unique('Long'));
  // 55 entries: the demo tracks in turn.
  const picked = Array.from({ length: 55 }, (_, i) => demo[i % demo.length]!);
  for (const track of picked) {
    const added = await page.request.post(`/api/playlists/${playlist.id}/tracks`, { data: { trackId: track.id }, headers: { origin: APP_URL } });
    expect(added.status()).toBe(200);
  }

  await page.goto(`/home?tab=playlists-details&playlist=${playlist.id}`);
  const list = main(page).getByRole('list', { name: 'Playlist tracks' });
  const rows = list.getByTestId('track-row');
  await expect(rows).toHaveCount(50);
  await expect(main(page).getByText('55 tracks')).toBeVisible();
  const dots = main(page).getByRole('navigation', { name: 'Pages' });
  // Two numbered pages, between Previous and Next.
  await expect(dots.getByRole('button', { name: /^Page \d+$/ })).toHaveCount(2);

  await test.step('page 2 holds entries 51–55, numbered on from the first page', async () => {
    await dots.getByRole('button', { name: 'Page 2' }).click();
    await expect(rows).toHaveCount(5);
    await expect(rows.first()).toContainText('51');
    await expect(rows.first()).toContainText(picked[50]!.title);
    await page.screenshot({ path: testInfo.outputPath('long-playlist-page-2.png') });
  });

  await test.step('Play all from page 2 queues all 55 entries in order and plays the first', async () => {
    await main(page).getByRole('button', { name: 'Play all' }).click();
    await expect(page.getByTestId('now-playing-title')).toHaveText(picked[0]!.title);
    await expect.poll(() => queuedTitles(page)).toEqual(picked.map((track) => track.title));
  });

  await test.step("moving page 2's first entry up sends it to page 1's last place", async () => {
    await rows.first().getByRole('button', { name: `Move ${picked[50]!.title} up` }).click();
    await expect(rows.first()).toContainText(picked[49]!.title);
    await dots.getByRole('button', { name: 'Page 1' }).click();
    await expect(rows.nth(49)).toContainText(picked[50]!.title);
    const answer = await page.request.get(`/api/playlists/${playlist.id}`);
    const order = ((await answer.json()) as { entries: Array<{ track: { title: string } }> }).entries.map((entry) => entry.track.title);
    expect(order).toEqual([...picked.slice(0, 49), picked[50]!, picked[49]!, ...picked.slice(51)].map((track) => track.title));
  });
  await context.close();
});
