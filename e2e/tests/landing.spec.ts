import { expect, test, type Page } from '../support/test.js';
import { waitForDemoCatalogue } from '../support/app.js';

/**
 * The landing (SPEC 2): Learn more and Get started glide to their sections, the header's anchors
 * #home, #discover and #playlists work from any page, and the figures are the server's own.
 */

/** Records window.scrollY on every animation frame until `stopScrollSamples` is called. */
async function startScrollSamples(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { scrollSamples: number[]; sampling: boolean };
    w.scrollSamples = [window.scrollY];
    w.sampling = true;
    const tick = () => {
      if (!w.sampling) return;
      w.scrollSamples.push(window.scrollY);
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}

async function stopScrollSamples(page: Page): Promise<number[]> {
  return page.evaluate(() => {
    const w = window as unknown as { scrollSamples: number[]; sampling: boolean };
    w.sampling = false;
    return w.scrollSamples;
  });
}

/** Waits until the section sits right under the sticky header (its scroll-margin-top from the top). */
async function expectSectionAtTop(page: Page, id: string): Promise<void> {
  const offset = () =>
    page.evaluate((sectionId) => {
      const section = document.getElementById(sectionId);
      if (!section) return Number.NaN;
      return Math.round(section.getBoundingClientRect().top - parseFloat(getComputedStyle(section).scrollMarginTop));
    }, id);
  await expect.poll(offset, { message: `#${id} scrolled to the top`, timeout: 5_000 }).toBeGreaterThanOrEqual(-2);
  await expect.poll(offset, { message: `#${id} scrolled to the top`, timeout: 5_000 }).toBeLessThanOrEqual(2);
  await expect(page.locator(`#${id}`)).toBeInViewport();
}

/** A smooth scroll passes through positions between where it started and where it ended. */
function expectGlided(samples: number[]): void {
  const start = samples[0]!;
  const end = samples.at(-1)!;
  expect(end, 'the page scrolled').toBeGreaterThan(start + 100);
  const between = new Set(samples.filter((y) => y > start + 1 && y < end - 1));
  expect(between.size, `intermediate positions in ${JSON.stringify(samples)}`).toBeGreaterThanOrEqual(3);
  samples.forEach((y, i) => expect(y, 'never scrolls backwards').toBeGreaterThanOrEqual(samples[i - 1] ?? y));
}

test('Learn more and Get started glide to the features and to the download section', async ({ page }, testInfo) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Your music, on one platter' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('landing-top.png') });

  await startScrollSamples(page);
  await page.getByRole('link', { name: 'Learn more' }).click();
  await expectSectionAtTop(page, 'discover');
  const toFeatures = await stopScrollSamples(page);
  expectGlided(toFeatures);
  await expect(page).toHaveURL(/\/#discover$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Everything you need to listen' })).toBeInViewport();
  await testInfo.attach('scroll positions to #discover', { body: JSON.stringify(toFeatures), contentType: 'application/json' });

  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  await startScrollSamples(page);
  await page.getByRole('link', { name: 'Get started' }).click();
  await expectSectionAtTop(page, 'download');
  const toDownload = await stopScrollSamples(page);
  expectGlided(toDownload);
  // No Android package on the test server: the section opens with the offer to install from the browser.
  await expect(page.getByRole('heading', { name: 'Install Platter as an app' })).toBeInViewport();
  await page.screenshot({ path: testInfo.outputPath('landing-download.png') });
});

test('with reduced motion the same links jump straight to their section', async ({ browser }) => {
  const context = await browser.newContext({ reducedMotion: 'reduce' });
  const page = await context.newPage();
  try {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await startScrollSamples(page);
    await page.getByRole('link', { name: 'Learn more' }).click();
    await expectSectionAtTop(page, 'discover');
    const samples = await stopScrollSamples(page);
    const start = samples[0]!;
    const end = samples.at(-1)!;
    expect(samples.filter((y) => y > start + 1 && y < end - 1), 'no intermediate positions').toEqual([]);
  } finally {
    await context.close();
  }
});

test('the header anchors #home, #discover and #playlists work from another page', async ({ page }, testInfo) => {
  const header = page.getByRole('navigation', { name: 'Main navigation' });

  await page.goto('/about');
  await header.getByRole('link', { name: 'Discover' }).click();
  await expect(page).toHaveURL(/\/#discover$/);
  await expectSectionAtTop(page, 'discover');

  await page.goto('/about');
  await header.getByRole('link', { name: 'Playlists' }).click();
  await expect(page).toHaveURL(/\/#playlists$/);
  await expectSectionAtTop(page, 'playlists');
  await expect(page.getByRole('heading', { level: 2, name: 'Your playlists, wherever you are' })).toBeInViewport();
  await page.screenshot({ path: testInfo.outputPath('from-about-playlists.png') });

  // And on the landing itself, back to the top.
  await header.getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL(/\/#home$/);
  await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 5_000 }).toBe(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Your music, on one platter' })).toBeInViewport();

  // A link typed or shared with the anchor lands on its section too.
  await page.goto('/#playlists');
  await expectSectionAtTop(page, 'playlists');
});

test('the figures are the server’s real ones where it has them, the claims elsewhere', async ({ page, request }) => {
  await waitForDemoCatalogue(request);
  const response = await request.get('/api/stats');
  expect(response.status()).toBe(200);
  const stats = (await response.json()) as { tracks: number; artists: number; users: number };
  expect(stats.tracks).toBeGreaterThan(0);

  await page.goto('/#figures');
  const figures = page.getByRole('region', { name: 'Platter in numbers' });
  const figure = (label: string) => figures.locator('.figure', { has: page.getByText(label, { exact: true }) }).locator('dd');
  const format = (n: number) => new Intl.NumberFormat('en-US').format(n);
  await expect(figure('tracks in the catalogue')).toHaveText(format(stats.tracks));
  await expect(figure('artists publishing')).toHaveText(format(stats.artists));
  await expect(figure('registered listeners')).toHaveText(format(stats.users));
  await expect(figure('countries')).toHaveText('20+');
  // The app's rating and downloads are claims about an Android package; the test server has none.
  expect((await request.get('/api/app/download').then((answer) => answer.json())) as unknown).toMatchObject({ kind: 'none' });
  await expect(figures.getByText('app rating')).toHaveCount(0);
  await expect(figures.getByText('app downloads')).toHaveCount(0);
  await expect(figures.getByText('50+')).toHaveCount(0);
});
