import { expect, request, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { newAccount, signUpViaApi, skipTermsModal, type Account, type ApiTrack } from './app.js';
import { ADMIN_EMAIL, APP_URL } from './env.js';

/** Helpers of the listener journeys: accounts in several browser contexts, tabs, the '...' sheet. */

export interface Session {
  context: BrowserContext;
  page: Page;
}

/** A fresh browser context (terms already accepted) with one page. */
export async function openSession(browser: Browser, options: { acceptTerms?: boolean } = {}): Promise<Session> {
  const context = await browser.newContext({ baseURL: APP_URL, locale: 'en-US', viewport: { width: 1280, height: 800 } });
  if (options.acceptTerms !== false) await skipTermsModal(context);
  return { context, page: await context.newPage() };
}

/** Signs in an existing account through better-auth's API; the cookie lands in the page's context. */
export async function signInViaApi(page: Page, account: Account): Promise<void> {
  const response = await page.request.post('/api/auth/sign-in/email', {
    data: { email: account.email, password: account.password },
    headers: { origin: APP_URL },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** A new account, signed in on `page`. */
export async function signedInAccount(page: Page, name: string): Promise<Account> {
  const account = newAccount(name);
  await signUpViaApi(page, account);
  return account;
}

/** Opens a /home tab through the URL and waits for its title. */
export async function openTab(page: Page, tab: string, title: string): Promise<void> {
  await page.goto(tab === 'home' ? '/home' : `/home?tab=${tab}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
}

export function sidebar(page: Page): Locator {
  return page.getByRole('complementary', { name: 'Player sidebar' });
}

export function main(page: Page): Locator {
  return page.locator('#content');
}

/** The row of a track in a list with an accessible name, by its exact title. */
export function rowOf(list: Locator, title: string): Locator {
  return list.getByTestId('track-row').filter({ has: list.page().locator('.track-row__title', { hasText: title }) });
}

/** Opens the '...' sheet of a track row. */
export async function openTrackSheet(page: Page, title: string): Promise<Locator> {
  await page.getByRole('button', { name: `More actions for ${title}`, exact: true }).first().click();
  const sheet = page.getByRole('dialog', { name: `Actions for ${title}` });
  await expect(sheet).toBeVisible();
  return sheet;
}

/** The track's likes as the API lists them. */
export async function likesOf(page: Page, trackId: string): Promise<number> {
  const response = await page.request.get('/api/tracks', { params: { pageSize: 100 } });
  const body = (await response.json()) as { items: ApiTrack[] };
  return body.items.find((track) => track.id === trackId)?.likes ?? -1;
}

/** The player's persisted queue (titles, in order), as localStorage holds it. */
export async function queuedTitles(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const raw = window.localStorage.getItem('platter-player');
    const parsed = raw ? (JSON.parse(raw) as { state?: { queue?: { track: { title: string } }[] } }) : null;
    return (parsed?.state?.queue ?? []).map((entry) => entry.track.title);
  });
}

/** Screenshots of one screen at desktop width and at 375 px. */
export async function screenshotBoth(page: Page, path: (name: string) => string, name: string): Promise<void> {
  const viewport = page.viewportSize();
  await page.screenshot({ path: path(`${name}-desktop.png`), fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.waitForTimeout(300);
  await page.screenshot({ path: path(`${name}-375.png`), fullPage: true });
  if (viewport) await page.setViewportSize(viewport);
}

/** Uploads a short generated MP3 as the account signed in on `page` (the upload protocol). */
export async function uploadShortTrack(page: Page, title: string, genre = 'Other'): Promise<ApiTrack> {
  const { makeMp3 } = await import('../../apps/server/test/support/audio-fixtures.js');
  const headers = { origin: APP_URL };
  const audio = await makeMp3(2);
  const grant = await page.request.post('/api/get-upload-url', { data: { fileName: `${title}.mp3`, fileType: 'audio/mpeg', fileSize: audio.length }, headers });
  expect(grant.status(), await grant.text()).toBe(200);
  const { uploadURL, fileUrl } = (await grant.json()) as { uploadURL: string; fileUrl: string };
  const put = await page.request.put(uploadURL, { data: audio, headers: { ...headers, 'content-type': 'audio/mpeg' } });
  expect(put.status(), await put.text()).toBe(200);
  const created = await page.request.post('/api/tracks', { data: { title, genre, url: fileUrl }, headers });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()) as ApiTrack;
}

/** Creates a playlist through the API as the account signed in on `page`. */
export async function createPlaylistViaApi(page: Page, name: string): Promise<{ id: string; name: string }> {
  const response = await page.request.post('/api/playlists', { data: { name }, headers: { origin: APP_URL } });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string; name: string };
}

/** Swipes horizontally across an element with real touch input (Chrome DevTools Protocol). */
export async function touchSwipe(page: Page, target: Locator, dx: number): Promise<void> {
  // Touch happens on screen: a list below the fold (Home's card rows come first) is scrolled to.
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (!box) throw new Error('nothing to swipe on');
  const y = box.y + Math.min(box.height / 2, 120);
  const x0 = box.x + box.width / 2 - dx / 2;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: x0, y }] });
  for (let step = 1; step <= 5; step += 1) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: x0 + (dx * step) / 5, y }] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/**
 * Signs in as the run's admin (ADMIN_EMAILS of the e2e server): signs the account up the first
 * time, and signs in when an earlier journey of the run already created it.
 */
export async function signInAsAdmin(page: Page): Promise<void> {
  const account = { name: 'Ada Admin', email: ADMIN_EMAIL, password: newAccount().password };
  const headers = { origin: APP_URL };
  const signUp = await page.request.post('/api/auth/sign-up/email', { data: account, headers });
  if (signUp.ok()) return;
  const signIn = await page.request.post('/api/auth/sign-in/email', { data: { email: account.email, password: account.password }, headers });
  expect(signIn.status(), `sign-up: ${await signUp.text()}; sign-in: ${await signIn.text()}`).toBe(200);
}

/**
 * Deletes every track a journey uploaded (all but the demo catalogue), as the admin: uploads are
 * the newest tracks, so left behind they would lead the home list of the journeys that follow,
 * which expect the demo catalogue there. Journeys that upload call it after each test.
 */
export async function removeUploadedTracks(): Promise<void> {
  const api = await request.newContext({ baseURL: APP_URL });
  try {
    const headers = { origin: APP_URL };
    const account = { name: 'Ada Admin', email: ADMIN_EMAIL, password: newAccount().password };
    const signUp = await api.post('/api/auth/sign-up/email', { data: account, headers });
    if (!signUp.ok()) {
      const signIn = await api.post('/api/auth/sign-in/email', { data: { email: account.email, password: account.password }, headers });
      expect(signIn.status(), await signIn.text()).toBe(200);
    }
    const listed = await api.get('/api/tracks', { params: { pageSize: 100 } });
    const uploaded = ((await listed.json()) as { items: ApiTrack[] }).items.filter((track) => !track.id.startsWith('demo-'));
    for (const track of uploaded) {
      const deleted = await api.delete(`/api/tracks/${encodeURIComponent(track.id)}`, { headers });
      expect([204, 404], `DELETE ${track.id}`).toContain(deleted.status());
    }
  } finally {
    await api.dispose();
  }
}

/** Marks the page, so a later check can tell it was updated live and never reloaded. */
export async function markNoReload(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __noReload: boolean }).__noReload = true;
  });
}

/** Whether the page marked by markNoReload is still the same document (no reload since). */
export async function stillNotReloaded(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload === true);
}
