import { expect, test, type Page } from '../support/test.js';
import { newAccount, signUpViaApi, skipTermsModal, trackRows, unique, waitForDemoCatalogue, type ApiTrack } from '../support/app.js';
import { createPlaylistViaApi, main, openSession, openTrackSheet, screenshotBoth } from '../support/library.js';

let demo: ApiTrack[] = [];

test.beforeAll(async ({ request }) => {
  demo = await waitForDemoCatalogue(request);
});

test('switching to Russian applies at once, survives a reload, and the spec texts are Russian', async ({ browser }, testInfo) => {
  const { context, page } = await openSession(browser);
  await signUpViaApi(page, newAccount('Rita Russian'));
  const name = unique('Плейлист');
  await createPlaylistViaApi(page, name);
  await page.goto('/home');
  // Its accessible name is translated too.
  const sidebar = page.getByRole('complementary');

  await sidebar.getByLabel('Language').selectOption('ru');
  await expect(page.getByRole('heading', { level: 1, name: 'Главная' })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Поиск' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('ru');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Главная' })).toBeVisible();
  await screenshotBoth(page, (file) => testInfo.outputPath(file), 'home-ru');

  await sidebar.getByRole('link', { name: 'Поиск' }).click();
  await expect(page.getByPlaceholder('Найти треки, исполнителей, альбомы...')).toBeVisible();
  await expect(main(page).getByRole('heading', { name: 'Недавние запросы' })).toBeVisible();
  await expect(main(page).getByRole('heading', { name: 'Топ чартов' })).toBeVisible();
  await screenshotBoth(page, (file) => testInfo.outputPath(file), 'search-ru');

  await page.goto('/home?tab=history');
  await expect(main(page).getByText('История пока пуста.')).toBeVisible();
  await page.goto('/home?tab=radio');
  await expect(main(page).getByText('Этот раздел в разработке')).toBeVisible();

  await test.step('the delete confirmation and the report alert are the spec’s Russian texts', async () => {
    await page.goto('/home?tab=playlists');
    const questions: string[] = [];
    page.once('dialog', (dialog) => {
      questions.push(dialog.message());
      void dialog.dismiss();
    });
    await page.getByRole('button', { name: `Удалить ${name}` }).click();
    await expect.poll(() => questions).toEqual(['Вы действительно хотите удалить этот плейлист?']);
    await expect(page.getByRole('button', { name: `Удалить ${name}` })).toBeVisible();

    await page.goto('/home');
    const sheet = page.getByRole('dialog', { name: `Действия с треком ${demo[0]!.title}` });
    await page.getByRole('button', { name: `Действия с треком ${demo[0]!.title}`, exact: true }).click();
    await sheet.getByRole('button', { name: 'Пожаловаться на трек' }).click();
    const alerts: string[] = [];
    page.once('dialog', (dialog) => {
      alerts.push(dialog.message());
      void dialog.accept();
    });
    await sheet.getByRole('button', { name: 'Отправить жалобу' }).click();
    await expect.poll(() => alerts).toEqual(['Жалоба на трек отправлена!']);
    await expect(sheet).toBeHidden();
  });

  await sidebar.getByLabel('Язык').selectOption('en');
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await openTrackSheet(page, demo[0]!.title);
  await context.close();
});

/** A string only en.json has, and its Russian in ru.json: which locale a script carries. */
const ENGLISH_ONLY = 'Unknown Artist';
const RUSSIAN_ONLY = 'Неизвестный исполнитель';

/** Records every script the page loads; the returned function lists those whose text has `marker`. */
function recordScripts(page: Page): (marker: string) => Promise<string[]> {
  const scripts: Array<{ url: string; text: Promise<string> }> = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.endsWith('.js')) scripts.push({ url: response.url(), text: response.text().catch(() => '') });
  });
  return async (marker) => {
    const carrying: string[] = [];
    for (const script of scripts) if ((await script.text).includes(marker)) carrying.push(new URL(script.url).pathname);
    return carrying;
  };
}

test('a first visit in English downloads no Russian strings; switching loads them then', async ({ page, context }) => {
  await skipTermsModal(context);
  const scriptsWith = recordScripts(page);
  await page.goto('/home');
  await expect(trackRows(page).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await scriptsWith(RUSSIAN_ONLY)).toEqual([]);
  expect(await scriptsWith(ENGLISH_ONLY)).toHaveLength(1);

  await page.getByRole('complementary').getByLabel('Language').selectOption('ru');
  await expect(page.getByRole('heading', { level: 1, name: 'Главная' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await expect.poll(() => scriptsWith(RUSSIAN_ONLY)).toHaveLength(1);
});

test('a first visit in Russian downloads no English strings', async ({ page, context }) => {
  await skipTermsModal(context);
  await context.addInitScript(() => window.localStorage.setItem('language', 'ru'));
  const scriptsWith = recordScripts(page);
  await page.goto('/home');
  await expect(page.getByRole('heading', { level: 1, name: 'Главная' })).toBeVisible();
  await expect(page.getByTestId('track-row').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await scriptsWith(ENGLISH_ONLY)).toEqual([]);
  expect(await scriptsWith(RUSSIAN_ONLY)).toHaveLength(1);
});
