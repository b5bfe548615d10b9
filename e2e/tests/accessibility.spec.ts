import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Browser, type BrowserContext, type Locator, type Page } from '../support/test.js';
import { newAccount, playerBar, signUpViaApi, skipTermsModal, waitForDemoCatalogue, type ApiTrack } from '../support/app.js';
import { APP_URL } from '../support/env.js';
import { createPlaylistViaApi, removeUploadedTracks, uploadShortTrack } from '../support/library.js';

/**
 * axe-core over every route of the app and the dialogs and sheets it opens, against WCAG 2.0 and
 * 2.1 A and AA: no violation may be serious or critical. Each route is audited signed out and
 * signed in (an artist with a release, a public playlist and a liked track), at 1280×800 and at
 * 375×812, once what it shows has loaded (its main heading or content), so the audit sees the real
 * page rather than a loading line. The routes and states are lists: a new screen is one more entry.
 */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

let demo: ApiTrack[] = [];
/** What the signed-in artist made in beforeAll. */
let made: { releaseId: string; releaseTitle: string; playlistId: string; playlistName: string; trackId: string; trackTitle: string };
let signedIn: StorageState;

test.beforeAll(async ({ browser, request }) => {
  test.setTimeout(180_000);
  demo = await waitForDemoCatalogue(request);
  const context = await browser.newContext({ baseURL: APP_URL });
  const page = await context.newPage();
  await signUpViaApi(page, newAccount('Audrey Audit'));
  const headers = { origin: APP_URL };
  const stamp = Date.now().toString(36);
  const first = await uploadShortTrack(page, `Audit side A ${stamp}`, 'Pop');
  const second = await uploadShortTrack(page, `Audit side B ${stamp}`, 'Pop');
  const release = await page.request.post('/api/releases', { data: { title: `Audit EP ${stamp}`, type: 'ep', trackIds: [first.id, second.id] }, headers });
  expect(release.status(), await release.text()).toBe(201);
  const { id: releaseId, title: releaseTitle } = (await release.json()) as { id: string; title: string };
  const playlist = await createPlaylistViaApi(page, `Audit mix ${stamp}`);
  for (const track of demo.slice(0, 2)) {
    const added = await page.request.post(`/api/playlists/${playlist.id}/tracks`, { data: { trackId: track.id }, headers });
    expect(added.status(), await added.text()).toBe(200);
  }
  const published = await page.request.patch(`/api/playlists/${playlist.id}`, { data: { isPublic: true }, headers });
  expect(published.status(), await published.text()).toBe(200);
  const liked = await page.request.put(`/api/tracks/${encodeURIComponent(demo[0]!.id)}/like`, { headers });
  expect(liked.ok(), await liked.text()).toBe(true);
  made = { releaseId, releaseTitle, playlistId: playlist.id, playlistName: playlist.name, trackId: first.id, trackTitle: first.title };
  signedIn = await context.storageState();
  await context.close();
});

test.afterAll(async () => {
  await removeUploadedTracks();
});

interface Audited {
  name: string;
  path: () => string;
  /** What shows that the page has loaded. */
  ready: (page: Page) => Promise<void>;
  /** A first visit: the terms of use are not accepted yet. */
  firstVisit?: boolean;
}

const h1 = (page: Page) => expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
const heading = (name: string) => (page: Page) => expect(page.getByRole('heading', { level: 1, name, exact: true }).first()).toBeVisible();
const tab = (id: string, name: string): Audited => ({ name: `home tab ${id}`, path: () => `/home?tab=${id}`, ready: heading(name) });

const routes: Audited[] = [
  { name: 'landing', path: () => '/', ready: h1 },
  { name: 'download', path: () => '/platter-started', ready: h1 },
  { name: 'about', path: () => '/about', ready: h1 },
  { name: 'for artists', path: () => '/for-artist', ready: h1 },
  { name: 'contact', path: () => '/contact', ready: (page) => expect(page.getByRole('button', { name: 'Send message' })).toBeVisible() },
  { name: 'privacy policy', path: () => '/privacy-policy', ready: h1 },
  { name: 'cookie policy', path: () => '/cookie-policy', ready: h1 },
  { name: 'terms of service', path: () => '/terms-of-service', ready: h1 },
  {
    name: 'home, first visit (the terms of use open)',
    path: () => '/home',
    firstVisit: true,
    ready: (page) => expect(page.getByRole('dialog', { name: 'Terms of use' })).toBeVisible(),
  },
  { name: 'home tab catalogue', path: () => '/home', ready: (page) => expect(page.getByTestId('track-row').first()).toBeVisible() },
  tab('search', 'Search'),
  {
    name: 'search results',
    path: () => `/home?tab=search&q=${encodeURIComponent(demo[0]!.title.split(' ')[0]!)}`,
    ready: (page) => expect(page.getByTestId('track-row').first()).toBeVisible(),
  },
  tab('playlists', 'Playlists'),
  tab('liked', 'Liked tracks'),
  tab('history', 'History'),
  tab('saved', 'Saved'),
  tab('news', 'News'),
  tab('notifications', 'Notifications'),
  tab('menu', 'Studio'),
  tab('settings', 'Settings'),
  {
    name: 'track page',
    path: () => `/track/${encodeURIComponent(demo[0]!.id)}`,
    ready: (page) => expect(page.getByRole('heading', { level: 1, name: demo[0]!.title, exact: true })).toBeVisible(),
  },
  {
    name: 'artist page',
    path: () => `/artist/${encodeURIComponent(demo[0]!.artistId)}`,
    ready: (page) => expect(page.getByRole('heading', { level: 1, name: demo[0]!.artist, exact: true })).toBeVisible(),
  },
  { name: 'release page', path: () => `/release/${encodeURIComponent(made.releaseId)}`, ready: (page) => heading(made.releaseTitle)(page) },
  {
    name: 'playlist page',
    path: () => `/playlist/${encodeURIComponent(made.playlistId)}`,
    // The app's heading (the share link's first frame shows the name too, aria-hidden, until the app takes over).
    ready: (page) => expect(page.getByRole('heading', { name: made.playlistName })).toBeVisible(),
  },
  { name: 'tag page', path: () => `/tag/${encodeURIComponent(demo[0]!.genre.toLowerCase())}`, ready: h1 },
  { name: 'artist dashboard', path: () => '/home/ArtistDashboard', ready: h1 },
  // A reset email's link lands here (the token is not checked until the form is sent).
  { name: 'reset password', path: () => '/reset-password?token=not-checked-yet', ready: h1 },
  { name: 'email verified', path: () => '/email-verified', ready: (page) => expect(page.getByRole('status').filter({ hasText: /\S/ })).toBeVisible() },
  { name: 'unsubscribe', path: () => '/unsubscribe?u=someone', ready: h1 },
  { name: 'not found', path: () => '/no-such-page', ready: heading('Page not found') },
  {
    name: 'embed',
    path: () => `/embed/track/${encodeURIComponent(demo[0]!.id)}`,
    ready: (page) => expect(page.locator('.embed__title')).toHaveText(demo[0]!.title),
  },
  {
    name: 'release embed',
    path: () => `/embed/release/${encodeURIComponent(made.releaseId)}`,
    ready: (page) => expect(page.locator('.embed__item')).toHaveCount(2),
  },
];

/** Plays the first demo track from the home list, and waits for the player to show it. */
async function playFirst(page: Page): Promise<void> {
  await page.goto('/home');
  await page.getByTestId('track-row').getByRole('button', { name: `Play ${demo[0]!.title}`, exact: true }).first().click();
  await expect(page.getByTestId('now-playing-title')).toHaveText(demo[0]!.title);
}

/** Presses one of the player bar's extra buttons: a narrow bar keeps them for the full-screen player. */
async function openFromBar(page: Page, name: string): Promise<void> {
  const button = playerBar(page).getByRole('button', { name, exact: true });
  if (!(await button.isVisible())) {
    await playerBar(page).getByRole('button', { name: 'Open the full-screen player' }).click();
    await expect(playerBar(page)).toHaveClass(/player-bar--full/);
  }
  await button.click();
}

interface State {
  name: string;
  /** Opens the dialog or sheet; returns it. */
  open: (page: Page) => Promise<Locator>;
  signedOutOnly?: boolean;
}

const states: State[] = [
  {
    name: 'sign-in form',
    signedOutOnly: true,
    open: async (page) => {
      await page.goto('/home');
      await expect(page.getByTestId('track-row').first()).toBeVisible();
      // Narrow: the top bar's Sign in opens the account sheet; wide: the form is on the sidebar.
      const topBar = page.getByRole('banner').getByRole('button', { name: 'Sign in', exact: true });
      if (await topBar.isVisible()) {
        await topBar.click();
        const sheet = page.getByRole('dialog', { name: 'Account' });
        await expect(sheet.getByLabel('Email')).toBeVisible();
        return sheet;
      }
      const email = page.getByLabel('Email').first();
      await expect(email).toBeVisible();
      return email;
    },
  },
  {
    name: 'track actions',
    open: async (page) => {
      await page.goto('/home');
      await page.getByRole('button', { name: `More actions for ${demo[0]!.title}`, exact: true }).first().click();
      const sheet = page.getByRole('dialog', { name: `Actions for ${demo[0]!.title}` }).or(page.getByRole('menu'));
      await expect(sheet.first()).toBeVisible();
      return sheet.first();
    },
  },
  {
    name: 'queue (Up next)',
    open: async (page) => {
      await playFirst(page);
      await openFromBar(page, 'Up next');
      const panel = page.getByRole('dialog', { name: 'Up next' });
      await expect(panel.getByTestId('up-next-entry').first()).toBeVisible();
      return panel;
    },
  },
  {
    name: 'full-screen player',
    open: async (page) => {
      await playFirst(page);
      await playerBar(page).getByRole('button', { name: 'Open the full-screen player' }).click();
      await expect(playerBar(page)).toHaveClass(/player-bar--full/);
      return playerBar(page);
    },
  },
  {
    name: 'comments panel',
    open: async (page) => {
      await playFirst(page);
      await openFromBar(page, 'Comments');
      const panel = page.getByRole('complementary', { name: 'Comments' }).or(page.getByRole('dialog', { name: 'Comments' }));
      await expect(panel.first()).toBeVisible();
      return panel.first();
    },
  },
];

/** Desktop, and the narrow layout (the player bar and the site header change below 768 px). */
const viewports = [
  { name: 'desktop', size: { width: 1280, height: 800 } },
  { name: '375 px', size: { width: 375, height: 812 } },
];

async function audit(page: Page, where: string): Promise<void> {
  // Every rule of the tags still runs on the whole page; only violations list all their nodes (a
  // passed rule keeps one example), which spares axe collecting and sending back thousands of them.
  // Legacy mode runs axe.run in the page itself: the default opens a blank page of its own after
  // each audit to merge the frames' results, 1.6–2.2 s of each 2.7–3.5 s analyze() on a slow 2-core
  // machine, for frames Platter's pages do not have (no route renders an iframe).
  const results = await new AxeBuilder({ page }).setLegacyMode(true).withTags(WCAG_TAGS).options({ resultTypes: ['violations'] }).analyze();
  // The audit looked at a real page (a blank one would pass every rule by having nothing to check).
  expect(results.passes.length).toBeGreaterThan(10);
  const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  const report = serious
    .map(
      (violation) =>
        `[${violation.impact}] ${violation.id}: ${violation.help} (${violation.helpUrl})\n` +
        violation.nodes.map((node) => `    ${node.target.join(' ')}\n      ${node.failureSummary?.replace(/\n/g, '\n      ') ?? ''}`).join('\n'),
    )
    .join('\n');
  expect(serious.length, `${where}:\n${report}`).toBe(0);
}

async function openContext(browser: Browser, size: { width: number; height: number }, auth: 'signed out' | 'signed in', firstVisit = false) {
  const context = await browser.newContext({
    baseURL: APP_URL,
    locale: 'en-US',
    viewport: size,
    storageState: auth === 'signed in' ? signedIn : undefined,
  });
  if (!firstVisit) await skipTermsModal(context);
  return context;
}

for (const viewport of viewports) {
  for (const auth of ['signed out', 'signed in'] as const) {
    test.describe(`${viewport.name}, ${auth}`, () => {
      // The routes of a group share one browser context (its cookies, storage and HTTP cache), each
      // in a page of its own: loading a route writes nothing another route's audit depends on, and
      // the bundle is fetched and compiled once per group rather than once per route. A first visit
      // (no terms accepted yet) and the dialogs and sheets below, which play a track, get fresh ones.
      // After a failure Playwright starts a new worker, whose beforeAll makes the context again.
      let shared: BrowserContext | undefined;
      test.beforeAll(async ({ browser }) => {
        shared = await openContext(browser, viewport.size, auth);
      });
      test.afterAll(async () => {
        await shared?.close();
      });

      for (const audited of routes) {
        test(`${audited.name} has no serious or critical accessibility violations`, async ({ browser }) => {
          const context = audited.firstVisit ? await openContext(browser, viewport.size, auth, true) : shared!;
          const page = await context.newPage();
          try {
            await page.goto(audited.path());
            await audited.ready(page);
            await audit(page, `${audited.path()} at ${viewport.name}, ${auth}`);
          } finally {
            await page.close();
            if (context !== shared) await context.close();
          }
        });
      }

      for (const state of states) {
        if (state.signedOutOnly && auth === 'signed in') continue;
        test(`open: ${state.name} has no serious or critical accessibility violations`, async ({ browser }) => {
          // A track plays first for most of them: more steps than a page's audit.
          test.setTimeout(150_000);
          const context = await openContext(browser, viewport.size, auth);
          try {
            const page = await context.newPage();
            await state.open(page);
            await audit(page, `${state.name} at ${viewport.name}, ${auth}`);
          } finally {
            await context.close();
          }
        });
      }
    });
  }
}
