import { expect, test, type Locator, type Page } from '../support/test.js';
import { newAccount, nowPlayingTitle, playerBar, playFromList, signUpViaApi, skipTermsModal, unique, waitForDemoCatalogue, type ApiTrack } from '../support/app.js';
import { APP_URL } from '../support/env.js';
import { createPlaylistViaApi, main, queuedTitles, removeUploadedTracks, uploadShortTrack } from '../support/library.js';
import { demoRun, upNextPanel } from '../support/player.js';

/*
 * Issue 29, point 7: playlists, the play queue and a release's tracks reorder by drag and drop,
 * with the mouse and with the keyboard alone (focus the row's grip, Space, arrows, Space), and the
 * order stays after a reload. Desktop and phone sizes.
 */

// The release journey's tracks would lead the home list of the journeys after it: remove them.
test.afterEach(removeUploadedTracks);

const SIZES = [
  { name: 'desktop', viewport: { width: 1280, height: 800 }, hasTouch: false },
  { name: 'phone', viewport: { width: 375, height: 812 }, hasTouch: true },
] as const;

/** Drags `handle` with the mouse onto the middle of `target`, in small steps as a hand does. */
async function mouseDrag(page: Page, handle: Locator, target: Locator): Promise<void> {
  await target.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await handle.scrollIntoViewIfNeeded();
  const from = await handle.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('the grip or the target row is not visible');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  const x = from.x + from.width / 2;
  const y = to.y + to.height / 2;
  for (let step = 1; step <= 12; step += 1) await page.mouse.move(x, from.y + from.height / 2 + ((y - from.y - from.height / 2) * step) / 12);
  await page.mouse.up();
}

/**
 * Moves the row of `handle` from place `from` (1-based) by `by` places with the keyboard: Space
 * picks it up, each arrow moves it one place, Space drops it; each step waits for what the live
 * region says (dnd-kit's announcements), pressing again a key the sensor was not yet listening for.
 */
async function keyboardDrag(page: Page, handle: Locator, from: number, by: number): Promise<void> {
  const live = page.locator('[id^="DndLiveRegion"]').first();
  await handle.focus();
  await page.keyboard.press('Space');
  await expect(live).toContainText('Picked up');
  for (let step = 1; step <= Math.abs(by); step += 1) {
    const place = from + Math.sign(by) * step;
    await expect(async () => {
      if (!(await live.textContent())?.includes(`moved to position ${place} of`)) await page.keyboard.press(by > 0 ? 'ArrowDown' : 'ArrowUp');
      await expect(live).toContainText(`moved to position ${place} of`, { timeout: 1_000 });
    }).toPass();
  }
  await page.keyboard.press('Space');
  await expect(live).toContainText(`dropped at position ${from + by} of`);
}

for (const size of SIZES) {
  test.describe(`${size.name} (${size.viewport.width}×${size.viewport.height})`, () => {
    test.use({ viewport: size.viewport, hasTouch: size.hasTouch });
    test.beforeEach(async ({ context }) => {
      await skipTermsModal(context);
      await context.addInitScript(() => window.localStorage.setItem('acceptedCopyright', 'true'));
    });

    test('a playlist: drag a track with the mouse and with the keyboard; the order is kept after a reload', async ({ page }, testInfo) => {
      const demo = (await waitForDemoCatalogue(page.request)).slice(0, 4);
      await signUpViaApi(page, newAccount('Drag Listener'));
      const playlist = await createPlaylistViaApi(page, unique('Drag mix'));
      for (const track of demo) {
        const added = await page.request.post(`/api/playlists/${playlist.id}/tracks`, { data: { trackId: track.id }, headers: { origin: APP_URL } });
        expect(added.status(), await added.text()).toBeLessThan(300);
      }
      const [a, b, c, d] = demo.map((track) => track.title) as [string, string, string, string];
      await page.goto(`/home?tab=playlists-details&playlist=${playlist.id}`);
      const list = main(page).getByRole('list', { name: 'Playlist tracks' });
      const titles = () => list.locator('.track-row__title').allTextContents();
      await expect.poll(titles).toEqual([a, b, c, d]);
      const grip = (title: string) => list.getByRole('button', { name: `Drag to reorder ${title}`, exact: true });
      const row = (index: number) => list.getByTestId('track-row').nth(index);

      await test.step('the mouse drags the first track onto the third', async () => {
        await mouseDrag(page, grip(a), row(2));
        await expect.poll(titles).toEqual([b, c, a, d]);
        await page.screenshot({ path: testInfo.outputPath(`playlist-dragged-${size.name}.png`) });
      });

      await test.step('the keyboard moves the last track up two places', async () => {
        await keyboardDrag(page, grip(d), 4, -2);
        await expect.poll(titles).toEqual([b, d, c, a]);
        await expect(grip(d)).toBeFocused();
      });

      await test.step('after a reload the playlist keeps the new order', async () => {
        // The server has it (the moves were saved), and the page shows it.
        await expect
          .poll(async () => ((await (await page.request.get(`/api/playlists/${playlist.id}`)).json()) as { entries: { track: ApiTrack }[] }).entries.map((entry) => entry.track.title))
          .toEqual([b, d, c, a]);
        await page.reload();
        await expect.poll(titles).toEqual([b, d, c, a]);
      });
    });

    test('the play queue: drag an Up Next entry with the mouse and with the keyboard; the order is kept after a reload', async ({ page }, testInfo) => {
      await page.goto('/home');
      const { titles: home, start, run } = await demoRun(page, 4);
      await playFromList(page, run[0]!);
      await expect(nowPlayingTitle(page)).toHaveText(run[0]!);
      // Up Next: the rest of the home list after the track that plays.
      const [b, c, d, ...rest] = home.slice(start + 1) as [string, string, string, ...string[]];
      const openUpNext = async () => {
        // A phone's mini player opens the full-screen player first, which has the Up next button.
        if (size.hasTouch) await playerBar(page).getByRole('button', { name: 'Open the full-screen player' }).click();
        await playerBar(page).getByRole('button', { name: 'Up next', exact: true }).click();
      };
      await openUpNext();
      const panel = upNextPanel(page);
      await expect(panel).toBeVisible();
      const titles = async () => (await panel.locator('.up-next__track-title').allTextContents()).map((title) => title.trim());
      await expect.poll(titles).toEqual([b, c, d, ...rest]);
      /** The stored queue after the current track. */
      const stored = async () => {
        const queue = await queuedTitles(page);
        return queue.slice(queue.indexOf(run[0]!) + 1);
      };
      const grip = (title: string) => panel.getByRole('button', { name: `Drag to reorder ${title}`, exact: true });
      const entry = (index: number) => panel.getByTestId('up-next-entry').nth(index);

      await test.step('the mouse drags the first entry onto the third', async () => {
        await mouseDrag(page, grip(b), entry(2));
        await expect.poll(titles).toEqual([c, d, b, ...rest]);
        await page.screenshot({ path: testInfo.outputPath(`queue-dragged-${size.name}.png`) });
      });

      await test.step('the keyboard moves the second entry to the top', async () => {
        await keyboardDrag(page, grip(d), 2, -1);
        await expect.poll(titles).toEqual([d, c, b, ...rest]);
      });

      await test.step('after a reload the queue keeps the new order', async () => {
        await expect.poll(stored).toEqual([d, c, b, ...rest]);
        await page.reload();
        await expect.poll(stored).toEqual([d, c, b, ...rest]);
        await openUpNext();
        await expect.poll(titles).toEqual([d, c, b, ...rest]);
      });
    });

    test("a release's tracks in the studio: drag with the mouse and with the keyboard, save; the order is kept after a reload", async ({ page }, testInfo) => {
      await signUpViaApi(page, { ...newAccount('Drag Artist'), email: `${unique('drag-artist')}@example.com` });
      const stamp = unique('t');
      const tracks = [];
      for (const name of ['One', 'Two', 'Three']) tracks.push(await uploadShortTrack(page, `${name} ${stamp}`, 'Pop'));
      const [one, two, three] = tracks.map((track) => track.title) as [string, string, string];
      const title = unique('Drag EP');
      const created = await page.request.post('/api/releases', { data: { title, type: 'ep', trackIds: tracks.map((track) => track.id) }, headers: { origin: APP_URL } });
      expect(created.status(), await created.text()).toBe(201);
      const release = (await created.json()) as { id: string };

      const openForm = async () => {
        await page.goto('/home?tab=menu');
        const mine = page.getByTestId('studio-release').filter({ hasText: title });
        await mine.getByRole('button', { name: 'Edit release' }).click();
        const dialog = page.getByRole('dialog', { name: 'Edit release' });
        await expect(dialog.getByTestId('release-item')).toHaveCount(3);
        return dialog;
      };
      const dialog = await openForm();
      const titles = async () => (await dialog.locator('.release-item__title').allTextContents()).map((text) => text.trim());
      await expect.poll(titles).toEqual([one, two, three]);
      const grip = (name: string) => dialog.getByRole('button', { name: `Drag to reorder ${name}`, exact: true });

      await test.step('the mouse drags the first track onto the last', async () => {
        await mouseDrag(page, grip(one), dialog.getByTestId('release-item').nth(2));
        await expect.poll(titles).toEqual([two, three, one]);
      });

      await test.step('the keyboard moves the last track up one place', async () => {
        await keyboardDrag(page, grip(one), 3, -1);
        await expect.poll(titles).toEqual([two, one, three]);
        await page.screenshot({ path: testInfo.outputPath(`release-dragged-${size.name}.png`) });
      });

      await test.step('saved, the release page and the form keep the new order after a reload', async () => {
        await dialog.getByRole('button', { name: 'Save', exact: true }).click();
        await expect
          .poll(async () => ((await (await page.request.get(`/api/releases/${release.id}`)).json()) as { tracks: ApiTrack[] }).tracks.map((track) => track.title))
          .toEqual([two, one, three]);
        await page.goto(`/release/${release.id}`);
        await expect.poll(() => main(page).getByTestId('track-row').locator('.track-row__title').allTextContents()).toEqual([two, one, three]);
        await page.reload();
        const again = await openForm();
        await expect.poll(async () => (await again.locator('.release-item__title').allTextContents()).map((text) => text.trim())).toEqual([two, one, three]);
      });
    });
  });
}
