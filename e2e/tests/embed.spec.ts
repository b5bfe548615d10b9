import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { expect, test, type Frame, type Page } from '../support/test.js';
import { listensOf, newAccount, signUpViaApi, waitForDemoCatalogue } from '../support/app.js';
import { APP_URL } from '../support/env.js';
import { main, openSession, openTrackSheet, removeUploadedTracks, rowOf, uploadShortTrack } from '../support/library.js';

test.afterEach(removeUploadedTracks);

/** The embed page's JavaScript budget (issue 13): 50 KB gzip. */
const EMBED_JS_BUDGET = 50 * 1024;

/** Another site: a tiny HTTP server on a port of its own (another origin) answering one page. */
async function otherSite(html: string): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((_request, response) => {
    response.setHeader('content-type', 'text/html; charset=utf-8');
    response.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The frame of the page whose address starts with `prefix`, once it is there. */
async function frameAt(page: Page, prefix: string): Promise<Frame> {
  let found: Frame | undefined;
  await expect.poll(() => (found = page.frames().find((frame) => frame.url().startsWith(prefix))) !== undefined, { message: `a frame at ${prefix}` }).toBe(true);
  return found!;
}

const currentTime = (frame: Frame) => frame.locator('audio').evaluate((audio: HTMLAudioElement) => audio.currentTime);

test('a track embedded in a page of another site loads, plays, counts the listen and links back to Platter', async ({ browser }) => {
  const { context, page } = await openSession(browser);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: APP_URL });
  const demo = (await waitForDemoCatalogue(page.request))[0]!;
  let code = '';

  await test.step('"Copy embed code" in the track\'s sheet copies an iframe of /embed/track/:id', async () => {
    await page.goto(`/artist/${demo.artistId}`);
    await expect(rowOf(main(page).getByRole('list', { name: 'Tracks', exact: true }), demo.title)).toBeVisible();
    const sheet = await openTrackSheet(page, demo.title);
    await sheet.getByRole('button', { name: 'Copy embed code' }).click();
    await expect(sheet.getByRole('status')).toHaveText("Embed code copied: paste it into your site's HTML.");
    code = await page.evaluate(() => navigator.clipboard.readText());
    expect(code).toMatch(new RegExp(`^<iframe src="${APP_URL}/embed/track/${demo.id}" width="100%" height="166" `));
    await page.keyboard.press('Escape');
  });

  // A track of its own, never played: its first play must count.
  await signUpViaApi(page, newAccount('Emma Embed'));
  const fresh = await uploadShortTrack(page, `Embedded ${Date.now().toString(36)}`, 'Pop');
  const dark = code.replace(`/embed/track/${demo.id}"`, `/embed/track/${demo.id}?theme=dark"`);
  const site = await otherSite(`<!doctype html><html><head><meta charset="utf-8"><title>A blog</title></head>
    <body style="margin:16px;background:#f1efe9;font-family:sans-serif">
      <h1>My blog</h1>
      <div id="light" style="width:600px">${code}</div>
      <div id="dark" style="width:600px;margin-top:12px">${dark}</div>
      <iframe id="fresh" src="${APP_URL}/embed/track/${fresh.id}" width="400" height="140" style="border:0"></iframe>
      <iframe id="app" src="${APP_URL}/track/${demo.id}" width="400" height="140"></iframe>
    </body></html>`);
  const framingRefused: string[] = [];
  page.on('console', (message) => {
    if (/frame-ancestors/.test(message.text())) framingRefused.push(message.text());
  });

  try {
    await page.goto(site.url);
    const light = await frameAt(page, `${APP_URL}/embed/track/${demo.id}`);
    const darkFrame = await frameAt(page, `${APP_URL}/embed/track/${demo.id}?theme=dark`);
    const freshFrame = await frameAt(page, `${APP_URL}/embed/track/${fresh.id}`);

    await test.step('the embed loads in the frame (not refused), with the title, artist and a link back that opens Platter', async () => {
      await expect(light.locator('.embed__title')).toHaveText(demo.title);
      await expect(light.locator('.embed__artist')).toHaveText(demo.artist);
      await expect(light.getByRole('link', { name: 'Platter' })).toHaveAttribute('href', `${APP_URL}/track/${demo.id}`);
      await expect(light.getByRole('link', { name: 'Platter' })).toHaveAttribute('target', '_blank');
      await expect(light.locator('.embed__title')).toHaveAttribute('href', `${APP_URL}/track/${demo.id}`);
      await expect(darkFrame.locator('html')).toHaveAttribute('data-theme', 'dark');
      // The rest of Platter keeps refusing to be framed: the track page's frame is Chromium's error page.
      await expect.poll(() => page.frames().some((frame) => frame.url().startsWith('chrome-error://'))).toBe(true);
      expect(framingRefused.join('\n')).toContain(`Framing '${APP_URL}/' violates`);
      expect(framingRefused.some((text) => text.includes('/embed/'))).toBe(false);
    });

    await test.step('its JavaScript stays within 50 KB gzip', async () => {
      const scripts = await light.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((entry) => entry.name)
          .filter((name) => new URL(name).pathname.endsWith('.js')),
      );
      expect(scripts.length).toBeGreaterThan(0);
      let total = 0;
      for (const url of scripts) {
        const response = await page.request.get(url, { headers: { 'accept-encoding': 'identity' } });
        expect(response.status(), url).toBe(200);
        total += gzipSync(await response.body(), { level: 9 }).length;
      }
      console.log(`embed page JavaScript: ${scripts.length} files, ${(total / 1024).toFixed(1)} KB gzip`);
      expect(total).toBeLessThanOrEqual(EMBED_JS_BUDGET);
    });

    await test.step('play plays: the audio advances; a click on the waveform seeks', async () => {
      await light.getByRole('button', { name: 'Play' }).click();
      await expect(light.getByRole('button', { name: 'Pause' })).toBeVisible();
      await expect.poll(() => currentTime(light), { timeout: 20_000 }).toBeGreaterThan(0.5);
      const wave = light.getByRole('slider', { name: 'Seek' });
      const box = (await wave.boundingBox())!;
      await wave.click({ position: { x: box.width * 0.75, y: box.height / 2 } });
      const duration = demo.duration ?? 0;
      await expect.poll(() => currentTime(light)).toBeGreaterThan(duration * 0.6);
      await expect(light.locator('.embed__current')).not.toHaveText('0:00');
      await light.getByRole('button', { name: 'Pause' }).click();
      await expect(light.getByRole('button', { name: 'Play' })).toBeVisible();
    });

    await test.step('a play in the frame counts a listen, as the main player does (no session needed)', async () => {
      const before = await listensOf(page.request, fresh.id);
      const posted = page.waitForResponse((response) => response.url() === `${APP_URL}/api/tracks/${fresh.id}/listens` && response.request().method() === 'POST');
      await freshFrame.getByRole('button', { name: 'Play' }).click();
      const response = await posted;
      expect(response.status()).toBe(200);
      expect(await response.json()).toMatchObject({ trackId: fresh.id, counted: true, listens: before + 1 });
      await expect.poll(() => listensOf(page.request, fresh.id)).toBe(before + 1);
    });

    await test.step('screenshots of the framed embed, light and dark', async () => {
      await page.locator('#light iframe').screenshot({ path: test.info().outputPath('embed-light.png') });
      await page.locator('#dark iframe').screenshot({ path: test.info().outputPath('embed-dark.png') });
      await test.info().attach('embed-light', { path: test.info().outputPath('embed-light.png'), contentType: 'image/png' });
      await test.info().attach('embed-dark', { path: test.info().outputPath('embed-dark.png'), contentType: 'image/png' });
    });
  } finally {
    await site.close();
    await context.close();
  }
});

test('a release embedded in a page of another site lists its tracks, plays them one after another and links back', async ({ browser }) => {
  const { context, page } = await openSession(browser);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: APP_URL });
  await signUpViaApi(page, newAccount('Rita Release'));
  const stamp = Date.now().toString(36);
  const first = await uploadShortTrack(page, `Side A ${stamp}`, 'Pop');
  const second = await uploadShortTrack(page, `Side B ${stamp}`, 'Pop');
  const created = await page.request.post('/api/releases', { data: { title: `Tape ${stamp}`, type: 'ep', trackIds: [first.id, second.id] }, headers: { origin: APP_URL } });
  expect(created.status(), await created.text()).toBe(201);
  const release = (await created.json()) as { id: string; title: string };
  let code = '';

  await test.step('the release page reposts the release and copies an iframe of /embed/release/:id', async () => {
    await page.goto(`/release/${release.id}`);
    await main(page).getByRole('button', { name: /^Repost, / }).click();
    await expect(main(page).getByRole('button', { name: /^Undo repost, / })).toHaveAttribute('aria-pressed', 'true');
    await expect(main(page).getByTestId('repost-count')).toHaveText('1');
    await main(page).getByRole('button', { name: 'Copy embed code' }).click();
    await expect(main(page).getByText("Embed code copied: paste it into your site's HTML.")).toBeVisible();
    code = await page.evaluate(() => navigator.clipboard.readText());
    expect(code).toMatch(new RegExp(`^<iframe src="${APP_URL}/embed/release/${release.id}" width="100%" height="380" `));
  });

  const site = await otherSite(`<!doctype html><html><head><meta charset="utf-8"><title>A label's blog</title></head>
    <body style="margin:16px;background:#f1efe9;font-family:sans-serif"><h1>New EP</h1><div id="release" style="width:600px">${code}</div></body></html>`);
  try {
    await page.goto(site.url);
    const frame = await frameAt(page, `${APP_URL}/embed/release/${release.id}`);

    await test.step('the embed loads in the frame with the cover, title, artist, track list and a link back', async () => {
      await expect(frame.locator('.embed__title')).toHaveText(release.title);
      await expect(frame.locator('.embed__artist')).toHaveText('Rita Release');
      await expect(frame.getByRole('link', { name: 'Platter' })).toHaveAttribute('href', `${APP_URL}/release/${release.id}`);
      const list = frame.getByRole('list', { name: 'Tracks' });
      await expect(list.getByRole('button')).toHaveCount(2);
      await expect(list.getByRole('button').first()).toHaveAttribute('aria-current', 'true');
      await expect(frame.locator('.embed__now')).toHaveText(first.title);
      await expect(frame.locator('.embed__cover')).toBeVisible();
    });

    await test.step('its JavaScript stays within 50 KB gzip', async () => {
      const scripts = await frame.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((entry) => entry.name)
          .filter((name) => new URL(name).pathname.endsWith('.js')),
      );
      expect(scripts.length).toBeGreaterThan(0);
      let total = 0;
      for (const url of scripts) total += gzipSync(await (await page.request.get(url, { headers: { 'accept-encoding': 'identity' } })).body(), { level: 9 }).length;
      expect(total).toBeLessThanOrEqual(EMBED_JS_BUDGET);
    });

    await test.step('play plays the first track, then the next one when it ends; a click in the list plays that track', async () => {
      await frame.getByRole('button', { name: 'Play', exact: true }).click();
      await expect(frame.getByRole('button', { name: 'Pause' })).toBeVisible();
      // Two-second tracks: the first ends and the second follows by itself.
      await expect(frame.getByRole('list', { name: 'Tracks' }).getByRole('button').nth(1)).toHaveAttribute('aria-current', 'true', { timeout: 20_000 });
      await expect(frame.locator('.embed__now')).toHaveText(second.title);
      await expect(frame.getByRole('button', { name: 'Pause' })).toBeVisible();
      await frame.getByRole('button', { name: first.title }).click();
      await expect(frame.getByRole('list', { name: 'Tracks' }).getByRole('button').first()).toHaveAttribute('aria-current', 'true');
      await expect(frame.locator('.embed__now')).toHaveText(first.title);
      await page.locator('#release iframe').screenshot({ path: test.info().outputPath('embed-release.png') });
      await test.info().attach('embed-release', { path: test.info().outputPath('embed-release.png'), contentType: 'image/png' });
    });
  } finally {
    await site.close();
    await context.close();
  }
});
