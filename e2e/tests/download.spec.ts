import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '../support/test.js';
import { APP_URL, DATA_DIR_POINTER } from '../support/env.js';

// This journey needs the service worker, which the config blocks elsewhere.
test.use({ serviceWorkers: 'allow' });

/**
 * The download section (SPEC 2 and 4) on /platter-started: the QR toggle, the install offer (and no
 * package figures) when there is no Android package, and a package file from DATA_DIR/downloads
 * fetched with real progress and handed to the browser, its figures shown.
 */

const downloadsDir = () => path.join(fs.readFileSync(DATA_DIR_POINTER, 'utf8').trim(), 'downloads');

async function openDownloadPage(page: Page): Promise<void> {
  await page.goto('/platter-started');
  await expect(page.getByRole('heading', { level: 1, name: 'Get the app' })).toBeVisible();
}

test.describe('without a package', () => {
  test.beforeEach(async ({ request }) => {
    const response = await request.get('/api/app/download');
    expect(await response.json()).toMatchObject({ kind: 'none' });
  });

  test('the QR toggle shows and hides a Scan QR card with a 120 px code of this page', async ({ page }, testInfo) => {
    await openDownloadPage(page);
    const card = page.getByRole('group', { name: 'Scan QR' });
    await expect(card).toHaveCount(0);

    await page.getByRole('button', { name: 'Show QR for dowloading' }).click();
    await expect(card).toBeVisible();
    await expect(card.getByText('Just point your camera at the QR code for quick downloading')).toBeVisible();
    const code = card.getByRole('img', { name: `QR code for ${APP_URL}/platter-started` });
    await expect(code).toBeVisible();
    // Drawn once the encoder has loaded: a path of dark modules.
    await expect(code.locator('path')).toHaveAttribute('d', /^M\d/);
    const box = await code.boundingBox();
    expect(box && { width: box.width, height: box.height }).toEqual({ width: 120, height: 120 });
    await page.screenshot({ path: testInfo.outputPath('qr-shown.png') });

    await page.getByRole('button', { name: 'Hide QR' }).click();
    await expect(card).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Show QR for dowloading' })).toHaveAttribute('aria-expanded', 'false');
  });

  test('the section offers installing Platter from the browser, and shows no package or package figures', async ({ page }, testInfo) => {
    await openDownloadPage(page);
    const section = page.getByRole('region', { name: 'Get the app' });
    const offer = section.getByTestId('install-offer');
    await expect(offer.getByRole('heading', { name: 'Install Platter as an app' })).toBeVisible();
    // Chromium under test never offers installation by itself: the page says how to install by hand.
    const android = offer.getByRole('region', { name: 'Android, in Chrome' });
    await expect(android.getByRole('listitem')).toHaveText([
      'Open this page in Chrome.',
      'Tap the ⋮ menu at the top right.',
      'Choose “Install app” (or “Add to Home screen”).',
      'Tap Install to confirm.',
    ]);
    const ios = offer.getByRole('region', { name: 'iPhone or iPad, in Safari' });
    await expect(ios.getByRole('listitem')).toHaveText([
      'Open this page in Safari.',
      'Tap Share (the square with an arrow up).',
      'Scroll down and choose “Add to Home Screen”.',
      'Tap Add.',
    ]);
    await expect(offer.getByRole('button', { name: 'Install Platter' })).toHaveCount(0);
    // No package: nothing to download, and none of the spec's claims about one.
    await expect(section.getByRole('button', { name: 'Download for Android' })).toHaveCount(0);
    for (const claim of ['not available yet', '1000+', 'v1.0.2', '50MB', 'Rating', 'Version']) await expect(section.getByText(claim)).toHaveCount(0);
    await page.screenshot({ path: testInfo.outputPath('install-steps.png'), fullPage: true });

    // When the browser offers it (the event Chrome fires), its Install button replaces the steps and prompts.
    await page.evaluate(() => {
      const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & {
        prompt: () => Promise<void>;
        userChoice: Promise<{ outcome: string; platform: string }>;
      };
      event.prompt = async () => {
        (window as unknown as { prompted: number }).prompted = ((window as unknown as { prompted?: number }).prompted ?? 0) + 1;
      };
      event.userChoice = Promise.resolve({ outcome: 'accepted', platform: 'web' });
      window.dispatchEvent(event);
    });
    await expect(android).toHaveCount(0);
    await offer.getByRole('button', { name: 'Install Platter' }).click();
    await expect(offer).toContainText('Platter is installed on this device.');
    expect(await page.evaluate(() => (window as unknown as { prompted?: number }).prompted)).toBe(1);
    await page.screenshot({ path: testInfo.outputPath('install-offer.png') });
  });

  test('in Russian, the install steps are Russian', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('language', 'ru'));
    await page.goto('/platter-started');
    const offer = page.getByTestId('install-offer');
    await expect(offer.getByRole('heading', { name: 'Установите Platter как приложение' })).toBeVisible();
    await expect(offer.getByRole('region', { name: 'Android, в Chrome' })).toContainText('Нажмите меню ⋮ в правом верхнем углу.');
    await expect(offer.getByRole('region', { name: 'iPhone или iPad, в Safari' })).toContainText('Прокрутите вниз и выберите «На экран „Домой“».');
    await expect(page.getByRole('button', { name: 'Скачать для Android' })).toHaveCount(0);
  });
});

test("'Open in web' goes to the player", async ({ page }) => {
  await openDownloadPage(page);
  await page.getByRole('link', { name: 'Open in web' }).click();
  await expect(page).toHaveURL(`${APP_URL}/home`);
});

test('a package file downloads with real progress to 100% and reaches the browser', async ({ page, context }, testInfo) => {
  const size = 6 * 1024 * 1024 + 123;
  const fileName = `platter-e2e-${Date.now()}.apk`;
  const file = path.join(downloadsDir(), fileName);
  fs.mkdirSync(downloadsDir(), { recursive: true });
  // A fake package: Platter serves whatever .apk is there; its bytes only need a recognisable size.
  fs.writeFileSync(file, Buffer.alloc(size, 7));
  try {
    await openDownloadPage(page);
    // A slow link (real server, real bytes), so the progress can be watched on its way.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: 3 * 1024 * 1024,
      uploadThroughput: -1,
    });

    await page.getByRole('button', { name: 'Show QR for dowloading' }).click();
    await expect(page.getByRole('img', { name: `QR code for ${APP_URL}/downloads/${fileName}` })).toBeVisible();
    await expect(page.getByText('Size', { exact: true }).locator('..')).toContainText('6MB');
    await expect(page.getByText('Version', { exact: true }).locator('..')).toContainText('v1.0.2');
    await expect(page.getByTestId('install-offer')).toHaveCount(0);

    // Every value the progress bar shows, as the page renders it.
    await page.evaluate(() => {
      const seen: number[] = [];
      (window as unknown as { progressSeen: number[] }).progressSeen = seen;
      new MutationObserver(() => {
        const bar = document.querySelector('progress');
        if (bar && seen.at(-1) !== bar.value) seen.push(bar.value);
      }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['value'] });
    });

    const downloadButton = page.getByRole('button', { name: 'Download for Android' });
    const received = page.waitForEvent('download');
    await downloadButton.click();
    const preparing = page.getByRole('button', { name: 'Preparing download...' });
    await expect(preparing).toBeDisabled();
    await expect(page.getByRole('progressbar', { name: 'Download progress' })).toBeVisible();

    const download = await received;
    expect(download.suggestedFilename()).toBe(fileName);
    const saved = testInfo.outputPath(fileName);
    await download.saveAs(saved);
    expect(fs.statSync(saved).size).toBe(size);
    fs.rmSync(saved);

    await expect(page.getByText(`Downloaded ${fileName}`)).toBeVisible();
    await expect(downloadButton).toBeEnabled();
    const seen = await page.evaluate(() => (window as unknown as { progressSeen: number[] }).progressSeen);
    await testInfo.attach('progress values seen', { body: JSON.stringify(seen), contentType: 'application/json' });
    console.log(`progress values seen: ${seen.join(', ')}`);
    expect(seen[0]).toBe(0);
    expect(seen.at(-1)).toBe(100);
    seen.forEach((value, i) => expect(value).toBeGreaterThanOrEqual(seen[i - 1] ?? 0));
    expect(seen.filter((value) => value > 0 && value < 100).length, 'values on the way').toBeGreaterThanOrEqual(3);
    await page.screenshot({ path: testInfo.outputPath('downloaded.png') });
  } finally {
    fs.rmSync(file, { force: true });
  }
});
