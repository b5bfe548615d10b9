import { expect, test } from '../support/test.js';
import { listTracks, newAccount, unique } from '../support/app.js';
import { APP_URL } from '../support/env.js';
import { main, openSession, removeUploadedTracks, signedInAccount, uploadShortTrack } from '../support/library.js';

// Uploads would lead the home list of the journeys after this one: remove them.
test.afterEach(removeUploadedTracks);

// Named to run after the journeys that pick demo tracks from page 1: an upload becomes the newest track.

test('a second browser sees a new track and the Top Charts change without a reload', async ({ browser, playwright }) => {
  const watcher = await openSession(browser);
  const artist = await openSession(browser);
  try {
    await watcher.page.goto('/home');
    await expect(main(watcher.page).getByRole('listitem').first()).toBeVisible();
    await watcher.page.evaluate(() => {
      (window as unknown as { __noReload: boolean }).__noReload = true;
    });

    await signedInAccount(artist.page, 'Live Artist');
    const title = unique('Live drop');
    const track = await uploadShortTrack(artist.page, title, 'Dance');
    await expect(main(watcher.page).getByText(title, { exact: true })).toBeVisible();

    // Top Charts: another track leads first; then the new one gets more listens than any, from several listeners.
    const [demo] = (await listTracks(artist.page.request, { genre: 'Rap' })).items;
    expect((await artist.page.request.post(`/api/tracks/${demo?.id}/listens`, { headers: { origin: APP_URL } })).status()).toBe(200);
    await watcher.page.goto('/home?tab=search');
    await watcher.page.evaluate(() => {
      (window as unknown as { __noReload: boolean }).__noReload = true;
    });
    const charts = watcher.page.getByRole('region', { name: 'Top Charts' });
    await expect(charts.getByRole('listitem').first()).toBeVisible();
    await expect(charts.getByRole('listitem').first()).not.toContainText(title);
    const top = (await listTracks(artist.page.request, { pageSize: 100 })).items.reduce((max, t) => Math.max(max, t.listens), 0);
    // Each listener is an account of its own, signed up and counted through the API (no page of
    // theirs is looked at), a few at a time: each sign-up hashes a password on the server.
    const listen = async (i: number) => {
      const listener = await playwright.request.newContext({ baseURL: APP_URL });
      try {
        const signedUp = await listener.post('/api/auth/sign-up/email', { data: newAccount(`Listener ${i}`), headers: { origin: APP_URL } });
        expect(signedUp.status(), await signedUp.text()).toBe(200);
        const counted = await listener.post(`/api/tracks/${track.id}/listens`, { headers: { origin: APP_URL } });
        expect(counted.status(), await counted.text()).toBe(200);
      } finally {
        await listener.dispose();
      }
    };
    const listeners = Array.from({ length: top + 1 }, (_, i) => i);
    for (let from = 0; from < listeners.length; from += 4) await Promise.all(listeners.slice(from, from + 4).map(listen));
    // The charts follow track.stats, refetched at most once per TRACK_STATS_REFETCH_MS (10 s, the
    // last ones trailing) after the server's coalesced stats (a second): up to ~11 s and a refetch.
    await expect(charts.getByRole('listitem').first()).toContainText(title, { timeout: 25_000 });
    expect(await watcher.page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
  } finally {
    await watcher.context.close();
    await artist.context.close();
  }
});
