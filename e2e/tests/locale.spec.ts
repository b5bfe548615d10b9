import { expect, test } from '@playwright/test';
import { newAccount, signUpViaApi, unique, waitForDemoCatalogue, type ApiTrack } from '../support/app.js';
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
