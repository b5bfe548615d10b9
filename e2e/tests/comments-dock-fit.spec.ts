import { expect, test, type Locator, type Page } from '../support/test.js';
import { newAccount, nowPlayingTitle, playerBar, playFromList, signUpViaApi, skipTermsModal, unique } from '../support/app.js';
import { removeUploadedTracks, uploadShortTrack } from '../support/library.js';

// The journey's track would lead the home list of the journeys after it: remove it.
test.afterEach(removeUploadedTracks);

/*
 * Issue 29, point 11: the comments panel that the player bar docks must fit the window (any window
 * at least 320 px wide and 600 px tall): on an artist page at 1280×720 it ran past the right edge,
 * its Post button and counter off-screen, so no comment could be sent.
 */

const SIZES = [
  { width: 1280, height: 720, touch: false },
  { width: 1280, height: 800, touch: false },
  { width: 375, height: 812, touch: true },
  { width: 320, height: 600, touch: true },
] as const;

/** Fails unless the whole of `locator` lies inside the window. */
async function expectInsideWindow(page: Page, locator: Locator, what: string): Promise<void> {
  const box = await locator.boundingBox();
  const { width, height } = page.viewportSize()!;
  expect(box, `${what} is shown`).not.toBeNull();
  expect(box!.x, `${what}: left edge`).toBeGreaterThanOrEqual(0);
  expect(box!.y, `${what}: top edge`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${what}: right edge within ${width}`).toBeLessThanOrEqual(width + 0.5);
  expect(box!.y + box!.height, `${what}: bottom edge within ${height}`).toBeLessThanOrEqual(height + 0.5);
}

for (const size of SIZES) {
  test.describe(`${size.width}×${size.height}`, () => {
    test.use({ viewport: { width: size.width, height: size.height }, hasTouch: size.touch });
    test.beforeEach(async ({ context }) => {
      await skipTermsModal(context);
    });

    test('on an artist page the docked comments panel fits the window and sends a comment', async ({ page }, testInfo) => {
      // An artist whose track has a long title: the panel's heading names it on one line.
      await signUpViaApi(page, { ...newAccount('Dock Artist'), email: `${unique('dock-artist')}@example.com` });
      const track = await uploadShortTrack(page, unique('An extraordinarily long track title that keeps going well past the width of any docked panel'), 'Pop');
      await page.goto(`/artist/${encodeURIComponent(track.artistId)}`);
      await expect(page.getByRole('heading', { level: 1, name: track.artist, exact: true })).toBeVisible();
      await playFromList(page, track.title);
      await expect(nowPlayingTitle(page)).toHaveText(track.title);

      // A phone's mini player opens the full-screen player first, which has the Comments button.
      if (size.touch) await playerBar(page).getByRole('button', { name: 'Open the full-screen player' }).click();
      await playerBar(page).getByRole('button', { name: 'Comments' }).click();
      const dock = page.getByTestId('comments-panel').and(page.locator('.comments-panel--dock'));
      await expect(dock.getByRole('heading', { name: 'Comments' })).toBeVisible();
      const text = unique('Docked comment');
      await dock.getByRole('textbox', { name: 'Write a comment' }).fill(text);
      const post = dock.getByRole('button', { name: 'Post' });
      await expect(dock.getByText(`${text.length}/500`)).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath(`dock-${size.width}x${size.height}.png`) });

      await expectInsideWindow(page, dock, 'the panel');
      await expectInsideWindow(page, post, 'the Post button');
      await expectInsideWindow(page, dock.getByText(`${text.length}/500`), 'the counter');
      await expectInsideWindow(page, dock.getByRole('button', { name: 'Close comments' }), 'the Close button');

      await post.click();
      await expect(dock.getByTestId('comment').filter({ hasText: text })).toBeVisible();
      await expect(dock.getByRole('textbox', { name: 'Write a comment' })).toHaveValue('');
      const comments = (await (await page.request.get(`/api/tracks/${track.id}/comments`)).json()) as { items: { text: string }[] };
      expect(comments.items.map((comment) => comment.text)).toContain(text);
    });
  });
}
