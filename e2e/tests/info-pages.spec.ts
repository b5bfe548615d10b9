import { expect, test, type Page } from '../support/test.js';
import { skipTermsModal } from '../support/app.js';
import { screenshotBoth, sidebar } from '../support/library.js';

/** The info pages: each one's headings in order, its table of contents, and one of them in Russian. */

test.beforeEach(async ({ context }) => {
  await skipTermsModal(context);
});

const contents = (page: Page) => page.getByRole('navigation', { name: 'On this page' });

/** The page's sections in order, in its headings and its table of contents; `after` are headings that follow them. */
async function expectSections(page: Page, titles: string[], after: string[] = []): Promise<void> {
  await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText([...titles, ...after]);
  await expect(contents(page).getByRole('link')).toHaveText(titles);
}

test('about and for-artist say what Platter is and what artists get', async ({ page }, testInfo) => {
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1, name: 'About Platter' })).toBeVisible();
  await expect(page).toHaveTitle('About Platter · Platter');
  await expectSections(page, ['What Platter is', 'Who makes it, and for whom', 'What we promise', 'Get in touch']);
  const promises = page.locator('#promises');
  for (const promise of ['Gapless playback.', 'Offline listening.', 'Fast search.', 'Uploads that never fail silently.', 'Its own server.', 'English and Russian.'])
    await expect(promises.getByText(promise, { exact: true })).toBeVisible();
  await screenshotBoth(page, (file) => testInfo.outputPath(file), 'about');

  await page.getByRole('main').getByRole('link', { name: 'Publish your music' }).click();
  await expect(page).toHaveURL(/\/for-artist$/);
  await expect(page.getByRole('heading', { level: 1, name: 'For artists' })).toBeVisible();
  await expectSections(page, ['Upload your tracks', 'Waveform and timed comments', 'Your statistics', 'Posts and news', 'Subscribers', 'Statuses', 'Moderation'], [
    'Start publishing',
  ]);
  // The upload limit is this server's, read from GET /api/config.
  const config = (await (await page.request.get('/api/config')).json()) as { maxUploadMb: number };
  await expect(page.locator('#upload').getByText(`${config.maxUploadMb} MB`, { exact: true })).toBeVisible();
  await expect(page.locator('#statuses')).toContainText('Premium Subscriber');
  await screenshotBoth(page, (file) => testInfo.outputPath(file), 'for-artist');

  await page.getByRole('link', { name: 'Open the studio' }).click();
  await expect(page).toHaveURL(/\/home\?tab=menu$/);
});

test('the policies have their sections in order, a working table of contents and a date', async ({ page }, testInfo) => {
  await page.goto('/about');
  await page.getByRole('navigation', { name: 'Legal' }).getByRole('link', { name: 'Privacy policy' }).click();
  await expect(page).toHaveURL(/\/privacy-policy$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeVisible();
  await expect(page.getByText(/^Last updated: /)).toBeVisible();
  await expectSections(page, ['What We Collect', 'How We Use Your Data', 'Your Security', 'Cookies', 'Your Control']);
  await expect(page.locator('#collect')).toContainText('Playlists');
  await expect(page.locator('#collect')).toContainText('Listening habits');
  await expect(page.locator('#collect')).toContainText('Preferences');
  await expect(page.locator('#security')).toContainText('encrypted');
  await expect(page.locator('#control')).toContainText('deleted');

  // A table-of-contents link brings its section into view.
  const control = page.getByRole('heading', { level: 2, name: 'Your Control' });
  await contents(page).getByRole('link', { name: 'Your Control' }).click();
  await expect(page).toHaveURL(/#control$/);
  await expect(control).toBeInViewport();
  await screenshotBoth(page, (file) => testInfo.outputPath(file), 'privacy-policy');

  // A link straight to a section scrolls to it once the page has rendered.
  await page.goto('/cookie-policy#disable');
  await expect(page.getByRole('heading', { level: 1, name: 'Cookie policy' })).toBeAttached();
  await expect(page.getByRole('heading', { level: 2, name: 'Disabling cookies' })).toBeInViewport();
  await expectSections(page, ['Essential', 'Analytics', 'Personalization', 'Disabling cookies']);
  await expect(page.locator('#disable')).toContainText("in your browser's settings");
  for (const key of ['acceptedTerms', 'trackHistory', 'viewedPosts']) await expect(page.locator('#personalization').getByText(key, { exact: true })).toBeVisible();

  await page.goto('/terms-of-service');
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of service' })).toBeVisible();
  await expectSections(page, [
    'Acceptance of Terms',
    'User Responsibilities',
    'Intellectual Property',
    'Limitation of Liability',
    'Changes to Terms',
  ]);
  await expect(page.locator('#acceptance')).toContainText('13 or older with the permission of a parent or guardian');
  await expect(page.locator('#acceptance')).toContainText('18 or older');
  await screenshotBoth(page, (file) => testInfo.outputPath(file), 'terms');
});

test('after switching to Russian the terms are Russian', async ({ page }, testInfo) => {
  await page.goto('/home');
  await sidebar(page).getByLabel('Language').selectOption('ru');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');

  await page.goto('/terms-of-service');
  await expect(page.getByRole('heading', { level: 1, name: 'Условия использования' })).toBeVisible();
  await expect(page).toHaveTitle('Условия использования · Platter');
  await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText([
    'Принятие условий',
    'Обязанности пользователя',
    'Интеллектуальная собственность',
    'Ограничение ответственности',
    'Изменения условий',
  ]);
  await expect(page.getByRole('navigation', { name: 'На этой странице' })).toBeVisible();
  await expect(page.getByText(/^Последнее обновление: /)).toBeVisible();
  await expect(page.locator('#acceptance')).toContainText('от 13 лет с разрешения родителя или опекуна');
  await expect(page.locator('#acceptance')).toContainText('от 18 лет');
  await screenshotBoth(page, (file) => testInfo.outputPath(file), 'terms-ru');
});
