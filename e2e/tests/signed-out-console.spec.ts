import { expect, test, type Page } from '../support/test.js';
import { newAccount, signUpViaApi, skipTermsModal, waitForDemoCatalogue, type ApiTrack } from '../support/app.js';

/**
 * A signed-out visitor's page load logs no console error and fails no request (issue 9, point 10):
 * no 401 from asking who is signed in, nothing else answered ≥ 400, nothing aborted.
 */

let demo: ApiTrack[] = [];

test.beforeAll(async ({ request }) => {
  demo = await waitForDemoCatalogue(request);
});

// The console of a real load, the service worker's registration included (the config blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

test.beforeEach(async ({ context }) => {
  await skipTermsModal(context);
});

/** Everything that went wrong while `page` loaded, as readable lines. */
function recordProblems(page: Page) {
  const problems: string[] = [];
  const inFlight = new Set<string>();
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('request', (request) => inFlight.add(request.url() + ' ' + request.method()));
  page.on('requestfinished', (request) => inFlight.delete(request.url() + ' ' + request.method()));
  page.on('requestfailed', (request) => {
    inFlight.delete(request.url() + ' ' + request.method());
    problems.push(`request failed: ${request.method()} ${request.url()} (${request.failure()?.errorText ?? '?'})`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()}: ${response.request().method()} ${response.url()}`);
  });
  /** Requests still open, but for the live event stream, which stays open by design. */
  const pending = () => [...inFlight].filter((entry) => !entry.includes('/api/events'));
  return { problems, pending };
}

const pages: Array<{ name: string; path: () => string; ready: (page: Page) => Promise<void> }> = [
  {
    name: '/home',
    path: () => '/home',
    ready: (page) => expect(page.getByRole('list', { name: 'Tracks', exact: true }).getByTestId('track-row').first()).toBeVisible(),
  },
  {
    name: '/track/:id',
    path: () => `/track/${encodeURIComponent(demo[0]!.id)}`,
    ready: (page) => expect(page.getByRole('heading', { level: 1, name: demo[0]!.title })).toBeVisible(),
  },
  {
    name: '/artist/:id',
    path: () => `/artist/${encodeURIComponent(demo[0]!.artistId)}`,
    ready: (page) => expect(page.getByRole('heading', { level: 1, name: demo[0]!.artist })).toBeVisible(),
  },
  { name: '/', path: () => '/', ready: (page) => expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible() },
  { name: '/contact', path: () => '/contact', ready: (page) => expect(page.getByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible() },
];

for (const target of pages) {
  test(`a signed-out load of ${target.name} logs no error and fails no request`, async ({ page }) => {
    const { problems, pending } = recordProblems(page);
    await page.goto(target.path());
    await target.ready(page);
    // Settled: the page has asked everything it asks on load.
    await page.waitForLoadState('load');
    await expect.poll(pending).toEqual([]);
    expect(problems).toEqual([]);
  });
}

/** Issue 29, point 11: signing out asks nothing more of /api/me/… (no 401 for the liked ids or the daily mix). */
test('signing out on /home logs no error and asks nothing of /api/me/…', async ({ page }) => {
  await signUpViaApi(page, newAccount('Signing Out'));
  const likedIds = page.waitForResponse((response) => response.url().includes('/api/me/liked-ids'));
  const dailyMix = page.waitForResponse((response) => response.url().includes('/api/me/daily-mix'));
  await page.goto('/home');
  await expect(page.getByRole('list', { name: 'Tracks', exact: true }).getByTestId('track-row').first()).toBeVisible();
  // Signed in, the page asked for both.
  expect((await likedIds).status()).toBe(200);
  expect((await dailyMix).status()).toBe(200);
  await page.waitForLoadState('load');

  const { problems, pending } = recordProblems(page);
  const asked: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/me/')) asked.push(`${request.method()} ${request.url()}`);
  });
  // The page asks who is signed in again after signing out, then refetches what it shows.
  const meAsked = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/me');
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Sign out', exact: true })).toHaveCount(0);
  await meAsked;
  await expect.poll(pending).toEqual([]);
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
  await expect.poll(pending).toEqual([]);
  expect(asked).toEqual([]);
  // Refetches a re-render leaves without a reader are cancelled (aborted, not answered): only errors and answers ≥ 400 count here.
  expect(problems.filter((problem) => !problem.startsWith('request failed:'))).toEqual([]);
});
