import { expect, test, type Locator, type Page } from '../support/test.js';
import { audioState, expectPlaybackAdvancing, playerBar, skipTermsModal, unique, waitForDemoCatalogue, waitForPlaybackPast, type ApiTrack } from '../support/app.js';
import {
  main,
  openSession,
  signedInAccount,
  markNoReload,
  stillNotReloaded,
} from '../support/library.js';

/** Waveforms and timed comments (issue 4): the track page, the player bar, and live comments between two browsers. */

interface ApiComment {
  id: string;
  text: string;
  positionSec: number | null;
}

let demo: ApiTrack[] = [];

test.beforeAll(async ({ request }) => {
  demo = await waitForDemoCatalogue(request);
});

/** The comments panel that is part of the track page (the player bar opens another one). */
function pagePanel(page: Page): Locator {
  return main(page).getByRole('complementary', { name: 'Comments' });
}

function pageWaveform(page: Page): Locator {
  return main(page).getByTestId('waveform');
}

function commentItem(panel: Locator, text: string): Locator {
  return panel.getByTestId('comment').filter({ hasText: text });
}

/** Clicks a waveform at a fraction of its width, as a listener does. */
async function clickAt(waveform: Locator, fraction: number): Promise<void> {
  const box = await waveform.boundingBox();
  if (!box) throw new Error('the waveform is not visible');
  await waveform.click({ position: { x: box.width * fraction, y: box.height / 2 } });
}

async function openTrackPage(page: Page, track: ApiTrack): Promise<void> {
  await page.goto(`/track/${encodeURIComponent(track.id)}`);
  await expect(main(page).getByRole('heading', { level: 1, name: track.title })).toBeVisible();
}



test('a timed comment shows on the waveform and live in another browser; its author deletes it', async ({ browser }) => {
  const track = demo.find((candidate) => (candidate.duration ?? 0) >= 25) ?? demo[0]!;
  const writer = await openSession(browser);
  const reader = await openSession(browser);
  try {
    await signedInAccount(writer.page, 'Comment Writer');
    await signedInAccount(reader.page, 'Comment Reader');

    await openTrackPage(reader.page, track);
    await expect(pagePanel(reader.page)).toBeVisible();
    await markNoReload(reader.page);

    await openTrackPage(writer.page, track);
    await main(writer.page).getByRole('button', { name: 'Play', exact: true }).click();
    await waitForPlaybackPast(writer.page, 0.3);

    const text = unique('Timed comment');
    await test.step('seek to about 10 s on the waveform and comment at the current time', async () => {
      const { duration } = await audioState(writer.page);
      await clickAt(pageWaveform(writer.page), 10 / duration);
      await writer.page.waitForFunction(() => {
        const audio = document.querySelector('audio');
        return !!audio && audio.currentTime >= 9.5 && audio.currentTime < 16;
      });
      const panel = pagePanel(writer.page);
      await expect(panel.getByRole('checkbox', { name: 'At current time' })).toBeChecked();
      await panel.getByRole('textbox', { name: 'Write a comment' }).fill(`  ${text}  `);
      await panel.getByRole('button', { name: 'Post' }).click();
      const item = commentItem(panel, text);
      await expect(item).toBeVisible();
      await expect(item.getByTestId('comment-author')).toHaveText('Comment Writer');
      await expect(item.getByTestId('comment-at')).toHaveText(/^at 0:1\d$/);
      await expect(panel.getByRole('textbox', { name: 'Write a comment' })).toHaveValue('');
    });

    const comments = (await (await writer.page.request.get(`/api/tracks/${track.id}/comments`)).json()) as { items: ApiComment[] };
    const comment = comments.items.find((candidate) => candidate.text === text);
    expect(comment, 'the server stored the comment, trimmed').toBeTruthy();
    const positionSec = comment!.positionSec ?? -1;
    expect(positionSec).toBeGreaterThanOrEqual(9.5);
    expect(positionSec).toBeLessThan(16);

    await test.step('a marker shows on the waveform at the comment time', async () => {
      const waveform = pageWaveform(writer.page);
      const marker = waveform.locator(`[data-testid="waveform-comment-marker"][data-comment-id="${comment!.id}"]`);
      await expect(marker).toBeVisible();
      await expect(marker).toHaveAttribute('title', `Comment Writer: ${text}`);
      const { duration } = await audioState(writer.page);
      const [box, markerBox] = [await waveform.boundingBox(), await marker.boundingBox()];
      const fraction = (markerBox!.x + markerBox!.width / 2 - box!.x) / box!.width;
      expect(Math.abs(fraction - positionSec / duration)).toBeLessThan(0.02);
      // The player bar's waveform marks it too.
      await expect(playerBar(writer.page).locator(`[data-testid="waveform-comment-marker"][data-comment-id="${comment!.id}"]`)).toHaveCount(1);
    });

    await test.step('the other browser gets it live, with its marker, and without Delete', async () => {
      const item = commentItem(pagePanel(reader.page), text);
      await expect(item).toBeVisible();
      await expect(item.getByTestId('comment-at')).toHaveText(/^at 0:1\d$/);
      await expect(item.getByRole('button', { name: /^Delete/ })).toHaveCount(0);
      await expect(pageWaveform(reader.page).locator(`[data-comment-id="${comment!.id}"]`)).toHaveCount(1);
    });

    await test.step('the player bar opens the same comments for the current track', async () => {
      await playerBar(writer.page).getByRole('button', { name: 'Comments' }).click();
      const dock = writer.page.getByTestId('comments-panel').and(writer.page.locator('.comments-panel--dock'));
      await expect(dock.getByRole('heading', { name: 'Comments' })).toBeVisible();
      await expect(commentItem(dock, text)).toBeVisible();
      await dock.getByRole('button', { name: 'Close comments' }).click();
      await expect(dock).toHaveCount(0);
    });

    const replyText = unique('A reply');
    await test.step('the other browser replies: the reply sits under the comment, and its author hears of it', async () => {
      const panel = pagePanel(reader.page);
      await commentItem(panel, text).getByRole('button', { name: 'Reply to Comment Writer' }).click();
      const form = panel.getByRole('form', { name: 'Reply to Comment Writer' });
      await expect(form.getByRole('textbox')).toHaveValue('@Comment Writer ');
      await form.getByRole('textbox').fill(`@Comment Writer ${replyText}`);
      await form.getByRole('button', { name: 'Reply' }).click();
      await expect(form).toHaveCount(0);
      const thread = commentItem(pagePanel(writer.page), text).first();
      await expect(thread.getByRole('list', { name: '1 reply' }).getByTestId('comment-text')).toHaveText(`@Comment Writer ${replyText}`);
      await writer.page.goto('/notifications');
      await expect(main(writer.page).getByTestId('notification').filter({ hasText: `Comment Reader replied to your comment on “${track.title}”` })).toBeVisible();
      await openTrackPage(writer.page, track);
    });

    await test.step('the author deletes it; it disappears from the other browser live', async () => {
      await commentItem(pagePanel(writer.page), text).getByRole('button', { name: 'Delete the comment by Comment Writer' }).click();
      await expect(commentItem(pagePanel(writer.page), text)).toHaveCount(0);
      // The delete is sent once its Undo toast has gone.
      await expect(writer.page.getByTestId('undo-toast')).toContainText('Comment deleted');
      await expect(writer.page.getByTestId('undo-toast')).toHaveCount(0, { timeout: 20_000 });
      await expect(commentItem(pagePanel(reader.page), text)).toHaveCount(0);
      // Its thread went with it.
      await expect(commentItem(pagePanel(reader.page), replyText)).toHaveCount(0);
      await expect(pageWaveform(reader.page).locator(`[data-comment-id="${comment!.id}"]`)).toHaveCount(0);
    });
    expect(await stillNotReloaded(reader.page)).toBe(true);
  } finally {
    await writer.context.close();
    await reader.context.close();
  }
});

test.describe('the track page', () => {
  test.beforeEach(async ({ context }) => {
    await skipTermsModal(context);
  });

  test("an unknown track says 'Track not found' with a way home", async ({ page }) => {
    await page.goto('/track/no-such-track');
    await expect(page.getByRole('heading', { level: 1, name: 'Track not found' })).toBeVisible();
    await main(page).getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL(/\/home$/);
  });

  test('a demo track shows its waveform; a click at half its width plays from about half', async ({ page }) => {
    const track = demo[1]!;
    await openTrackPage(page, track);
    await expect(main(page).getByRole('link', { name: track.artist })).toHaveAttribute('href', `/artist/${track.artistId}`);
    const waveform = pageWaveform(page);
    await expect(waveform).toHaveAttribute('data-status', 'ready', { timeout: 60_000 });
    await expect(waveform).toHaveAttribute('role', 'slider');

    // Nothing plays yet: the click starts this track there.
    await clickAt(waveform, 0.5);
    await page.waitForFunction(() => {
      const audio = document.querySelector('audio');
      return !!audio && Number.isFinite(audio.duration) && audio.readyState >= 3 && !audio.paused;
    });
    await expectPlaybackAdvancing(page);
    let { currentTime, duration } = await audioState(page);
    expect(Math.abs(currentTime - duration / 2)).toBeLessThan(3);
    await expect(playerBar(page).getByTestId('now-playing-title')).toHaveText(track.title);
    await expect(playerBar(page).getByTestId('waveform')).toHaveAttribute('data-status', 'ready');

    // Now it is the current track: a click seeks it.
    await clickAt(waveform, 0.2);
    await expect.poll(async () => (await audioState(page)).currentTime).toBeLessThan(duration * 0.2 + 3);
    await clickAt(waveform, 0.5);
    await expect.poll(async () => Math.abs((await audioState(page)).currentTime - duration / 2)).toBeLessThan(3);
    ({ currentTime, duration } = await audioState(page));
    const shown = Number(await waveform.getAttribute('aria-valuenow'));
    expect(Math.abs(shown - currentTime)).toBeLessThan(3);

    // Arrow keys seek 5 s.
    await waveform.focus();
    const before = (await audioState(page)).currentTime;
    await page.keyboard.press('ArrowRight');
    await expect.poll(async () => (await audioState(page)).currentTime).toBeGreaterThan(before + 4);
  });
});
