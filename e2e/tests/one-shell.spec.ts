import { expect, request as playwrightRequest, test, type Browser, type BrowserContext, type Locator, type Page } from '../support/test.js';
import { makeMp3 } from '../../apps/server/test/support/audio-fixtures.js';
import { newAccount, nowPlayingTitle, playerBar, signUpViaApi, skipTermsModal, trackRows, unique, type ApiTrack } from '../support/app.js';
import { APP_URL } from '../support/env.js';
import { createPlaylistViaApi, removeUploadedTracks } from '../support/library.js';

/**
 * Issue 29, points 2, 5, 6 and two loose ends of 11: one shell around the player's pages (the
 * music never stops, "Home" is /home, a phone shows one navigation), an idle player bar, a Sign in
 * button at the top and on every "please sign in", no React Router warning on an invite link, and
 * the desktop "More actions" a menu by its button.
 */

const SIZES = [
  { name: '1280×800', viewport: { width: 1280, height: 800 }, phone: false },
  { name: '375×812 touch', viewport: { width: 375, height: 812 }, phone: true },
] as const;
type Size = (typeof SIZES)[number];

// The journeys' uploads would lead the home list of the journeys after these: remove them.
test.afterEach(removeUploadedTracks);

async function openContext(browser: Browser, size: Size, language: 'en' | 'ru' = 'en'): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: APP_URL,
    locale: language === 'ru' ? 'ru-RU' : 'en-US',
    viewport: size.viewport,
    hasTouch: size.phone,
    isMobile: size.phone,
  });
  await skipTermsModal(context);
  await context.addInitScript(() => window.localStorage.setItem('acceptedCopyright', 'true'));
  if (language === 'ru') await context.addInitScript(() => window.localStorage.setItem('language', 'ru'));
  return { context, page: await context.newPage() };
}

/** The shell's navigation at this size: the sidebar's on a wide screen, the bottom one on a phone. */
function shellNav(page: Page, size: Size): Locator {
  return size.phone ? page.getByRole('navigation', { name: 'Main sections' }) : page.getByRole('navigation', { name: 'Player sections' });
}

/** Uploads a two-minute track with a tag as the account signed in on `page`, in a release of its own. */
async function uploadTrackInRelease(page: Page, title: string, tag: string): Promise<{ track: ApiTrack; releaseId: string }> {
  const headers = { origin: APP_URL };
  const audio = await makeMp3(120);
  const grant = await page.request.post('/api/get-upload-url', { data: { fileName: `${title}.mp3`, fileType: 'audio/mpeg', fileSize: audio.length }, headers });
  expect(grant.status(), await grant.text()).toBe(200);
  const { uploadURL, fileUrl } = (await grant.json()) as { uploadURL: string; fileUrl: string };
  const put = await page.request.put(uploadURL, { data: audio, headers: { ...headers, 'content-type': 'audio/mpeg' } });
  expect(put.status(), await put.text()).toBe(200);
  const created = await page.request.post('/api/tracks', { data: { title, genre: 'Other', url: fileUrl, tags: [tag] }, headers });
  expect(created.status(), await created.text()).toBe(201);
  const track = (await created.json()) as ApiTrack;
  const release = await page.request.post('/api/releases', { data: { title: `${title} EP`, type: 'ep', trackIds: [track.id] }, headers });
  expect(release.status(), await release.text()).toBe(201);
  return { track, releaseId: ((await release.json()) as { id: string }).id };
}

/** Marks the page's one <audio> element and counts every pause or source change it goes through from now on. */
async function watchAudio(page: Page): Promise<void> {
  await page.evaluate(() => {
    const audio = [...document.querySelectorAll('audio')].find((element) => !element.paused);
    if (!audio) throw new Error('no <audio> element playing');
    const state = { pauses: 0, emptied: 0, waitingAfterStart: 0 };
    Object.assign(audio, { __oneShell: state });
    audio.addEventListener('pause', () => state.pauses++);
    audio.addEventListener('emptied', () => state.emptied++);
  });
}

interface Heard {
  /** The element marked by watchAudio is still in the page. */
  same: boolean;
  paused: boolean;
  pauses: number;
  emptied: number;
  currentTime: number;
  /** Whether any other <audio> (the player's second, gapless deck) plays. */
  otherPlaying: boolean;
}

async function heard(page: Page): Promise<Heard> {
  return page.evaluate(() => {
    type Marked = HTMLAudioElement & { __oneShell?: { pauses: number; emptied: number } };
    const elements = [...document.querySelectorAll('audio')] as Marked[];
    const audio = elements.find((element) => element.__oneShell);
    const state = audio?.__oneShell;
    return {
      same: !!audio?.isConnected,
      paused: audio?.paused ?? true,
      pauses: state?.pauses ?? -1,
      emptied: state?.emptied ?? -1,
      currentTime: audio?.currentTime ?? 0,
      otherPlaying: elements.some((element) => element !== audio && !element.paused),
    };
  });
}

test.describe('one shell: the music plays on through every page of the player', () => {
  for (const size of SIZES) {
    test(`${size.name}: home, track, release, artist, tag, playlist, studio, dashboard and home again, one audio element never paused`, async ({ browser }, testInfo) => {
      test.setTimeout(150_000);
      const { context, page } = await openContext(browser, size);
      const artist = newAccount('Shelly Shell');
      await signUpViaApi(page, { ...artist, email: `${unique('one-shell')}@example.com` });
      const title = unique('Shell Song');
      const tag = unique('shelltag').toLowerCase().replace(/[^a-z0-9-]/g, '');
      const { track, releaseId } = await uploadTrackInRelease(page, title, tag);
      const playlist = await createPlaylistViaApi(page, unique('Shell Mix'));
      const nav = shellNav(page, size);
      const shot = (name: string) => page.screenshot({ path: testInfo.outputPath(`${name}.png`) });

      await page.goto('/home');
      await expect(trackRows(page).first()).toBeVisible();
      await trackRows(page).getByRole('button', { name: `Play ${title}`, exact: true }).click();
      await expect(nowPlayingTitle(page)).toHaveText(title);
      await page.waitForFunction(() => [...document.querySelectorAll('audio')].some((audio) => !audio.paused && audio.currentTime > 0.3));
      await watchAudio(page);
      let last = (await heard(page)).currentTime;

      /** On the page just reached: the same element, still playing, further on than before; one navigation; "Home" is /home. */
      const stillPlaying = async (where: string) => {
        await expect
          .poll(async () => {
            const now = await heard(page);
            return { same: now.same, paused: now.paused, pauses: now.pauses, emptied: now.emptied, otherPlaying: now.otherPlaying, further: now.currentTime > last };
          }, { message: `${where}: the same audio element plays on` })
          .toEqual({ same: true, paused: false, pauses: 0, emptied: 0, otherPlaying: false, further: true });
        last = (await heard(page)).currentTime;
        await expect(nav, `${where}: the shell's navigation`).toBeVisible();
        await expect(nav.getByRole('link', { name: 'Home', exact: true })).toHaveAttribute('href', '/home');
        // No marketing header: its navigation and its "Open player" are not there.
        await expect(page.getByRole('navigation', { name: 'Main navigation' })).toHaveCount(0);
        await expect(page.getByRole('link', { name: 'Open player' })).toHaveCount(0);
        await expect(playerBar(page)).toBeVisible();
        if (size.phone) {
          // One navigation on a phone: the bottom one, under the mini player; no sidebar.
          await expect(page.getByRole('navigation', { name: 'Player sections' })).toBeHidden();
          const bar = await page.locator('.shell-topbar').boundingBox();
          expect(bar?.height ?? 0, `${where}: the top bar is one slim line`).toBeLessThanOrEqual(72);
        }
      };

      await test.step('the player bar title: the track page', async () => {
        await nowPlayingTitle(page).click();
        await expect(page.getByTestId('track-page').getByRole('heading', { level: 1, name: title })).toBeVisible();
        await stillPlaying('track');
        await shot('1-track');
      });

      await test.step('the track page: its release', async () => {
        await page.getByTestId('track-page-release').click();
        await expect(page).toHaveURL(new RegExp(`/release/${releaseId}$`));
        await expect(page.getByTestId('release-page').getByRole('heading', { level: 1, name: `${title} EP` })).toBeVisible();
        await stillPlaying('release');
        await shot('2-release');
      });

      await test.step('the release: its artist', async () => {
        await page.getByTestId('release-page').locator('.release-page__artist').click();
        await expect(page).toHaveURL(new RegExp(`/artist/${encodeURIComponent(track.artistId)}$`));
        await expect(page.getByRole('heading', { level: 1, name: artist.name })).toBeVisible();
        await stillPlaying('artist');
        await shot('3-artist');
      });

      await test.step('back to the track by the player bar, then its tag', async () => {
        await nowPlayingTitle(page).click();
        await expect(page.getByTestId('track-page')).toBeVisible();
        await page.getByRole('link', { name: `#${tag}` }).click();
        await expect(page).toHaveURL(new RegExp(`/tag/${tag}$`));
        await expect(page.getByRole('heading', { level: 1 })).toContainText(tag);
        await stillPlaying('tag');
        await shot('4-tag');
      });

      await test.step('the playlists, then a playlist', async () => {
        await nav.getByRole('link', { name: size.phone ? 'Library' : 'Playlists', exact: true }).click();
        await expect(page.getByRole('heading', { level: 1, name: 'Playlists' })).toBeVisible();
        await page.locator('#content').getByRole('link', { name: playlist.name }).first().click();
        await expect(page).toHaveURL(/tab=playlists-details/);
        await expect(page.locator('#content').getByRole('heading', { level: 2, name: playlist.name })).toBeVisible();
        await stillPlaying('playlist');
        await shot('5-playlist');
      });

      await test.step('the studio, then the dashboard', async () => {
        await nav.getByRole('link', { name: 'Studio', exact: true }).click();
        await expect(page.getByRole('heading', { level: 1, name: 'Studio' })).toBeVisible();
        await page.getByRole('link', { name: 'Open dashboard' }).click();
        await expect(page).toHaveURL(/\/home\/ArtistDashboard$/);
        await stillPlaying('dashboard');
        await shot('6-dashboard');
      });

      await test.step('"Home": /home, still the same song', async () => {
        await nav.getByRole('link', { name: 'Home', exact: true }).click();
        await expect(page).toHaveURL(/\/home$/);
        await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
        await stillPlaying('home');
        await expect(nowPlayingTitle(page)).toHaveText(title);
        await shot('7-home');
      });

      await context.close();
    });
  }

  test('the marketing pages keep the site layout', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Player sections' })).toHaveCount(0);
  });
});

test.describe('idle player: nothing made up before a track is picked', () => {
  for (const [language, size, texts] of [
    ['en', SIZES[0], { idle: 'Nothing playing', hint: 'Pick a track to play', unknown: ['Unknown track', 'Unknown Artist'] }],
    ['ru', SIZES[1], { idle: 'Ничего не играет', hint: 'Выберите трек', unknown: ['Неизвестный трек', 'Неизвестный исполнитель'] }],
    ['ru', SIZES[0], { idle: 'Ничего не играет', hint: 'Выберите трек', unknown: ['Неизвестный трек', 'Неизвестный исполнитель'] }],
    ['en', SIZES[1], { idle: 'Nothing playing', hint: 'Pick a track to play', unknown: ['Unknown track', 'Unknown Artist'] }],
  ] as const) {
    test(`${language}, ${size.name}: a fresh load shows an idle bar, then the picked track`, async ({ browser }, testInfo) => {
      const { context, page } = await openContext(browser, size, language);
      await page.goto('/home');
      const bar = page.getByTestId('player-bar');
      const rows = page.getByTestId('track-row');
      await expect(rows.first()).toBeVisible();
      await expect(bar.getByTestId('now-playing-title')).toHaveText(texts.idle);
      await expect(bar.getByText(texts.hint)).toBeVisible();
      for (const unknown of texts.unknown) await expect(bar.getByText(unknown)).toHaveCount(0);
      // No 0:00 / 0:00 for a track that is not there.
      await expect(bar.getByTestId('elapsed')).toBeHidden();
      await expect(bar.getByTestId('duration')).toBeHidden();
      await page.screenshot({ path: testInfo.outputPath(`idle-${language}.png`) });

      const first = (await rows.first().locator('.track-row__title').textContent())!.trim();
      await rows.first().locator('.track-row__play').click();
      await expect(bar.getByTestId('now-playing-title')).toHaveText(first);
      await expect(bar.getByTestId('now-playing-idle')).toHaveCount(0);
      await expect(bar.locator('.progress--idle')).toHaveCount(0);
      if (!size.phone) await expect(bar.getByTestId('duration')).toBeVisible();
      await context.close();
    });
  }
});

test.describe('sign in: a button at the top at every width, and on every "please sign in"', () => {
  const TEXTS = {
    en: { signIn: 'Sign in', account: 'Account', email: 'Email', password: 'Password', notices: ['Please sign in to create and see your playlists.', 'Please sign in to like tracks and see them here.', 'Please sign in to open your studio'] },
    ru: { signIn: 'Войти', account: 'Аккаунт', email: 'Email', password: 'Пароль', notices: ['Войдите, чтобы создавать и видеть свои плейлисты.', 'Войдите, чтобы лайкать треки и видеть их здесь.', 'Войдите, чтобы открыть студию'] },
  } as const;
  for (const size of SIZES) {
    for (const language of ['en', 'ru'] as const) {
      test(`${language}, ${size.name}: the top bar's Sign in and the notices' buttons open the form, which signs in`, async ({ browser }, testInfo) => {
        const texts = TEXTS[language];
        // The account is made beside the page, so the page itself starts signed out.
        const account = { ...newAccount('Tina Top'), email: `${unique('top-sign-in')}@example.com` };
        const api = await playwrightRequest.newContext({ baseURL: APP_URL });
        const signUp = await api.post('/api/auth/sign-up/email', { data: account, headers: { origin: APP_URL } });
        expect(signUp.status(), await signUp.text()).toBe(200);
        await api.dispose();

        const { context, page } = await openContext(browser, size, language);
        await page.goto('/home');
        const topBar = page.locator('.shell-topbar');
        const sheet = page.getByRole('dialog', { name: texts.account });

        // At the top of the window, in view without scrolling.
        const top = topBar.getByRole('button', { name: texts.signIn, exact: true });
        await expect(top).toBeInViewport();
        const box = (await top.boundingBox())!;
        expect(box.y).toBeLessThan(80);
        await top.click();
        await expect(sheet.getByLabel(texts.email)).toBeVisible();
        await expect(sheet.getByLabel(texts.email)).toBeInViewport();
        await page.screenshot({ path: testInfo.outputPath(`sign-in-sheet-${language}.png`) });
        await page.keyboard.press('Escape');
        await expect(sheet).toBeHidden();

        for (const [tab, notice] of [['playlists', texts.notices[0]], ['liked', texts.notices[1]], ['menu', texts.notices[2]]] as const) {
          await page.goto(`/home?tab=${tab}`);
          const prompt = page.locator('#content .sign-in-prompt').filter({ hasText: notice });
          await expect(prompt).toBeVisible();
          await prompt.getByRole('button', { name: texts.signIn, exact: true }).click();
          await expect(sheet.getByLabel(texts.email)).toBeVisible();
          if (tab !== 'menu') {
            await page.keyboard.press('Escape');
            await expect(sheet).toBeHidden();
          }
        }

        // From the studio's notice: signing in there opens the studio.
        await sheet.getByLabel(texts.email).fill(account.email);
        await sheet.getByLabel(texts.password).fill(account.password);
        await sheet.getByRole('form', { name: texts.signIn }).getByRole('button', { name: texts.signIn, exact: true }).click();
        await expect(sheet).toBeHidden();
        await expect(page.locator('#content .sign-in-prompt')).toHaveCount(0);
        await expect(topBar.getByRole('button', { name: texts.signIn, exact: true })).toHaveCount(0);
        await context.close();
      });
    }
  }
});

test('an invite link opens the playlist without a React Router warning', async ({ browser }) => {
  const owner = await openContext(browser, SIZES[0]);
  await signUpViaApi(owner.page, newAccount('Iris Invite'));
  const playlist = await createPlaylistViaApi(owner.page, unique('Invite Mix'));
  await owner.page.goto(`/home?tab=playlists-details&playlist=${playlist.id}`);
  await owner.page.getByRole('button', { name: 'Invite collaborators' }).click();
  const field = owner.page.getByRole('textbox', { name: 'Invite link for collaborators' });
  await expect(field).toHaveValue(/\?invite=/);
  const link = new URL(await field.inputValue());
  await owner.context.close();

  const { context, page } = await openContext(browser, SIZES[0]);
  const warnings: string[] = [];
  page.on('console', (message) => {
    // Playwright's own line where it blocks the service worker (the config's `serviceWorkers`) is not the app's.
    if (message.text() === 'Service Worker registration blocked by Playwright') return;
    if (message.type() === 'warning' || /no element|does not have an element/i.test(message.text())) warnings.push(message.text());
  });
  await page.goto(link.pathname + link.search);
  await expect(page).toHaveURL(/tab=playlists-details/);
  await expect(page).toHaveURL(/invite=/);
  await expect(page.getByText('Iris Invite invited you')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(warnings).toEqual([]);
  // Signed out, its "sign in to join" is a button that opens the sign-in form.
  await page.locator('#content .sign-in-prompt').getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Account' }).getByLabel('Email')).toBeVisible();
  await context.close();
});

test.describe('"More actions"', () => {
  test('1280×800: a menu under its button, inside the window, arrow keys move, Escape closes and gives focus back', async ({ browser }, testInfo) => {
    const { context, page } = await openContext(browser, SIZES[0]);
    await page.goto('/home');
    await expect(trackRows(page).first()).toBeVisible();
    // The lowest row in view: the menu must still fit in the window. (The card rows above the list
    // can push it below the fold: the list is scrolled up to the top bar first.)
    const rows = trackRows(page);
    await rows.first().evaluate((row) => row.scrollIntoView({ block: 'start', behavior: 'instant' }));
    const count = await rows.count();
    let button: Locator | null = null;
    for (let index = count - 1; index >= 0; index--) {
      const candidate = rows.nth(index).getByRole('button', { name: /^More actions for / });
      const box = await candidate.boundingBox();
      if (box && box.y + box.height < 800 - 120) {
        button = candidate;
        break;
      }
    }
    if (!button) throw new Error('no row button in view');
    await button.click();
    const menu = page.getByTestId('track-actions-sheet');
    await expect(menu).toBeVisible();
    await expect(menu).toHaveAttribute('data-kind', 'menu');
    const buttonBox = (await button.boundingBox())!;
    const menuBox = (await menu.boundingBox())!;
    await page.screenshot({ path: testInfo.outputPath('more-actions-menu.png') });
    // Inside the window, all of it, without scrolling inside.
    expect(menuBox.y).toBeGreaterThanOrEqual(0);
    expect(menuBox.y + menuBox.height).toBeLessThanOrEqual(800);
    expect(menuBox.x).toBeGreaterThanOrEqual(0);
    expect(menuBox.x + menuBox.width).toBeLessThanOrEqual(1280);
    expect(await menu.evaluate((element) => element.scrollHeight <= element.clientHeight + 1)).toBe(true);
    // By its button: just under it or just above it, its right edge at the button's.
    const under = Math.abs(menuBox.y - (buttonBox.y + buttonBox.height)) <= 12;
    const over = Math.abs(menuBox.y + menuBox.height - buttonBox.y) <= 12;
    expect(under || over, `menu ${JSON.stringify(menuBox)} by button ${JSON.stringify(buttonBox)}`).toBe(true);
    expect(Math.abs(menuBox.x + menuBox.width - (buttonBox.x + buttonBox.width))).toBeLessThanOrEqual(12);

    // The keyboard: the first action has the focus, the arrows move through them, Escape closes.
    await expect(menu.getByRole('button', { name: 'Play next' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('button', { name: 'Add to queue' })).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await expect(menu.getByRole('button', { name: 'Close' })).toBeFocused();
    await page.keyboard.press('Home');
    await expect(menu.getByRole('button', { name: 'Play next' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(button).toBeFocused();
    await context.close();
  });

  test('375×812 touch: still the bottom sheet', async ({ browser }) => {
    const { context, page } = await openContext(browser, SIZES[1]);
    await page.goto('/home');
    await expect(trackRows(page).first()).toBeVisible();
    await trackRows(page).first().getByRole('button', { name: /^More actions for / }).click();
    const sheet = page.getByTestId('track-actions-sheet');
    await expect(sheet).toHaveAttribute('data-kind', 'sheet');
    // Risen to the bottom edge (once its slide-in is over).
    await expect.poll(async () => Math.round(await sheet.evaluate((element) => element.getBoundingClientRect().bottom))).toBe(812);
    await context.close();
  });
});
