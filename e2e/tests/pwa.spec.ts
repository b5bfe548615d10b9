import { expect, test, type APIResponse } from '../support/test.js';
import { skipTermsModal } from '../support/app.js';

// This journey needs the service worker, which the config blocks elsewhere.
test.use({ serviceWorkers: 'allow' });

/** The installable app (issue 5): the manifest and its icons, the service worker, the Install button. */
test.beforeEach(async ({ context }) => {
  await skipTermsModal(context);
});

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

/** A PNG's width and height, from its IHDR chunk. */
async function pngSize(response: APIResponse): Promise<string> {
  const bytes = await response.body();
  expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

test('the manifest has what Chrome and Android need, and its icons load', async ({ page, request }) => {
  await page.goto('/home');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const response = await request.get(href!);
  expect(response.status()).toBe(200);
  const manifest = (await response.json()) as Record<string, unknown> & { icons: ManifestIcon[] };
  expect(manifest).toMatchObject({
    name: 'Platter',
    short_name: 'Platter',
    start_url: '/home',
    scope: '/',
    display: 'standalone',
    id: '/home',
    theme_color: '#0e0e12',
    background_color: '#0e0e12',
  });
  expect(typeof manifest.description).toBe('string');
  const icon = (sizes: string, purpose: string) => manifest.icons.find((item) => item.sizes === sizes && (item.purpose ?? 'any') === purpose);
  for (const [sizes, purpose] of [['192x192', 'any'], ['512x512', 'any'], ['512x512', 'maskable']] as const) {
    const entry = icon(sizes, purpose);
    expect(entry, `${sizes} ${purpose} icon`).toBeDefined();
    const image = await request.get(entry!.src);
    expect(image.status()).toBe(200);
    expect(image.headers()['content-type']).toBe('image/png');
    expect(await pngSize(image)).toBe(sizes);
  }
});

test('the service worker is served from /service-worker.js, uncached, and registers', async ({ page, request }) => {
  const script = await request.get('/service-worker.js');
  expect(script.status()).toBe(200);
  expect(script.headers()['content-type']).toMatch(/javascript/);
  expect(script.headers()['cache-control']).toBe('no-cache');

  const logged = page.waitForEvent('console', { predicate: (message) => message.text().startsWith('Service worker registered') });
  await page.goto('/home');
  const scriptURL = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL ?? null);
  expect(new URL(scriptURL!).pathname).toBe('/service-worker.js');
  await logged;
});

test('the Install button appears once the browser offers installing, and shows its prompt', async ({ page }) => {
  await page.goto('/home');
  const sidebar = page.getByRole('complementary', { name: 'Player sidebar' });
  await expect(sidebar.getByRole('link', { name: 'Home', exact: true })).toBeVisible();
  const install = sidebar.getByRole('button', { name: 'Install Platter', exact: true });
  await expect(install).toHaveCount(0);

  // What Chrome fires when Platter is installable (headless Chromium never does by itself).
  await page.evaluate(() => {
    const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & {
      prompt: () => Promise<void>;
      userChoice: Promise<{ outcome: string; platform: string }>;
    };
    const win = window as unknown as { __prompted: number };
    win.__prompted = 0;
    event.prompt = () => {
      win.__prompted += 1;
      return Promise.resolve();
    };
    event.userChoice = Promise.resolve({ outcome: 'accepted', platform: 'web' });
    window.dispatchEvent(event);
  });
  await expect(install).toBeVisible();
  await install.click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { __prompted: number }).__prompted)).toBe(1);
  // The browser allows each install event to be used once.
  await expect(install).toHaveCount(0);
});
