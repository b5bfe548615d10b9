import { expect, test, type Page } from '../support/test.js';
import { nowPlayingTitle, playerBar, playFromList, skipTermsModal, waitForPlaybackPast } from '../support/app.js';
import { demoRun, persistedPlayer, upNextPanel } from '../support/player.js';

test.use({ viewport: { width: 1280, height: 800 } });

test.beforeEach(async ({ context }) => {
  await skipTermsModal(context);
});

/** Up Next's titles: what follows the current track, in play order. */
async function upNextTitles(page: Page): Promise<string[]> {
  const bar = playerBar(page);
  await bar.getByRole('button', { name: 'Up next', exact: true }).click();
  const panel = upNextPanel(page);
  await expect(panel).toBeVisible();
  const titles = (await panel.locator('.up-next__track-title').allTextContents()).map((title) => title.trim());
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  return titles;
}

/** The element that plays is on `title`'s file and moving. */
async function expectAudioOf(page: Page, title: string, urlByTitle: Map<string, string>) {
  await expect(nowPlayingTitle(page)).toHaveText(title);
  const url = urlByTitle.get(title)!;
  await expect.poll(() => page.evaluate(() => document.querySelector('audio')!.currentSrc)).toContain(url);
}

test('shuffle plays every queued track once, in a new order, before any repeats; off gives the list order back', async ({ page }, testInfo) => {
  await page.goto('/home');
  const { titles, run } = await demoRun(page, 1);
  const bar = playerBar(page);
  const shuffle = bar.getByRole('button', { name: 'Shuffle', exact: true });
  const urlByTitle = new Map<string, string>();

  await playFromList(page, run[0]!);
  await waitForPlaybackPast(page, 0.3);
  // The queue is the whole list; its files, from the persisted queue.
  const queue = ((await persistedPlayer(page)).queue ?? []) as { track: { title: string; url: string } }[];
  expect(queue.map((entry) => entry.track.title)).toEqual(titles);
  for (const entry of queue) urlByTitle.set(entry.track.title, entry.track.url);
  const size = titles.length;
  expect(size, 'a queue to shuffle').toBeGreaterThanOrEqual(6);

  let order: string[] = [];
  await test.step('shuffle on: the current track stays, the others follow in a shuffled order', async () => {
    // A shuffle may by chance keep the list order; a new one is drawn each time it is turned on.
    for (let attempt = 0; attempt < 4; attempt += 1) {
      await shuffle.click();
      await expect(shuffle).toHaveAttribute('aria-pressed', 'true');
      order = [run[0]!, ...(await upNextTitles(page))];
      if (order.join('\n') !== [run[0]!, ...titles.filter((title) => title !== run[0])].join('\n')) break;
      await shuffle.click();
    }
    expect([...order].sort()).toEqual([...titles].sort());
    expect(order).not.toEqual([run[0]!, ...titles.filter((title) => title !== run[0])]);
    await expect(nowPlayingTitle(page)).toHaveText(run[0]!);
    await page.screenshot({ path: testInfo.outputPath('shuffle-on.png') });
  });

  const repeat = bar.getByRole('button', { name: /^Repeat/ });
  await repeat.click();
  await expect(repeat).toHaveAccessibleName('Repeat all');
  await expect(repeat).toHaveAttribute('aria-pressed', 'true');

  const played = [run[0]!];
  await test.step('the first track ends by itself and the next of the shuffled order plays', async () => {
    await page.evaluate(() => {
      const audio = document.querySelector('audio')!;
      audio.currentTime = Math.max(0, audio.duration - 1.5);
    });
    await expect(nowPlayingTitle(page)).toHaveText(order[1]!, { timeout: 15_000 });
    await expectAudioOf(page, order[1]!, urlByTitle);
    played.push(order[1]!);
  });

  await test.step('Next walks the rest of the order, each track once, then wraps to the first', async () => {
    for (let i = 2; i <= size; i += 1) {
      await bar.getByRole('button', { name: 'Next', exact: true }).click();
      const expected = order[i % size]!;
      await expectAudioOf(page, expected, urlByTitle);
      played.push(expected);
    }
    // Every queued track once before any repeats, then the same order again.
    expect(new Set(played.slice(0, size)).size).toBe(size);
    expect(played[size]).toBe(played[0]);
    await waitForPlaybackPast(page, 0.3);
  });

  await test.step('the order holds across a reload while shuffle stays on', async () => {
    await page.reload();
    await expect(playerBar(page).getByRole('button', { name: 'Shuffle', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(nowPlayingTitle(page)).toHaveText(order[0]!);
    expect(await upNextTitles(page)).toEqual(order.slice(1));
  });

  await test.step('shuffle off: the list order comes back, the current track keeps playing', async () => {
    const shuffleAgain = playerBar(page).getByRole('button', { name: 'Shuffle', exact: true });
    await shuffleAgain.click();
    await expect(shuffleAgain).toHaveAttribute('aria-pressed', 'false');
    await expect(nowPlayingTitle(page)).toHaveText(order[0]!);
    const index = titles.indexOf(order[0]!);
    expect(await upNextTitles(page)).toEqual(titles.slice(index + 1));
    await page.screenshot({ path: testInfo.outputPath('shuffle-off.png') });
  });
});
