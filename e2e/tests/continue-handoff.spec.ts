import { expect, test, type Browser, type Locator, type Page } from '../support/test.js';
import { audioState, nowPlayingTitle, playFromList, seekWithSlider, unique, waitForDemoCatalogue, waitForPlaybackPast, type ApiTrack } from '../support/app.js';
import { APP_URL } from '../support/env.js';
import { createPlaylistViaApi, main, openSession, signInViaApi, signedInAccount } from '../support/library.js';

/**
 * Issue 29, point 1: "Continue on this device" hands the music over. Device A plays; device B
 * (1280×800, then 375×812 with touch) shows a notice with A's live position that covers nothing
 * (the last playlist row's buttons, the remote panel, the mini player); Continue pauses A and
 * starts B where A was; "Not now" stays dismissed over a reload until something new plays elsewhere.
 */

/** B's size and language (the phone in Russian); A is a laptop in English. */
const SIZES = [
  { name: '1280×800', viewport: { width: 1280, height: 800 }, touch: false, language: 'en', quoted: (title: string) => `“${title}”`, continue: 'Continue', play: (title: string) => `Play ${title}` },
  { name: '375×812 touch, ru', viewport: { width: 375, height: 812 }, touch: true, language: 'ru', quoted: (title: string) => `«${title}»`, continue: 'Продолжить', play: (title: string) => `Играть «${title}»` },
] as const;

let demo: ApiTrack[] = [];

test.beforeAll(async ({ request }) => {
  demo = await waitForDemoCatalogue(request);
});

async function openDevice(browser: Browser, size: (typeof SIZES)[number]) {
  const context = await browser.newContext({ baseURL: APP_URL, locale: 'en-US', viewport: size.viewport, hasTouch: size.touch, isMobile: size.touch });
  await context.addInitScript((language) => {
    window.localStorage.setItem('acceptedTerms', 'true');
    window.localStorage.setItem('language', language);
  }, size.language);
  return { context, page: await context.newPage() };
}

/** "m:ss" in the notice's text, as seconds. */
async function noticeSeconds(notice: Locator): Promise<number> {
  const match = /(\d+):(\d\d)\s*$/.exec(((await notice.locator('.continue-banner__text').textContent()) ?? '').trim());
  if (!match) return Number.NaN;
  return Number(match[1]) * 60 + Number(match[2]);
}

function overlap(a: { x: number; y: number; width: number; height: number } | null, b: { x: number; y: number; width: number; height: number } | null): boolean {
  if (!a || !b) return false;
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** Records in the page when its audio first pauses (Date.now). */
async function recordPause(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __pausedAt?: number };
    for (const audio of document.querySelectorAll('audio')) audio.addEventListener('pause', () => (w.__pausedAt ??= Date.now()));
  });
}

/**
 * Where the audio heard in the page started: the earliest media time it has played (its `played`
 * ranges, kept by the browser, so a busy page's late events do not move it), once it plays.
 */
function startedAt(page: Page): Promise<number | null> {
  return page.evaluate(() => {
    const audio = document.querySelector('audio');
    if (!audio || audio.paused || audio.played.length === 0) return null;
    return audio.played.start(0);
  });
}

for (const size of SIZES) {
  test(`${size.name}: Continue on B pauses A and starts where A was; the notice is live, covers nothing and stays dismissed`, async ({ browser }, testInfo) => {
    // Two players, a playback past the server's first saves, three reloads.
    test.setTimeout(180_000);
    const track = demo.reduce((longest, candidate) => ((candidate.duration ?? 0) > (longest.duration ?? 0) ? candidate : longest));
    const other = demo.find((candidate) => candidate.id !== track.id)!;
    const a = await openSession(browser);
    const b = await openDevice(browser, size);
    try {
      const account = await signedInAccount(a.page, 'Handoff Listener');
      await signInViaApi(b.page, account);
      // B shows a playlist long enough to reach the notice at the bottom of the window.
      const playlist = await createPlaylistViaApi(a.page, unique('Handoff'));
      for (const entry of Array.from({ length: 12 }, (_, i) => demo[i % demo.length]!)) {
        const added = await a.page.request.post(`/api/playlists/${playlist.id}/tracks`, { data: { trackId: entry.id }, headers: { origin: APP_URL } });
        expect(added.status()).toBe(200);
      }

      await a.page.goto('/home');
      await playFromList(a.page, track.title);
      await waitForPlaybackPast(a.page, 3);

      await b.page.goto(`/home?tab=playlists-details&playlist=${playlist.id}`);
      const notice = b.page.getByTestId('continue-banner');
      // The first load of a page (and its language) on a busy machine: allow for it.
      await expect(notice).toContainText(size.quoted(track.title), { timeout: 30_000 });

      await test.step("the notice follows A's live position", async () => {
        // Past the server's last save (a moment after the start, then every 10 s).
        await waitForPlaybackPast(a.page, 8);
        await expect
          .poll(async () => {
            const shown = await noticeSeconds(notice);
            return Math.abs(shown - (await audioState(a.page)).currentTime);
          })
          // (The notice shows whole seconds; the last save's would be 5 s or more behind by now.)
          .toBeLessThan(3);
      });

      await test.step('the notice covers no button of the last row, nor the mini player, and is not under the remote panel', async () => {
        await b.page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        const rows = main(b.page).getByTestId('track-row');
        await expect(rows).toHaveCount(12);
        const box = await notice.boundingBox();
        expect(box).not.toBeNull();
        for (const button of await rows.last().getByRole('button').all()) {
          if (!(await button.isVisible())) continue;
          expect(overlap(await button.boundingBox(), box), `the notice covers “${await button.getAttribute('aria-label')}”`).toBe(false);
        }
        expect(overlap(await b.page.locator('.player-bar').boundingBox(), box), 'the notice overlaps the player').toBe(false);
        await b.page.screenshot({ path: testInfo.outputPath('notice.png') });
        if (!size.touch) {
          const open = b.page.getByRole('button', { name: 'Control another player (1)' });
          await open.click();
          const panel = b.page.getByTestId('remote-panel');
          await expect(panel).toBeVisible();
          expect(overlap(await panel.boundingBox(), await notice.boundingBox()), 'the notice is under the remote panel').toBe(false);
          await b.page.screenshot({ path: testInfo.outputPath('notice-remote-panel.png') });
          await open.click();
          await expect(panel).toHaveCount(0);
        }
      });

      await test.step('Continue: A pauses within a second, B starts within a second of where A stopped', async () => {
        // A busy machine takes its time over the steps above: A plays on from a quarter of the track, far from its end.
        const duration = await seekWithSlider(a.page, 0.25);
        await waitForPlaybackPast(a.page, duration * 0.25 + 1);
        await recordPause(a.page);
        // When the press reached B's page (the same clock as A's: one machine).
        await b.page.evaluate(() =>
          document.addEventListener(
            'click',
            (event) => {
              if ((event.target as Element).closest('[data-testid="continue-banner"] .button--primary')) (window as unknown as { __pressedAt?: number }).__pressedAt ??= Date.now();
            },
            true,
          ),
        );
        await notice.getByRole('button', { name: size.continue, exact: true }).click();
        await expect.poll(async () => (await audioState(a.page)).paused).toBe(true);
        const pausedAt = await a.page.evaluate(() => (window as unknown as { __pausedAt?: number }).__pausedAt ?? Number.NaN);
        const pressedAt = await b.page.evaluate(() => (window as unknown as { __pressedAt?: number }).__pressedAt ?? Number.NaN);
        expect(pausedAt - pressedAt).toBeLessThanOrEqual(1000);
        const stoppedAt = (await audioState(a.page)).currentTime;
        await expect.poll(() => startedAt(b.page)).not.toBeNull();
        const started = (await startedAt(b.page))!;
        expect(Math.abs(started - stoppedAt), `B started at ${started}, A stopped at ${stoppedAt}`).toBeLessThanOrEqual(1);
        testInfo.annotations.push({ type: 'handoff', description: `A paused ${pausedAt - pressedAt} ms after the press, at ${stoppedAt.toFixed(2)} s; B started at ${started.toFixed(2)} s` });
        await expect(nowPlayingTitle(b.page)).toHaveText(track.title);
        await expect(notice).toHaveCount(0);
        // A stays paused: it does not come back.
        expect((await audioState(a.page)).paused).toBe(true);
      });

      await test.step('"Not now" on A stays dismissed over a reload, until something new plays on B', async () => {
        const readQueue = (page: Page) => page.waitForResponse((response) => response.url().endsWith('/api/me/play-queue') && response.request().method() === 'GET');
        // B has saved what it plays.
        await b.page.waitForResponse((response) => response.url().endsWith('/api/me/play-queue') && response.request().method() === 'PUT');
        await a.page.reload();
        const offered = a.page.getByTestId('continue-banner');
        await expect(offered).toContainText(`“${track.title}”`);
        await offered.getByRole('button', { name: 'Not now' }).click();
        await expect(offered).toHaveCount(0);

        const read = readQueue(a.page);
        await a.page.reload();
        await read;
        await expect(a.page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        // The answer has been rendered (or not) by the next frame.
        await a.page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
        await expect(offered).toHaveCount(0);

        const saved = b.page.waitForResponse((response) => response.url().endsWith('/api/me/play-queue') && response.request().method() === 'PUT' && (response.request().postData() ?? '').includes(`"currentId":"${other.id}"`));
        await b.page.goto('/home');
        await b.page.getByTestId('track-row').getByRole('button', { name: size.play(other.title), exact: true }).click();
        await saved;
        await a.page.reload();
        await expect(offered).toContainText(`“${other.title}”`);
      });
    } finally {
      await a.context.close();
      await b.context.close();
    }
  });
}
