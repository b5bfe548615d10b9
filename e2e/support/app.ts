import { expect, type APIRequestContext, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { APP_URL, DEMO_TRACKS } from './env.js';

/** A track as GET /api/tracks lists it. */
export interface ApiTrack {
  id: string;
  title: string;
  genre: string;
  artist: string;
  artistId: string;
  url: string;
  duration: number | null;
  likes: number;
  listens: number;
  createdAt: string;
}

export interface ApiTrackPage {
  items: ApiTrack[];
  total: number;
  page: number;
  pageSize: number;
}

/** Unique per call, so reruns against a kept data directory never collide. */
export function unique(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

export async function listTracks(
  request: APIRequestContext,
  query: Record<string, string | number> = {},
): Promise<ApiTrackPage> {
  const response = await request.get('/api/tracks', { params: query });
  expect(response.status(), `GET /api/tracks ${JSON.stringify(query)}`).toBe(200);
  return (await response.json()) as ApiTrackPage;
}

/**
 * Waits until the server has generated the whole demo catalogue of the run (it starts empty and
 * fills in the background), so a list the test reads no longer grows under it.
 */
export async function waitForDemoCatalogue(request: APIRequestContext, count = DEMO_TRACKS): Promise<ApiTrack[]> {
  let demo: ApiTrack[] = [];
  await expect
    .poll(
      async () => {
        const page = await listTracks(request, { pageSize: 100 });
        demo = page.items.filter((track) => track.id.startsWith('demo-'));
        return demo.length;
      },
      { message: `the server generates ${count} demo tracks`, timeout: 120_000, intervals: [1_000] },
    )
    .toBeGreaterThanOrEqual(count);
  return demo;
}

export interface Account {
  name: string;
  email: string;
  password: string;
}

export function newAccount(name = 'E2E Listener'): Account {
  return { name, email: `${unique('listener')}@example.com`, password: 'correct-horse-battery-staple' };
}

/** Creates an account through better-auth's API; the cookie lands in the page's browser context. */
export async function signUpViaApi(page: Page, account: Account): Promise<void> {
  const response = await page.request.post('/api/auth/sign-up/email', {
    data: account,
    headers: { origin: APP_URL },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/**
 * Marks the terms of use as accepted (localStorage `acceptedTerms`) before any page of the
 * context loads, for journeys about something else; tabs.spec.ts covers the modal itself.
 */
export async function skipTermsModal(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => window.localStorage.setItem('acceptedTerms', 'true'));
}

/** The bottom player bar. */
export function playerBar(page: Page): Locator {
  return page.getByRole('region', { name: 'Player', exact: true });
}

export function nowPlayingTitle(page: Page): Locator {
  return page.getByTestId('now-playing-title');
}

/** The home tab's track list (the rows of the current page). */
export function trackRows(page: Page): Locator {
  return page.getByRole('list', { name: 'Tracks', exact: true }).getByTestId('track-row');
}

export async function rowTitles(rows: Locator): Promise<string[]> {
  return (await rows.locator('.track-row__title').allTextContents()).map((title) => title.trim());
}

/** Plays a track by the play button of its row. */
export async function playFromList(page: Page, title: string): Promise<void> {
  // The row's own button: /home's card rows (Trending, Daily mix) carry play buttons of the same name.
  await page.getByTestId('track-row').getByRole('button', { name: `Play ${title}`, exact: true }).click();
}

export interface AudioState {
  currentTime: number;
  duration: number;
  paused: boolean;
  src: string;
}

export async function audioState(page: Page): Promise<AudioState> {
  return page.evaluate(() => {
    const audio = document.querySelector('audio');
    if (!audio) throw new Error('no <audio> element on the page');
    return { currentTime: audio.currentTime, duration: audio.duration, paused: audio.paused, src: audio.currentSrc };
  });
}

/** Waits until the audio element is playing and its currentTime has passed `seconds`. */
export async function waitForPlaybackPast(page: Page, seconds: number, timeout = 20_000): Promise<void> {
  await page.waitForFunction(
    (past) => {
      const audio = document.querySelector('audio');
      return !!audio && !audio.paused && audio.currentTime > past;
    },
    seconds,
    { timeout },
  );
}

/** Waits until playback moves on by at least `by` seconds from where it is now (and is not paused). */
export async function expectPlaybackAdvancing(page: Page, by = 0.5): Promise<void> {
  const { currentTime } = await audioState(page);
  await waitForPlaybackPast(page, currentTime + by);
}

/**
 * Clicks the Seek slider at a fraction of its width, as a listener does, and returns the
 * element's duration.
 */
export async function seekWithSlider(page: Page, fraction: number): Promise<number> {
  const slider = playerBar(page).getByRole('slider', { name: 'Seek' });
  await expect(slider).toBeEnabled();
  const box = await slider.boundingBox();
  if (!box) throw new Error('the Seek slider is not visible');
  await slider.click({ position: { x: box.width * fraction, y: box.height / 2 } });
  return (await audioState(page)).duration;
}

/** A track's listen count as the server has it. */
export async function listensOf(request: APIRequestContext, id: string): Promise<number> {
  const response = await request.get(`/api/tracks/${encodeURIComponent(id)}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as ApiTrack).listens;
}
