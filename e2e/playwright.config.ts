import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { APP_URL, CHROMIUM_PATH, OIDC_ISSUER, S3_APP_URL } from './support/env.js';

/**
 * Browser journeys against the built app: `npm run build`, then
 *   npx playwright test -c e2e/playwright.config.ts
 * Chromium comes from Debian (its headless shell, else /usr/bin/chromium, or CHROMIUM_PATH:
 * support/env.ts); never `playwright install`.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const ci = process.env.CI === 'true' || process.env.CI === '1';

export default defineConfig({
  testDir: './tests',
  globalSetup: './support/global-setup.ts',
  outputDir: './test-results',
  // The journeys share one server (and its demo catalogue generation eats a core), and a
  // 2-core machine plays audio more reliably with one browser at a time.
  workers: 1,
  fullyParallel: false,
  forbidOnly: ci,
  // No retries, in CI either: a journey that needs a second try is a failure to look at, not to hide.
  retries: 0,
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  use: {
    baseURL: APP_URL,
    browserName: 'chromium',
    locale: 'en-US',
    viewport: { width: 1280, height: 800 },
    // A failed journey keeps its trace: each action's DOM snapshot, the network, the console. Not
    // the screencast: its frames cost ~20 % of the journeys' CPU (bench/ci-time.md), and the
    // failure's own screenshot (below) shows the end.
    trace: { mode: 'retain-on-failure', screenshots: false },
    // No service worker unless a journey asks for one (`test.use({ serviceWorkers: 'allow' })`; which
    // do, and why, in e2e/README.md). Installing it precaches the whole app (~120 files) in every
    // new context: 30 % of the journeys' CPU in a sample of three files.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
        '--autoplay-policy=no-user-gesture-required',
      ],
    },
  },
  projects: [{ name: 'chromium' }],
  webServer: [
    {
      name: 'oidc',
      command: 'node --import tsx e2e/support/oidc-server.ts',
      cwd: root,
      url: `${OIDC_ISSUER}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    },
    {
      name: 'platter',
      command: 'node --import tsx e2e/support/app-server.ts',
      cwd: root,
      url: `${APP_URL}/api/health`,
      reuseExistingServer: false,
      timeout: 90_000,
      stdout: 'pipe',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    },
    {
      // The same built server on S3 storage (s3rver beside it), for the upload journey on S3.
      name: 'platter-s3',
      command: 'node --import tsx e2e/support/app-server.ts --s3',
      cwd: root,
      url: `${S3_APP_URL}/api/ready`,
      reuseExistingServer: false,
      timeout: 90_000,
      stdout: 'pipe',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    },
  ],
});
