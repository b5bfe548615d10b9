import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Browser, type Page } from '../support/test.js';
import { newAccount, skipTermsModal, unique, type Account, type ApiTrack } from '../support/app.js';
import { APP_SECRET } from '../support/env.js';
import { main } from '../support/library.js';

/**
 * Issue 30 in the browser: two Platter instances on loopback (started here, not by the config, so
 * the other journeys do not wait for them), each on its own SQLite data directory and its own
 * PUBLIC_URL, ALLOW_PRIVATE_FETCH=1 so Fedify may fetch the other one at 127.0.0.1. A listener on
 * B follows an artist on A by @name@host from Search; A's next release appears in B's News, and
 * B's player plays it straight from A's /media (CSP media-src, CORP cross-origin). The listener then
 * likes, reposts and replies from the News card, and A's track page counts them and shows the reply.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));
const serverEntry = path.join(root, 'apps/server/dist/server.js');

function port(name: string, fallback: number): number {
  const raw = process.env[name];
  const value = raw ? Number(raw) : fallback;
  if (!Number.isInteger(value) || value <= 0 || value > 65535) throw new Error(`${name} must be a TCP port, got ${raw}`);
  return value;
}

interface Instance {
  origin: string;
  host: string;
  stop(): Promise<void>;
}

async function startInstance(portNumber: number): Promise<Instance> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'platter-e2e-fedi-'));
  const origin = `http://127.0.0.1:${portNumber}`;
  const child: ChildProcess = spawn(process.execPath, [serverEntry], {
    cwd: dataDir,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(portNumber),
      DATA_DIR: dataDir,
      BETTER_AUTH_SECRET: APP_SECRET,
      PUBLIC_URL: origin,
      ALLOW_PRIVATE_FETCH: '1',
      PLATTER_DEMO: '0',
      // Uploads play as uploaded: no ffmpeg work on a machine the rest of the run shares.
      MEDIA_ENGINE: 'none',
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    },
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    if (process.env.E2E_LOG_LEVEL) process.stderr.write(chunk);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Platter on ${origin} exited (${child.exitCode}): ${stderr}`);
    try {
      if ((await fetch(`${origin}/api/ready`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`Platter on ${origin} was not ready in 60 s: ${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    origin,
    host: `127.0.0.1:${portNumber}`,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A browser context on one instance (terms accepted), with a new signed-up account. */
async function signedInOn(browser: Browser, instance: Instance, name: string, options: { locale?: string; width?: number } = {}) {
  const locale = options.locale ?? 'en-US';
  const width = options.width ?? 1280;
  const context = await browser.newContext({ baseURL: instance.origin, locale, viewport: { width, height: width < 500 ? 812 : 800 } });
  await skipTermsModal(context);
  if (locale.startsWith('ru')) await context.addInitScript(() => window.localStorage.setItem('language', 'ru'));
  const page = await context.newPage();
  const account: Account = newAccount(name);
  const response = await page.request.post('/api/auth/sign-up/email', { data: account, headers: { origin: instance.origin } });
  expect(response.status(), await response.text()).toBe(200);
  return { context, page, account };
}

/** Uploads a short generated MP3 as the account signed in on `page` on `instance` (the upload protocol). */
async function uploadTrack(page: Page, instance: Instance, title: string): Promise<ApiTrack> {
  const { makeMp3 } = await import('../../apps/server/test/support/audio-fixtures.js');
  const headers = { origin: instance.origin };
  const audio = await makeMp3(6);
  const grant = await page.request.post('/api/get-upload-url', { data: { fileName: `${title}.mp3`, fileType: 'audio/mpeg', fileSize: audio.length }, headers });
  expect(grant.status(), await grant.text()).toBe(200);
  const { uploadURL, fileUrl } = (await grant.json()) as { uploadURL: string; fileUrl: string };
  const put = await page.request.put(uploadURL, { data: audio, headers: { ...headers, 'content-type': 'audio/mpeg' } });
  expect(put.status(), await put.text()).toBe(200);
  const created = await page.request.post('/api/tracks', { data: { title, genre: 'Other', url: fileUrl }, headers });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()) as ApiTrack;
}

/** The page's audio elements: where each plays from, how far, and whether it is paused. */
async function audioElements(page: Page) {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll('audio')).map((audio) => ({ src: audio.currentSrc || audio.src, currentTime: audio.currentTime, paused: audio.paused, error: audio.error?.code ?? null })),
  );
}

let a: Instance;
let b: Instance;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  if (!fs.existsSync(serverEntry)) throw new Error('apps/server/dist/server.js is missing: run `npm run build` first');
  [a, b] = await Promise.all([startInstance(port('E2E_FEDI_A_PORT', 8191)), startInstance(port('E2E_FEDI_B_PORT', 8192))]);
});

test.afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
});

/**
 * At 375 px the listener first plays a track of B's own: the player's gain stage then routes its
 * <audio> through Web Audio, and asks A's file with CORS (crossOrigin), which A must allow.
 */
for (const { width, localFirst } of [
  { width: 1280, localFirst: false },
  { width: 375, localFirst: true },
]) {
  test(`at ${width} px${localFirst ? ', after playing a track of B' : ''}: a listener on B follows an artist on A by @name@host, and A's new release appears in B's News and plays from A`, async ({ browser }, testInfo) => {
    test.setTimeout(120_000);
    const artist = await signedInOn(browser, a, `Aurora ${width}`);
    const listener = await signedInOn(browser, b, `Bob ${width}`, { width });
    const errors: string[] = [];
    listener.page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    try {
      // The artist has a first track, and finds her handle where a person would: Menu → Fediverse.
      await uploadTrack(artist.page, a, unique('Before'));
      await artist.page.goto('/home?tab=menu');
      const handleText = await artist.page.getByTestId('federation-handle').textContent({ timeout: 15_000 });
      const handle = handleText?.match(/@[\w.-]+@[\w.:-]+/)?.[0]?.replace(/\.$/, '');
      expect(handle, handleText ?? '').toMatch(new RegExp(`^@\\w+@${a.host.replace(/\./g, '\\.')}$`));

      // The listener searches for it on B and follows from the offer.
      await listener.page.goto(`/home?tab=search&q=${encodeURIComponent(handle!)}`);
      const offer = main(listener.page).getByTestId('remote-account');
      await expect(offer.getByRole('heading', { name: 'On another server' })).toBeVisible({ timeout: 20_000 });
      await expect(offer).toContainText(artist.account.name);
      await expect(offer).toContainText(handle!);
      await offer.getByRole('button', { name: 'Follow', exact: true }).click();
      // A accepts the follow (its queue delivers the Accept to B's inbox): the offer turns to Following, no reload.
      await expect(offer).toContainText('Following', { timeout: 30_000 });

      // A's artist publishes a new track: it reaches B's News within seconds.
      const title = unique('Fresh');
      const fresh = await uploadTrack(artist.page, a, title);
      await listener.page.goto('/home?tab=news');
      const card = main(listener.page).getByTestId('news-remote-track').filter({ hasText: title });
      await expect(async () => {
        await listener.page.reload();
        await expect(card).toBeVisible({ timeout: 2_000 });
      }).toPass({ timeout: 30_000, intervals: [1_000] });
      await expect(card).toContainText(artist.account.name);
      await card.scrollIntoViewIfNeeded();
      await listener.page.screenshot({ path: testInfo.outputPath(`news-remote-${width}.png`), fullPage: false });

      if (localFirst) {
        const local = await uploadTrack(listener.page, b, unique('Home'));
        await listener.page.goto(`/home?tab=search&q=${encodeURIComponent(local.title)}`);
        await main(listener.page).getByTestId('track-row').getByRole('button', { name: `Play ${local.title}`, exact: true }).click();
        await expect
          .poll(async () => (await audioElements(listener.page)).some((audio) => audio.src.startsWith(`${b.origin}/`) && !audio.paused && audio.currentTime > 1), { message: `B's own track plays`, timeout: 20_000 })
          .toBe(true);
        // On to News within the app (no reload): the same player, its gain stage now routed.
        await listener.page.getByRole('link', { name: 'News', exact: true }).locator('visible=true').first().click();
        await expect(card).toBeVisible();
      }

      // B plays it: the audio comes from A's origin and really advances.
      await card.getByRole('button', { name: `Play ${title}`, exact: true }).click();
      await expect
        .poll(async () => (await audioElements(listener.page)).find((audio) => audio.src.startsWith(`${a.origin}/`) && !audio.paused && audio.currentTime > 1), {
          message: `an <audio> playing from ${a.origin}`,
          timeout: 20_000,
        })
        .toBeTruthy();
      const playing = (await audioElements(listener.page)).find((audio) => audio.src.startsWith(`${a.origin}/`));
      expect(playing?.error).toBeNull();
      const before = playing!.currentTime;
      await expect.poll(async () => (await audioElements(listener.page)).find((audio) => audio.src === playing!.src)?.currentTime ?? 0, { timeout: 10_000 }).toBeGreaterThan(before + 0.5);
      expect(errors.filter((text) => /Content Security Policy|Cross-Origin|CORS|blocked/i.test(text))).toEqual([]);
      // The player names what plays: A's track, by A's artist.
      await expect(listener.page.getByTestId('now-playing-title').locator('visible=true').first()).toHaveText(title);
      await expect(listener.page.getByTestId('now-playing-artist').locator('visible=true').first()).toHaveText(artist.account.name);
      await listener.page.screenshot({ path: testInfo.outputPath(`news-remote-playing-${width}.png`), fullPage: false });

      // Issue 30, the other way: the listener likes, reposts and replies from the card; B sends them to A.
      const like = card.getByRole('button', { name: `Like ${title}`, exact: true });
      const repost = card.getByRole('button', { name: `Repost ${title}`, exact: true });
      await expect(like).toHaveAttribute('aria-pressed', 'false');
      await like.click();
      await expect(like).toHaveAttribute('aria-pressed', 'true');
      await repost.click();
      await expect(repost).toHaveAttribute('aria-pressed', 'true');
      await card.getByRole('button', { name: `Reply to ${title}`, exact: true }).click();
      const replyText = `Lovely at ${width} px & <warm>`;
      await card.getByRole('textbox', { name: `Reply to ${title}` }).fill(replyText);
      await listener.page.screenshot({ path: testInfo.outputPath(`news-remote-reply-${width}.png`), fullPage: false });
      await card.getByRole('button', { name: 'Send reply', exact: true }).click();
      await expect(card.getByRole('status')).toHaveText(`Reply sent to ${a.host}.`);
      // B remembers: after a reload the buttons still say so.
      await listener.page.reload();
      await expect(card.getByRole('button', { name: `Like ${title}`, exact: true })).toHaveAttribute('aria-pressed', 'true', { timeout: 15_000 });
      await expect(card.getByRole('button', { name: `Repost ${title}`, exact: true })).toHaveAttribute('aria-pressed', 'true');

      // A's track page counts them and lists the reply among the comments, its author linked to B.
      await artist.page.setViewportSize({ width, height: width < 500 ? 812 : 800 });
      const remoteComment = main(artist.page).getByTestId('remote-comment');
      await expect(async () => {
        await artist.page.goto(`/track/${fresh.id}`);
        await expect(remoteComment).toBeVisible({ timeout: 2_000 });
      }).toPass({ timeout: 30_000, intervals: [1_000] });
      await expect(main(artist.page).getByTestId('like-count')).toHaveText('1');
      await expect(main(artist.page).getByTestId('repost-count')).toHaveText('1');
      await expect(remoteComment.getByTestId('comment-text')).toHaveText(replyText);
      const author = remoteComment.getByRole('link', { name: listener.account.name, exact: true });
      await expect(author).toHaveAttribute('href', new RegExp(`^${b.origin}/artist/`));
      await expect(author).toHaveAttribute('rel', 'noopener nofollow ugc');
      await expect(author).toHaveAttribute('target', '_blank');
      await expect(remoteComment.getByTestId('comment-server')).toContainText(`@${b.host}`);
      await remoteComment.scrollIntoViewIfNeeded();
      await artist.page.screenshot({ path: testInfo.outputPath(`track-remote-reply-${width}.png`), fullPage: false });
      const overflow = await artist.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, 'no sideways scroll on the track page').toBeLessThanOrEqual(0);
    } finally {
      await artist.context.close();
      await listener.context.close();
    }
  });
}

test('in Russian, Search offers the account on another server with Подписаться', async ({ browser }) => {
  const artist = await signedInOn(browser, a, 'Vera Ru');
  const listener = await signedInOn(browser, b, 'Boris Ru', { locale: 'ru-RU' });
  try {
    const settings = await artist.page.request.get('/api/me/federation');
    expect(settings.status()).toBe(200);
    const { handle } = (await settings.json()) as { handle: string };
    await listener.page.goto(`/home?tab=search&q=${encodeURIComponent(handle)}`);
    const offer = main(listener.page).getByTestId('remote-account');
    await expect(offer.getByRole('heading', { name: 'На другом сервере' })).toBeVisible({ timeout: 20_000 });
    await expect(offer.getByRole('button', { name: 'Подписаться', exact: true })).toBeVisible();
  } finally {
    await artist.context.close();
    await listener.context.close();
  }
});
