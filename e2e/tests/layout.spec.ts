import { expect, test, type Browser, type Page } from '../support/test.js';
import { newAccount, signUpViaApi, waitForDemoCatalogue, type Account, type ApiTrack } from '../support/app.js';
import { APP_URL } from '../support/env.js';
import { createPlaylistViaApi } from '../support/library.js';

/**
 * Nothing covers anything a listener can press: on every page of the player (each /home tab, a
 * playlist, the track and artist pages), signed out and signed in, at 1280×800, 1280×640 and
 * 375×812 with touch, the centre of every visible button and link hit-tests to that element
 * (document.elementFromPoint), first where it stands when the page opens, then after scrolling it
 * into view as a user would. No page scrolls sideways. A failure names the element and what covers it.
 */

const SIZES = [
  { name: '1280×800', viewport: { width: 1280, height: 800 }, touch: false },
  { name: '1280×640', viewport: { width: 1280, height: 640 }, touch: false },
  { name: '375×812 touch', viewport: { width: 375, height: 812 }, touch: true },
] as const;

const TABS = [
  { tab: 'home', title: 'Home' },
  { tab: 'search', title: 'Search' },
  { tab: 'playlists', title: 'Playlists' },
  { tab: 'liked', title: 'Liked tracks' },
  { tab: 'history', title: 'History' },
  { tab: 'saved', title: 'Saved' },
  { tab: 'menu', title: 'Studio' },
  { tab: 'news', title: 'News' },
] as const;

interface Checked {
  path: string;
  /** What shows that the page has loaded what it will show. */
  ready: (page: Page) => Promise<void>;
}

let demo: ApiTrack[] = [];

test.beforeAll(async ({ request }) => {
  demo = await waitForDemoCatalogue(request);
});

const heading = (title: string) => async (page: Page) => {
  await expect(page.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible();
};

/** Loaded: its heading, and no 'Loading...' left in the page. */
const loaded = (ready: (page: Page) => Promise<void>) => async (page: Page) => {
  await ready(page);
  await expect(page.getByText('Loading...', { exact: true })).toHaveCount(0);
};

function pagesToCheck(playlistId: string | null): Checked[] {
  const track = demo[0]!;
  const tabs: Checked[] = TABS.map(({ tab, title }) => ({
    path: tab === 'home' ? '/home' : `/home?tab=${tab}`,
    ready: loaded(async (page) => {
      await heading(title)(page);
      if (tab === 'home') await expect(page.getByTestId('track-row').first()).toBeVisible();
    }),
  }));
  return [
    ...tabs,
    ...(playlistId
      ? [{ path: `/home?tab=playlists-details&playlist=${playlistId}`, ready: loaded(async (page: Page) => expect(page.getByTestId('track-row').first()).toBeVisible()) }]
      : []),
    { path: `/track/${encodeURIComponent(track.id)}`, ready: loaded(heading(track.title)) },
    { path: `/artist/${encodeURIComponent(track.artistId)}`, ready: loaded(heading(track.artist)) },
  ];
}

/**
 * Runs in the page: every button and link, hit-tested after scrolling it into view as a user would
 * (`inPlace` false), or where it stands as the page opens (`inPlace` true). Where it stands, only
 * what is pinned to the screen (in a fixed or sticky part: the sidebar, the top bar, the bottom
 * navigation, the player) and shown is checked: page content scrolls, so the scrolled pass covers it.
 */
function findCovered(inPlace: boolean): { checked: number; problems: string[] } {
  const describe = (element: Element | null): string => {
    if (!element) return 'nothing (the point is outside the page)';
    const name = (element.getAttribute('aria-label') ?? (element as HTMLElement).innerText ?? element.getAttribute('title') ?? '')
      .trim()
      .replace(/\s+/g, ' ')
      .slice(0, 60);
    const classes = typeof element.className === 'string' && element.className.trim() ? `.${element.className.trim().split(/\s+/).join('.')}` : '';
    return `<${element.tagName.toLowerCase()}${classes}>${name ? ` "${name}"` : ''}`;
  };
  /** The nearest ancestors with a class, so a report says which part of the page it is in. */
  const within = (element: Element): string => {
    const chain: string[] = [];
    for (let parent = element.parentElement; parent && chain.length < 3; parent = parent.parentElement) {
      if (typeof parent.className === 'string' && parent.className.trim()) chain.push(`.${parent.className.trim().split(/\s+/)[0]}`);
    }
    return chain.length ? ` (inside ${chain.join(' < ')})` : '';
  };
  const pinned = (element: Element): boolean => {
    for (let node: Element | null = element; node; node = node.parentElement) {
      const { position } = getComputedStyle(node);
      if (position === 'fixed' || position === 'sticky') return true;
    }
    return false;
  };
  /** The ancestor whose overflow hides the point, if any (a scrolled-away part of a scroll area). */
  const clippedBy = (element: Element, x: number, y: number): Element | null => {
    for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
      const { overflowX, overflowY } = getComputedStyle(parent);
      if (overflowX === 'visible' && overflowY === 'visible') continue;
      const box = parent.getBoundingClientRect();
      if (x < box.left || x >= box.right || y < box.top || y >= box.bottom) return parent;
    }
    return null;
  };
  const viewportWidth = document.documentElement.clientWidth;
  const viewportHeight = window.innerHeight;
  const targets = [...document.querySelectorAll('a[href], button, [role="button"], [role="link"]')].filter((element) => {
    // The skip link shows only while focused by the keyboard; visually hidden controls are for screen readers.
    if (element.closest('.skip-link, .visually-hidden, [inert]')) return false;
    if (!element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) return false;
    const box = element.getBoundingClientRect();
    return box.width >= 2 && box.height >= 2 && (!inPlace || pinned(element));
  });
  const problems: string[] = [];
  for (const element of targets) {
    if (!inPlace) element.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
    const box = element.getBoundingClientRect();
    const x = Math.round(box.left + box.width / 2);
    const y = Math.round(box.top + box.height / 2);
    const clip = clippedBy(element, x, y);
    const onScreen = x >= 0 && y >= 0 && x < viewportWidth && y < viewportHeight && !clip;
    if (!onScreen) {
      // Where it stands, only what the screen shows is checked; scrolled, everything must come into view.
      if (!inPlace) problems.push(`${describe(element)}${within(element)} cannot be scrolled into view: its centre stays at (${x}, ${y})${clip ? `, hidden by ${describe(clip)}` : ''}`);
      continue;
    }
    const hit = document.elementFromPoint(x, y);
    if (hit && (hit === element || element.contains(hit))) continue;
    problems.push(
      `${describe(element)}${within(element)} at (${x}, ${y})${inPlace ? ' as the page opens' : ' scrolled into view'} is covered by ${describe(hit)}${hit ? within(hit) : ''}`,
    );
  }
  return { checked: targets.length, problems };
}

async function horizontalOverflow(page: Page, width: number): Promise<string | null> {
  // On a touch screen the browser widens its layout viewport to an overflowing page, so innerWidth
  // can grow with the page: compare with the screen's own width.
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  return scrollWidth > width ? `scrolls sideways: scrollWidth ${scrollWidth} > ${width}` : null;
}

async function checkPage(page: Page, checked: Checked, width: number): Promise<string[]> {
  await page.goto(checked.path);
  await checked.ready(page);
  const problems: string[] = [];
  const overflow = await horizontalOverflow(page, width);
  if (overflow) problems.push(overflow);
  const pinned = await page.evaluate(findCovered, true);
  const scrolled = await page.evaluate(findCovered, false);
  // A page with nothing to press would pass by checking nothing: each has the player's controls at least.
  expect(pinned.checked, `${checked.path}: pinned controls checked`).toBeGreaterThanOrEqual(2);
  expect(scrolled.checked, `${checked.path}: controls checked`).toBeGreaterThanOrEqual(pinned.checked);
  problems.push(...pinned.problems, ...scrolled.problems);
  return problems.map((problem) => `${checked.path}: ${problem}`);
}

async function openContext(browser: Browser, size: (typeof SIZES)[number]) {
  const context = await browser.newContext({
    baseURL: APP_URL,
    locale: 'en-US',
    viewport: size.viewport,
    hasTouch: size.touch,
    isMobile: size.touch,
  });
  // The one-time notices (terms of use, the studio's copyright notice) are modal, covering all; their own journeys test them.
  await context.addInitScript(() => {
    window.localStorage.setItem('acceptedTerms', 'true');
    window.localStorage.setItem('acceptedCopyright', 'true');
  });
  return { context, page: await context.newPage() };
}

/** A listener whose library tabs are not empty: a playlist of two tracks, two likes, two plays. */
async function listenerWithLibrary(page: Page): Promise<{ account: Account; playlistId: string }> {
  const account = newAccount('Layout Listener');
  await signUpViaApi(page, account);
  const headers = { origin: APP_URL };
  const playlist = await createPlaylistViaApi(page, 'Layout mix');
  for (const track of demo.slice(0, 2)) {
    expect((await page.request.post(`/api/playlists/${playlist.id}/tracks`, { data: { trackId: track.id }, headers })).status()).toBe(200);
    expect((await page.request.put(`/api/tracks/${encodeURIComponent(track.id)}/like`, { headers })).status()).toBe(200);
    expect((await page.request.post('/api/me/history', { data: { trackId: track.id }, headers })).status()).toBe(204);
  }
  return { account, playlistId: playlist.id };
}

for (const size of SIZES) {
  for (const signedIn of [false, true]) {
    test(`${size.name}, ${signedIn ? 'signed in' : 'signed out'}: every button and link can be pressed, and no page scrolls sideways`, async ({ browser }, testInfo) => {
      const { context, page } = await openContext(browser, size);
      try {
        const playlistId = signedIn ? (await listenerWithLibrary(page)).playlistId : null;
        const problems: string[] = [];
        for (const checked of pagesToCheck(playlistId)) {
          await test.step(checked.path, async () => {
            const found = await checkPage(page, checked, size.viewport.width);
            if (found.length) await page.screenshot({ path: testInfo.outputPath(`${checked.path.replace(/\W+/g, '_')}.png`) });
            problems.push(...found);
          });
        }
        expect(problems, `at ${size.name}:\n${problems.join('\n')}`).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
}

test('375×812: the artist dashboard does not scroll sideways', async ({ browser }) => {
  const { context, page } = await openContext(browser, SIZES[2]);
  try {
    await signUpViaApi(page, newAccount('Layout Artist'));
    await page.goto('/home/ArtistDashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Artist dashboard' })).toBeVisible();
    await expect(page.getByTestId('dashboard-listens')).toBeVisible();
    await expect(page.getByTestId('dashboard-subscribers')).toBeVisible();
    expect(await horizontalOverflow(page, 375)).toBeNull();
  } finally {
    await context.close();
  }
});

test('375×812: five destinations at the bottom, the mini player docked above them, sign-in at the top', async ({ browser, request }, testInfo) => {
  const { context, page } = await openContext(browser, SIZES[2]);
  try {
    // A short page: the player used to float in the middle of the screen under it.
    await page.goto('/home?tab=liked');
    const nav = page.getByRole('navigation', { name: 'Main sections' });
    const links = nav.getByRole('link');
    await expect(links).toHaveText(['Home', 'Search', 'Library', 'Studio', 'News']);
    for (const link of await links.all()) await expect(link).toBeInViewport({ ratio: 1 });
    await expect(nav.getByRole('link', { name: 'Library' })).toHaveAttribute('aria-current', 'page');
    const library = page.getByRole('navigation', { name: 'Library' });
    await expect(library.getByRole('link')).toHaveText(['Playlists', 'Liked', 'History', 'Saved']);
    await expect(library.getByRole('link', { name: 'Liked' })).toHaveAttribute('aria-current', 'page');

    const navBox = (await nav.boundingBox())!;
    const dockBox = (await page.locator('.player-dock').boundingBox())!;
    expect(Math.round(navBox.y + navBox.height)).toBe(812);
    expect(Math.round(dockBox.y + dockBox.height)).toBe(Math.round(navBox.y));
    await page.screenshot({ path: testInfo.outputPath('shell-375.png') });

    // A track's page (a shared link) keeps the navigation, the player docked above it.
    await page.goto(`/track/${encodeURIComponent(demo[0]!.id)}`);
    await expect(page.getByRole('heading', { level: 1, name: demo[0]!.title, exact: true })).toBeVisible();
    const trackNavBox = (await nav.boundingBox())!;
    expect(Math.round(trackNavBox.y + trackNavBox.height)).toBe(812);
    const trackDockBox = (await page.locator('.player-dock').boundingBox())!;
    expect(Math.round(trackDockBox.y + trackDockBox.height)).toBe(Math.round(trackNavBox.y));
    await expect(nav.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current', 'page');
    await nav.getByRole('link', { name: 'Library' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Playlists' })).toBeVisible();

    // Every tab of the sidebar is reachable: Library's switch leads to History, the nav to Studio.
    await library.getByRole('link', { name: 'History' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'History' })).toBeVisible();
    await nav.getByRole('link', { name: 'Studio' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Studio' })).toBeVisible();

    // Sign in from the top bar: the account sheet holds the form, and closes with Escape.
    const signIn = page.getByRole('banner').getByRole('button', { name: 'Sign in' });
    const signInBox = (await signIn.boundingBox())!;
    expect(signInBox.y).toBeLessThan(60);
    const account = newAccount('Sheet Listener');
    const signedUp = await request.post('/api/auth/sign-up/email', { data: account, headers: { origin: APP_URL } });
    expect(signedUp.status()).toBe(200);
    await signIn.tap();
    const sheet = page.getByRole('dialog', { name: 'Account' });
    await expect(sheet).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
    await signIn.tap();
    await sheet.getByLabel('Email').fill(account.email);
    await sheet.getByLabel('Password').fill(account.password);
    await page.screenshot({ path: testInfo.outputPath('account-sheet-375.png') });
    await sheet.getByRole('button', { name: 'Sign in', exact: true }).tap();
    // Signed in, the sheet closes; the top bar names the listener, and the studio opens for them.
    await expect(sheet).toBeHidden();
    const accountButton = page.getByRole('button', { name: 'Account: Sheet Listener' });
    await expect(accountButton).toBeVisible();
    await expect(page.getByRole('button', { name: 'Upload Track' })).toBeVisible();
    await accountButton.tap();
    await expect(sheet.getByTestId('user-name')).toHaveText('Sheet Listener');
    await sheet.getByRole('button', { name: 'Close' }).tap();
    await expect(sheet).toBeHidden();
  } finally {
    await context.close();
  }
});

for (const size of SIZES.slice(0, 2)) {
  test(`${size.name}: the sidebar ends above the player bar, its sign-in form within reach`, async ({ browser }) => {
    const { context, page } = await openContext(browser, size);
    try {
      await page.goto('/home');
      const sidebar = page.getByRole('complementary', { name: 'Player sidebar' });
      const bar = page.getByRole('region', { name: 'Player', exact: true });
      await expect(bar).toBeVisible();
      const sidebarBox = (await sidebar.boundingBox())!;
      const barBox = (await bar.boundingBox())!;
      expect(sidebarBox.y + sidebarBox.height).toBeLessThanOrEqual(barBox.y + 0.5);
      const signIn = sidebar.getByRole('button', { name: 'Sign in', exact: true });
      await signIn.scrollIntoViewIfNeeded();
      const box = (await signIn.boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(barBox.y);
      // Pressed as a user would: the click lands on the button (a sign-in attempt with empty fields stays on the form).
      await signIn.click();
      await expect(sidebar.getByLabel('Email')).toBeFocused();
    } finally {
      await context.close();
    }
  });
}
