import { expect, test, type Page } from '../support/test.js';
import {
  newAccount,
  nowPlayingTitle,
  playerBar,
  playFromList,
  signUpViaApi,
  skipTermsModal,
  waitForPlaybackPast,
  type ApiTrack,
  listensOf,
} from '../support/app.js';
import { demoRun } from '../support/player.js';

test.beforeEach(async ({ context }) => {
  await skipTermsModal(context);
});


/** The listens the page reports, as track ids, in order. */
function recordListenPosts(page: Page): string[] {
  const posted: string[] = [];
  page.on('request', (request) => {
    const match = /\/api\/tracks\/([^/]+)\/listens$/.exec(new URL(request.url()).pathname);
    if (request.method() === 'POST' && match) posted.push(decodeURIComponent(match[1]!));
  });
  return posted;
}

test('a play records one listen per start, not on resume; history is kept on the server and locally', async ({ page, request }) => {
  await signUpViaApi(page, newAccount('Lena Listens'));
  await page.goto('/home');
  const [first, second] = (await demoRun(page, 2)).run as [string, string];
  const tracks = (await request.get('/api/tracks', { params: { pageSize: 100 } }).then((r) => r.json())) as { items: ApiTrack[] };
  const idOf = (title: string) => tracks.items.find((track) => track.title === title)!.id;
  const posted = recordListenPosts(page);
  const bar = playerBar(page);
  const before = { first: await listensOf(request, idOf(first)), second: await listensOf(request, idOf(second)) };

  await test.step('a start counts one listen', async () => {
    await playFromList(page, first);
    await expect(nowPlayingTitle(page)).toHaveText(first);
    await waitForPlaybackPast(page, 0.3);
    await expect.poll(() => listensOf(request, idOf(first))).toBe(before.first + 1);
    expect(posted).toEqual([idOf(first)]);
  });

  await test.step('pause and resume: no new listen', async () => {
    await bar.getByRole('button', { name: 'Pause', exact: true }).click();
    await expect(bar.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
    await bar.getByRole('button', { name: 'Play', exact: true }).click();
    await waitForPlaybackPast(page, 0.6);
    await page.waitForTimeout(500);
    expect(posted).toEqual([idOf(first)]);
    expect(await listensOf(request, idOf(first))).toBe(before.first + 1);
  });

  await test.step('next starts the second track: one listen for it', async () => {
    await bar.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(nowPlayingTitle(page)).toHaveText(second);
    await waitForPlaybackPast(page, 0.3);
    await expect.poll(() => listensOf(request, idOf(second))).toBe(before.second + 1);
    expect(posted).toEqual([idOf(first), idOf(second)]);
  });

  await test.step('the signed-in history on the server, and the local histories', async () => {
    await expect
      .poll(async () => {
        const response = await page.request.get('/api/me/history');
        const body = (await response.json()) as { items: { track: ApiTrack }[] };
        return body.items.map((item) => item.track.id);
      })
      .toEqual([idOf(second), idOf(first)]);
    const local = await page.evaluate(() => ({
      trackHistory: (JSON.parse(localStorage.getItem('trackHistory') ?? '[]') as { id: string }[]).map((track) => track.id),
      session: (JSON.parse(sessionStorage.getItem('history') ?? '[]') as { id: string }[]).map((track) => track.id),
    }));
    expect(local.trackHistory).toEqual([idOf(second), idOf(first)]);
    expect(local.session).toEqual([idOf(second), idOf(first)]);
  });
});
