import { expect, test } from '../support/test.js';
import {
  audioState,
  listTracks,
  newAccount,
  nowPlayingTitle,
  playerBar,
  playFromList,
  rowTitles,
  seekWithSlider,
  trackRows,
  waitForPlaybackPast,
  skipTermsModal,
} from '../support/app.js';

test.beforeEach(async ({ context }) => {
  await skipTermsModal(context);
});

test('a new user signs up with email and plays a demo track: seek, previous/next wrap around, repeat', async ({ page }, testInfo) => {
  const account = newAccount('Nina Newcomer');
  const sidebar = page.getByRole('complementary', { name: 'Player sidebar' });
  const player = playerBar(page);
  const title = nowPlayingTitle(page);

  await test.step('create an account with the sidebar email form', async () => {
    await page.goto('/home');
    await sidebar.getByRole('button', { name: 'No account? Create one' }).click();
    const form = sidebar.getByRole('form', { name: 'Create account' });
    await form.getByLabel('Name', { exact: true }).fill(account.name);
    await form.getByLabel('Email', { exact: true }).fill(account.email);
    await form.getByLabel('Password', { exact: true }).fill(account.password);
    await form.getByRole('button', { name: 'Create account', exact: true }).click();

    await expect(sidebar.getByTestId('user-name')).toHaveText(account.name);
    await expect(sidebar.getByRole('button', { name: 'Sign out' })).toBeVisible();
    const me = await page.request.get('/api/me');
    expect(me.status()).toBe(200);
    expect(((await me.json()) as { user: { email: string } }).user.email).toBe(account.email);
  });

  // The home tab lists the catalogue's first page, the same as the API does.
  const apiPage = await listTracks(page.request, { page: 1, pageSize: 9 });
  const urlOf = new Map(apiPage.items.map((track) => [track.title, track.url]));
  const rows = trackRows(page);
  await expect.poll(() => rowTitles(rows)).toEqual(apiPage.items.map((track) => track.title));
  const titles = await rowTitles(rows);
  expect(titles.length, 'a list long enough to wrap around').toBeGreaterThanOrEqual(3);
  const first = titles[0]!;
  const second = titles[1]!;
  const last = titles.at(-1)!;

  const expectNowPlaying = async (expected: string) => {
    await expect(title).toHaveText(expected);
    await expect.poll(async () => (await audioState(page)).src).toBe(new URL(urlOf.get(expected)!, page.url()).href);
    await waitForPlaybackPast(page, 0.5);
  };

  await test.step('click a track: it plays and the bar shows its title', async () => {
    await expect(title).toHaveText('Nothing playing');
    await playFromList(page, first);
    await expectNowPlaying(first);
    await expect(rows.first()).toHaveAttribute('aria-current', 'true');
    await expect(player.getByRole('button', { name: 'Pause', exact: true })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('1-signed-up-and-playing.png') });
  });

  await test.step('seek with the progress slider', async () => {
    const before = await audioState(page);
    expect(before.currentTime).toBeLessThan(before.duration * 0.2);
    const duration = await seekWithSlider(page, 0.55);
    // A jump, not playback catching up: past 40% within a moment of the click.
    await waitForPlaybackPast(page, duration * 0.4, 3_000);
    await expect(player.getByTestId('elapsed')).not.toHaveText('0:00');
    await page.screenshot({ path: testInfo.outputPath('2-seeked-to-the-middle.png') });
  });

  await test.step('previous from the first track wraps to the last; next from the last wraps to the first', async () => {
    await player.getByRole('button', { name: 'Previous', exact: true }).click();
    await expectNowPlaying(last);
    await page.screenshot({ path: testInfo.outputPath('3-previous-wrapped-to-last.png') });
    await player.getByRole('button', { name: 'Next', exact: true }).click();
    await expectNowPlaying(first);
    await player.getByRole('button', { name: 'Next', exact: true }).click();
    await expectNowPlaying(second);
  });

  await test.step('repeat: the track that ends starts again', async () => {
    // Repeat cycles off → all → one.
    const repeat = player.getByRole('button', { name: /^Repeat/ });
    await repeat.click();
    await repeat.click();
    await expect(repeat).toHaveAccessibleName('Repeat one');
    await expect(repeat).toHaveAttribute('aria-pressed', 'true');
    await page.evaluate(() => {
      const audio = document.querySelector('audio')!;
      const marked = window as unknown as { __ended: number };
      marked.__ended = 0;
      audio.addEventListener('ended', () => (marked.__ended += 1));
    });
    const duration = await seekWithSlider(page, 0.97);
    await waitForPlaybackPast(page, duration * 0.9, 3_000);
    // Back near the start, of the same track, and playing on.
    await page.waitForFunction(() => (window as unknown as { __ended: number }).__ended >= 1, undefined, { timeout: 15_000 });
    await page.waitForFunction(() => document.querySelector('audio')!.currentTime < 3);
    await expectNowPlaying(second);
    await page.screenshot({ path: testInfo.outputPath('4-repeat-restarted.png') });
  });
});
