import { expect, type Page, test } from '../support/test.js';
import { nowPlayingTitle, playerBar, rowTitles, skipTermsModal, trackRows, waitForDemoCatalogue, waitForPlaybackPast } from '../support/app.js';
import { upNextPanel } from '../support/player.js';

/** The player's queue length and current index, as it keeps them (localStorage, zustand's persist). */
async function playerQueue(page: Page): Promise<{ length: number; current: number }> {
  return page.evaluate(() => {
    const stored = JSON.parse(localStorage.getItem('platter-player') ?? '{}') as { state?: { queue?: unknown[]; current?: number | null } };
    return { length: stored.state?.queue?.length ?? 0, current: stored.state?.current ?? -1 };
  });
}

test.beforeEach(async ({ context }) => {
  await skipTermsModal(context);
});

/**
 * Radio (issue 14): "Start radio" from a track's sheet plays the track and fills Up Next with the
 * radio's tracks, each with its reason, under "Radio: <track>"; playing on keeps it filling (the
 * player asks for more whenever fewer than three are left), past the size of the catalogue.
 */
test('start radio from a track: the queue fills, and playing on keeps it filling', async ({ page }, testInfo) => {
  const demo = new Set((await waitForDemoCatalogue(page.request)).map((track) => track.title));
  await page.goto('/home');
  const rows = trackRows(page);
  await expect(rows.first()).toBeVisible();
  const seed = (await rowTitles(rows)).find((title) => demo.has(title))!;
  const player = playerBar(page);
  const panel = upNextPanel(page);
  const entries = panel.getByTestId('up-next-entry');

  await test.step("the track's sheet: Start radio", async () => {
    await page.getByRole('button', { name: `More actions for ${seed}`, exact: true }).click();
    await page.getByRole('button', { name: 'Start radio', exact: true }).click();
    await expect(page.getByText('Radio started', { exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(nowPlayingTitle(page)).toHaveText(seed);
    await waitForPlaybackPast(page, 0.3);
  });

  await test.step('Up Next shows the radio and why each track is there', async () => {
    await player.getByRole('button', { name: 'Up next', exact: true }).click();
    await expect(panel).toBeVisible();
    await expect(panel.getByTestId('radio-seed')).toHaveText(`Radio: ${seed}`);
    await expect.poll(() => entries.count()).toBeGreaterThanOrEqual(3);
    await expect(entries.first().getByTestId('radio-reason')).not.toBeEmpty();
    await page.screenshot({ path: testInfo.outputPath('radio-up-next.png') });
  });

  await test.step('playing on: the queue keeps filling, past the whole catalogue', async () => {
    const catalogue = (await page.request.get('/api/tracks?pageSize=100').then((r) => r.json())) as { total: number };
    const played: string[] = [seed];
    const first = await playerQueue(page);
    for (let i = 0; i < Math.min(catalogue.total, 12) + 3; i++) {
      const before = await nowPlayingTitle(page).textContent();
      await player.getByRole('button', { name: 'Next', exact: true }).click();
      await expect(nowPlayingTitle(page)).not.toHaveText(before ?? '');
      played.push((await nowPlayingTitle(page).textContent()) ?? '');
      // Something always waits: on a catalogue this small the radio comes round again to what was
      // played, keeping out only the last few tracks.
      await expect.poll(() => entries.count()).toBeGreaterThanOrEqual(1);
      // Next moved on in the queue: it never wrapped back to its start.
      await expect.poll(async () => (await playerQueue(page)).current).toBe(i + 1);
    }
    // The radio appended tracks on the way: the queue is longer than its first answer.
    await expect.poll(async () => (await playerQueue(page)).length).toBeGreaterThan(first.length);
    expect(first.length).toBeLessThan(Math.min(catalogue.total, 12) + 4);
    await expect(panel.getByTestId('radio-seed')).toHaveText(`Radio: ${seed}`);
    await waitForPlaybackPast(page, 0.3);
    expect(played.length).toBeGreaterThan(Math.min(catalogue.total, 12));
    // More tracks played than the first answer held: the queue was filled again on the way.
    expect(new Set(played).size).toBeGreaterThan(3);
  });
});
