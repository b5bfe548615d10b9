import { expect, test, type Browser, type Page } from '../support/test.js';
import { newAccount, signUpViaApi, waitForDemoCatalogue } from '../support/app.js';
import { APP_PORT, APP_URL } from '../support/env.js';
import { openSession, screenshotBoth } from '../support/library.js';
import { startSubsonicWebClient } from '../support/subsonic-web-client.js';

/** The Subsonic settings' words in each language (apps/web/src/i18n/{en,ru}.json, `subsonic.*`). */
const WORDS = {
  en: { title: 'Subsonic apps', name: 'App', kind: 'Kind', appPassword: 'App password', create: 'Create', server: 'server' },
  ru: { title: 'Приложения Subsonic', name: 'Приложение', kind: 'Тип', appPassword: 'Пароль приложения', create: 'Создать', server: 'сервер' },
} as const;

let client: Awaited<ReturnType<typeof startSubsonicWebClient>>;

test.beforeAll(async ({ request }) => {
  await waitForDemoCatalogue(request);
  client = await startSubsonicWebClient();
});

test.afterAll(async () => {
  await client?.close();
});

/** Makes an app password in Platter's settings (Studio tab), in `language`; returns the account's e-mail and the secret. */
async function makeAppPassword(browser: Browser, language: keyof typeof WORDS): Promise<{ email: string; password: string }> {
  const words = WORDS[language];
  const { context, page } = await openSession(browser);
  await context.addInitScript((lang) => {
    window.localStorage.setItem('language', lang);
    // The studio's copyright notice (its own journeys) would hold the focus in its dialog.
    window.localStorage.setItem('acceptedCopyright', 'true');
  }, language);
  const account = newAccount(language === 'ru' ? 'Слушатель Subsonic' : 'Subsonic Listener');
  await signUpViaApi(page, account);
  await page.goto('/home?tab=menu');
  const settings = page.getByTestId('subsonic-credentials');
  await expect(settings.getByRole('heading', { name: words.title })).toBeVisible();
  // The settings say which server and user name to give the app.
  await expect(settings).toContainText(`${words.server} ${APP_URL}`);
  await expect(settings).toContainText(account.email);
  await settings.getByRole('textbox', { name: words.name, exact: true }).fill('Mini web client');
  await settings.getByRole('combobox', { name: words.kind, exact: true }).selectOption({ label: words.appPassword });
  await settings.getByRole('button', { name: words.create }).click();
  const password = (await settings.getByTestId('subsonic-secret').textContent())?.trim() ?? '';
  expect(password.length).toBeGreaterThanOrEqual(16);
  await context.close();
  return { email: account.email, password };
}

/** Every `<img>` of a list that has a source has loaded an image (a failed cover has naturalWidth 0). */
async function loadedImages(page: Page, list: string): Promise<{ shown: number; broken: string[] }> {
  return page.getByRole('list', { name: list }).evaluate(async (element) => {
    const images = [...element.querySelectorAll('img')].filter((image) => image.getAttribute('src'));
    const settled = (image: HTMLImageElement) =>
      new Promise((resolve) => {
        image.addEventListener('load', resolve, { once: true });
        image.addEventListener('error', resolve, { once: true });
      });
    await Promise.all(images.map((image) => (image.complete ? undefined : settled(image))));
    return { shown: images.length, broken: images.filter((image) => image.naturalWidth === 0).map((image) => image.alt) };
  });
}

for (const language of ['en', 'ru'] as const) {
  test(`a web Subsonic client on another origin signs in with an app password made in ${language === 'en' ? 'English' : 'Russian'}, lists, shows covers, plays, and deletes a playlist with DELETE`, async ({ browser }, testInfo) => {
    const { email, password } = await makeAppPassword(browser, language);

    // The client's own browser profile: no Platter cookies, normal web security (CORS applies).
    const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const failedRequests: string[] = [];
    // Calls and covers the browser refused (CORS, CORP) or that failed; media loads are checked by the player.
    page.on('requestfailed', (request) => {
      if (['fetch', 'xhr', 'image'].includes(request.resourceType())) failedRequests.push(`${request.url()} ${request.failure()?.errorText ?? ''}`);
    });
    await page.goto(client.url);
    expect(new URL(page.url()).origin).not.toBe(APP_URL);
    expect(new URL(page.url()).port).not.toBe(String(APP_PORT));

    await page.getByLabel('Server').fill(APP_URL);
    await page.getByLabel('Username').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('status')).toHaveText(`Signed in as ${email}`);

    await test.step('lists albums and artists with their covers and images (an artist’s by the artist’s id)', async () => {
      const albums = page.getByRole('list', { name: 'Albums' }).getByRole('listitem');
      await expect(albums.first()).toBeVisible();
      const albumCovers = await loadedImages(page, 'Albums');
      expect(albumCovers.shown).toBeGreaterThan(0);
      expect(albumCovers.broken).toEqual([]);
      const artistImages = await loadedImages(page, 'Artists');
      expect(artistImages.shown).toBeGreaterThan(0);
      expect(artistImages.broken).toEqual([]);
      await screenshotBoth(page, (file) => testInfo.outputPath(file), `subsonic-web-client-${language}`);
    });

    await test.step('plays an album’s first song with <audio> from /rest/stream', async () => {
      await page.getByRole('list', { name: 'Albums' }).getByRole('button', { name: /^Play / }).first().click();
      await expect(page.getByRole('status')).toHaveText(/^Playing /);
      const player = page.locator('#player');
      await expect.poll(() => player.evaluate((audio: HTMLAudioElement) => audio.currentTime), { timeout: 15_000 }).toBeGreaterThan(0.3);
      expect(await player.evaluate((audio: HTMLAudioElement) => audio.error)).toBeNull();
      await player.evaluate((audio: HTMLAudioElement) => audio.pause());
    });

    await test.step('makes a playlist (POST form) and deletes it with HTTP DELETE: it is really gone', async () => {
      await page.getByRole('button', { name: 'New playlist' }).click();
      await expect(page.getByRole('status')).toHaveText(/^Created Mini mix \d+$/);
      const name = (await page.getByRole('status').textContent())!.replace(/^Created /, '');
      const playlists = page.getByRole('list', { name: 'Playlists' });
      await expect(playlists.getByRole('listitem').filter({ hasText: `${name} (1)` })).toBeVisible();
      await playlists.getByRole('button', { name: `Delete ${name}` }).click();
      await expect(page.getByRole('status')).toHaveText(`Deleted ${name}`);
      // The list is read again from the server after the delete.
      await expect(playlists.getByRole('listitem').filter({ hasText: name })).toHaveCount(0);
    });

    expect(failedRequests).toEqual([]);
    await context.close();
  });
}
