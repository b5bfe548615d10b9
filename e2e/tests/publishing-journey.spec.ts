import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Frame, type Page } from '../support/test.js';
import { unique, waitForPlaybackPast } from '../support/app.js';
import { APP_URL } from '../support/env.js';
import { openSession, removeUploadedTracks, signedInAccount } from '../support/library.js';
import { levelStages, recordGainStage } from '../support/player.js';
import { expectedRaise, quietWav } from '../support/quiet-wav.js';

// The EP's tracks would lead the home list of the journeys after this one: remove them.
test.afterEach(removeUploadedTracks);

const headers = { origin: APP_URL };

/** Another site: a tiny HTTP server on a port of its own (another origin) answering one page. */
async function otherSite(html: string): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((_request, response) => {
    response.setHeader('content-type', 'text/html; charset=utf-8');
    response.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

async function frameAt(page: Page, prefix: string): Promise<Frame> {
  let found: Frame | undefined;
  await expect.poll(() => (found = page.frames().find((frame) => frame.url().startsWith(prefix))) !== undefined, { message: `a frame at ${prefix}` }).toBe(true);
  return found!;
}

type ReleaseTrack = { id: string; title: string; audio?: { status: string; loudness: number | null; truePeak: number | null } };

/**
 * Issue 13's journey: an artist uploads an EP of three (quiet) files as one unlisted release
 * scheduled a little ahead; a listener holding its secret link plays it at once, one without it
 * finds nothing; when the server's every-minute `track-publish` job makes it public, the follower
 * gets ONE "new release" notification that leads to it, plays it with loudness normalization on
 * (each track raised by its measured loudness), and embeds a track in a page of another site
 * (another port) through its oEmbed answer. No test hook: the real job, so it waits up to ~3 minutes.
 */
test('an EP of three files scheduled ahead: secret link, public on time with one notification, normalized playback, embedded elsewhere', async ({ browser }, testInfo) => {
  test.setTimeout(300_000);
  const artist = await openSession(browser);
  const fan = await openSession(browser);
  const stranger = await openSession(browser);
  try {
    for (const session of [artist, fan]) await session.context.addInitScript(() => window.localStorage.setItem('acceptedCopyright', 'true'));
    await recordGainStage(fan.context);
    const artistName = unique('Scheduled Label');
    await signedInAccount(artist.page, artistName);
    const artistId = ((await (await artist.page.request.get('/api/me')).json()) as { profile: { id: string } }).profile.id;
    await signedInAccount(fan.page, unique('Waiting Fan'));
    expect((await fan.page.request.put(`/api/artists/${artistId}/subscription`, { headers })).status()).toBe(200);

    // The studio's New release: three files at once, unlisted, released at the next minute but one.
    const page = artist.page;
    const epTitle = unique('Dawn Patrol EP');
    const files = [8, 6, 5].map((seconds) => quietWav(seconds));
    await page.goto('/home?tab=menu');
    await page.getByRole('button', { name: 'New release' }).click();
    const form = page.getByRole('dialog', { name: 'New release' }).getByRole('form', { name: 'New release' });
    await form.getByLabel('Release title').fill(epTitle);
    await form.getByLabel('Type').selectOption('ep');
    await form.getByLabel('Upload files').setInputFiles([
      { name: 'First Light.wav', mimeType: 'audio/wav', buffer: files[0]! },
      { name: 'Sunrise.wav', mimeType: 'audio/wav', buffer: files[1]! },
      { name: 'Morning Train.wav', mimeType: 'audio/wav', buffer: files[2]! },
    ]);
    await expect(form.getByTestId('release-item')).toHaveCount(3);
    await form.getByLabel('Visibility').selectOption('unlisted');
    // A datetime-local value in the browser's zone, whole minutes: at least a minute ahead.
    const at = await page.evaluate(() => {
      const date = new Date(Date.now() + 120_000);
      date.setSeconds(0, 0);
      return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
    });
    await form.getByLabel('Release on (optional)').fill(at);
    await form.getByRole('button', { name: 'Create release' }).click();
    await expect(form.getByRole('status')).toContainText('Release created.');
    const href = await form.getByTestId('release-form-link').getAttribute('href');
    const releaseId = href!.split('/').pop()!;

    // Its artist sees the badge and the secret link in the studio's edit.
    await form.getByTestId('release-form-link').click();
    await expect(page.getByTestId('release-access-badge')).toContainText('Unlisted');
    await expect(page.getByTestId('release-access-badge')).toContainText('public on');
    await page.screenshot({ path: testInfo.outputPath('1-owner-release-page.png') });
    const secret = ((await (await page.request.get(`/api/releases/${releaseId}`)).json()) as { secret: string }).secret;
    expect(secret).toBeTruthy();

    // Without the link: nothing, not even on the artist page or in search.
    await stranger.page.goto(`/release/${releaseId}`);
    await expect(stranger.page.getByRole('heading', { name: 'Release not found' })).toBeVisible();

    // With it: the page and every track play.
    await fan.page.goto(`/release/${releaseId}?s=${encodeURIComponent(secret)}`);
    const release = fan.page.getByTestId('release-page');
    await expect(release.getByRole('heading', { level: 1, name: epTitle })).toBeVisible();
    await expect(release.getByTestId('track-row')).toHaveCount(3);
    await expect(release.getByTestId('release-access-badge')).toHaveCount(0);
    await release.getByRole('button', { name: 'Play all' }).click();
    await waitForPlaybackPast(fan.page, 0.5);
    await fan.page.screenshot({ path: testInfo.outputPath('2-secret-link-playing.png') });
    expect((await (await fan.page.request.get('/api/notifications/unread')).json()) as { unread: number }).toMatchObject({ unread: 0 });

    // The job makes it public at its time: one notification for the release.
    await expect
      .poll(async () => ((await (await fan.page.request.get('/api/notifications/unread')).json()) as { unread: number }).unread, { timeout: 240_000, intervals: [5_000] })
      .toBe(1);
    await fan.page.goto('/notifications');
    const link = fan.page.getByRole('link', { name: `${artistName} released “${epTitle}”` });
    await expect(link).toBeVisible();
    await fan.page.screenshot({ path: testInfo.outputPath('3-notification.png') });
    await link.click();
    await expect(fan.page).toHaveURL(new RegExp(`/release/${releaseId}$`));
    await expect(fan.page.getByTestId('release-page').getByTestId('track-row')).toHaveCount(3);
    // Public now: the stranger finds it without a link.
    await stranger.page.goto(`/release/${releaseId}`);
    await expect(stranger.page.getByRole('heading', { level: 1, name: epTitle })).toBeVisible();

    const tracks = await test.step('the audio job measured each track (quiet masters, about −20 LUFS)', async () => {
      const read = async () => ((await (await fan.page.request.get(`/api/releases/${releaseId}`)).json()) as { tracks: ReleaseTrack[] }).tracks;
      await expect.poll(async () => (await read()).map((t) => t.audio?.status), { timeout: 90_000 }).toEqual(['ready', 'ready', 'ready']);
      return read();
    });

    await test.step('the follower plays it with normalization on: each track raised by its own loudness through the gain node', async () => {
      await fan.page.getByTestId('release-page').getByRole('button', { name: 'Play all' }).click();
      await waitForPlaybackPast(fan.page, 1);
      const first = tracks[0]!;
      expect(first.audio?.loudness).toBeLessThan(-17);
      const gain = expectedRaise(first.audio!.loudness!, first.audio!.truePeak!);
      expect(gain).toBeGreaterThan(1.3);
      await expect.poll(async () => (await levelStages(fan.page))[0]?.gain ?? 0).toBeCloseTo(gain, 2);
      await expect.poll(async () => (await levelStages(fan.page))[0]?.rms ?? 0).toBeGreaterThan(0.05);
      await fan.page.screenshot({ path: testInfo.outputPath('4-normalized-playback.png') });
    });

    await test.step('a track of it embedded in a page served from another port, by its oEmbed answer, plays there', async () => {
      const track = tracks[1]!;
      const answer = await fan.page.request.get(`/api/oembed?url=${encodeURIComponent(`${APP_URL}/track/${track.id}`)}&maxwidth=480`);
      expect(answer.status()).toBe(200);
      const oembed = (await answer.json()) as { type: string; html: string; title: string };
      expect(oembed.type).toBe('rich');
      const site = await otherSite(`<!doctype html><html><body><h1>A fan's blog</h1>${oembed.html}</body></html>`);
      try {
        await fan.page.goto(site.url);
        const frame = await frameAt(fan.page, `${APP_URL}/embed/track/${track.id}`);
        await expect(frame.locator('.embed__title')).toHaveText(track.title);
        await frame.getByRole('button', { name: 'Play' }).click();
        await expect.poll(() => frame.locator('audio').evaluate((audio: HTMLAudioElement) => audio.currentTime), { timeout: 20_000 }).toBeGreaterThan(0.5);
        await fan.page.screenshot({ path: testInfo.outputPath('5-embedded-elsewhere.png') });
      } finally {
        await site.close();
      }
    });
  } finally {
    for (const session of [artist, fan, stranger]) await session.context.close();
  }
});
