import { expect, test } from '../support/test.js';
import {
  nowPlayingTitle,
  playerBar,
  playFromList,
  skipTermsModal,
} from '../support/app.js';
import { demoRun, recordSwipeMarkers, swipe, swipeMarkers } from '../support/player.js';

test.use({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });

test.beforeEach(async ({ context }) => {
  await skipTermsModal(context);
});

test('narrow screen: the bar is relative and scaled; swipes change track and open and close full screen, each with a 300 ms marker', async ({ page }, testInfo) => {
  await page.goto('/home');
  const [first, second] = (await demoRun(page, 2)).run as [string, string];
  const bar = playerBar(page);
  const title = nowPlayingTitle(page);

  await playFromList(page, first);
  await expect(title).toHaveText(first);

  await test.step('the bar: relative, scale 0.85, z-index 50', async () => {
    const style = await bar.evaluate((element) => {
      const computed = getComputedStyle(element);
      return { position: computed.position, transform: computed.transform, zIndex: computed.zIndex };
    });
    expect(style).toEqual({ position: 'relative', transform: 'matrix(0.85, 0, 0, 0.85, 0, 0)', zIndex: '50' });
    await bar.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath('mobile-bar.png') });
  });

  await recordSwipeMarkers(page);

  await test.step('swipe right: next track, swipe-right marker', async () => {
    await swipe(title, 120, 0);
    await expect(title).toHaveText(second);
    await expect.poll(async () => (await swipeMarkers(page)).map((marker) => marker.className)).toEqual([
      expect.stringContaining('swipe-right'),
    ]);
    // A swipe while a marker shows replaces it (a new key), cutting the first one short: let it
    // run its course before the next swipe, so the timing step below measures a whole marker.
    await expect.poll(async () => (await swipeMarkers(page))[0]?.shownMs ?? null).not.toBeNull();
  });

  await test.step('swipe left: previous track, swipe-left marker', async () => {
    await swipe(title, -120, 0);
    await expect(title).toHaveText(first);
    await expect.poll(async () => (await swipeMarkers(page)).at(-1)?.className).toContain('swipe-left');
    await expect.poll(async () => (await swipeMarkers(page)).at(-1)?.shownMs ?? null).not.toBeNull();
  });

  await test.step('each marker shows for about 300 ms', async () => {
    await expect.poll(async () => (await swipeMarkers(page)).every((marker) => marker.shownMs !== null)).toBe(true);
    // A MutationObserver sees the marker come and go, each a little late on a loaded machine, so
    // this bounds "a visible moment, then gone"; the 300 ms itself is SWIPE_MARKER_MS in the code.
    for (const marker of await swipeMarkers(page)) {
      expect(marker.shownMs).toBeGreaterThanOrEqual(150);
      expect(marker.shownMs).toBeLessThan(1000);
    }
  });

  await test.step('swipe up opens full screen, swipe down closes it', async () => {
    await swipe(title, 0, -120);
    await expect(bar).toHaveClass(/player-bar--full/);
    await expect(bar.getByRole('button', { name: 'Exit full screen', exact: true })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('mobile-full-screen.png') });
    await swipe(title, 0, 120);
    await expect(bar).not.toHaveClass(/player-bar--full/);
    await expect.poll(async () => (await swipeMarkers(page)).map((marker) => marker.className.split(' ').at(-1))).toEqual([
      'swipe-right',
      'swipe-left',
      'swipe-up',
      'swipe-down',
    ]);
  });

  await test.step('a short touch is a tap, not a swipe', async () => {
    await swipe(title, 10, 5);
    await page.waitForTimeout(400);
    await expect(title).toHaveText(first);
    expect(await swipeMarkers(page)).toHaveLength(4);
  });
});
