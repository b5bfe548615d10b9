import { expect, test } from '../support/test.js';
import {
  audioState,
  expectPlaybackAdvancing,
  nowPlayingTitle,
  playFromList,
  rowTitles,
  trackRows,
  waitForPlaybackPast,
  skipTermsModal,
} from '../support/app.js';
import { GOOGLE_USER, OIDC_ISSUER } from '../support/env.js';

test.beforeEach(async ({ context }) => {
  await skipTermsModal(context);
});

test('Google sign-in through the popup keeps the page and the music going', async ({ page, context }, testInfo) => {
  const sidebar = page.getByRole('complementary', { name: 'Player sidebar' });
  await page.goto('/home');
  const google = sidebar.getByRole('button', { name: 'Sign in with Google' });
  await expect(google).toBeVisible();

  await expect(trackRows(page).first()).toBeVisible();
  const first = (await rowTitles(trackRows(page)))[0]!;
  await playFromList(page, first);
  await expect(nowPlayingTitle(page)).toHaveText(first);
  await waitForPlaybackPast(page, 0.5);

  // Anything the page holds in memory survives only if nothing reloads it.
  await page.evaluate(() => {
    (window as unknown as { __marker: number }).__marker = 1;
  });
  const visited: string[] = [];
  context.on('request', (request) => visited.push(request.url()));

  const popupOpened = page.waitForEvent('popup');
  await google.click();
  const popup = await popupOpened;
  if (!popup.isClosed()) await popup.waitForEvent('close', { timeout: 30_000 });

  // The popup went to the provider, came back through the callback to /auth/done, and closed.
  expect(visited.some((url) => url.startsWith(`${OIDC_ISSUER}/authorize`))).toBe(true);
  expect(visited.some((url) => new URL(url).pathname === '/api/auth/callback/google')).toBe(true);
  expect(visited.some((url) => new URL(url).pathname === '/auth/done')).toBe(true);

  await expect(sidebar.getByTestId('user-name')).toHaveText(GOOGLE_USER.name);
  await expect(sidebar.getByRole('button', { name: 'Sign out' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);

  // Still the same track, still playing.
  await expect(nowPlayingTitle(page)).toHaveText(first);
  expect((await audioState(page)).paused).toBe(false);
  await expectPlaybackAdvancing(page, 1);
  await page.screenshot({ path: testInfo.outputPath('signed-in-with-google-still-playing.png') });

  const me = await page.request.get('/api/me');
  expect(me.status()).toBe(200);
  expect(((await me.json()) as { user: { email: string; name: string } }).user).toMatchObject({
    email: GOOGLE_USER.email,
    name: GOOGLE_USER.name,
  });
});
