import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { waitForDemoCatalogue, type ApiTrack } from '../support/app.js';

/**
 * axe-core over every public page, against WCAG 2.0 and 2.1 A and AA: no violation may be
 * serious or critical. Each page is checked once what it shows has loaded (its main heading or
 * content), so the audit sees the real page rather than a loading line.
 */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

let demo: ApiTrack[] = [];

test.beforeAll(async ({ request }) => {
  demo = await waitForDemoCatalogue(request);
});

interface Audited {
  name: string;
  path: () => string;
  /** What shows that the page has loaded. */
  ready: (page: Page) => Promise<void>;
}

const h1 = (page: Page) => expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();

const pages: Audited[] = [
  { name: 'landing', path: () => '/', ready: h1 },
  { name: 'download', path: () => '/platter-started', ready: h1 },
  { name: 'about', path: () => '/about', ready: h1 },
  { name: 'for artists', path: () => '/for-artist', ready: h1 },
  { name: 'contact', path: () => '/contact', ready: (page) => expect(page.getByRole('button', { name: 'Send message' })).toBeVisible() },
  { name: 'privacy policy', path: () => '/privacy-policy', ready: h1 },
  { name: 'cookie policy', path: () => '/cookie-policy', ready: h1 },
  { name: 'terms of service', path: () => '/terms-of-service', ready: h1 },
  {
    name: 'player home, first visit (the terms of use open)',
    path: () => '/home',
    ready: (page) => expect(page.getByRole('dialog', { name: 'Terms of use' })).toBeVisible(),
  },
  {
    name: 'player home (signed out, terms accepted)',
    path: () => '/home',
    ready: async (page) => {
      const terms = page.getByRole('dialog', { name: 'Terms of use' });
      await terms.getByRole('button', { name: 'Accept' }).click();
      await expect(terms).toBeHidden();
      await expect(page.getByTestId('track-row').first()).toBeVisible();
    },
  },
  {
    name: 'player search',
    path: () => '/home?tab=search',
    ready: (page) => expect(page.getByRole('heading', { level: 1, name: 'Search' })).toBeVisible(),
  },
  {
    name: 'artist page',
    path: () => `/artist/${encodeURIComponent(demo[0]!.artistId)}`,
    ready: (page) => expect(page.getByRole('heading', { level: 1, name: demo[0]!.artist, exact: true })).toBeVisible(),
  },
  {
    name: 'track page',
    path: () => `/track/${encodeURIComponent(demo[0]!.id)}`,
    ready: (page) => expect(page.getByRole('heading', { level: 1, name: demo[0]!.title, exact: true })).toBeVisible(),
  },
  {
    name: 'not found',
    path: () => '/no-such-page',
    ready: (page) => expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible(),
  },
  // A reset email's link lands here (the token is not checked until the form is sent).
  { name: 'reset password', path: () => '/reset-password?token=not-checked-yet', ready: h1 },
  { name: 'email verified', path: () => '/email-verified', ready: (page) => expect(page.getByRole('status')).toBeVisible() },
];

/** Desktop, and the narrow layout (the player bar and the site header change below 768 px). */
const viewports = [
  { name: 'desktop', size: { width: 1280, height: 800 } },
  { name: '375 px', size: { width: 375, height: 812 } },
];

for (const viewport of viewports) {
  test.describe(viewport.name, () => {
    test.use({ viewport: viewport.size });

    for (const audited of pages) {
      test(`${audited.name} has no serious or critical accessibility violations`, async ({ page }) => {
        await page.goto(audited.path());
        await audited.ready(page);
        const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
        // The audit looked at a real page (a blank one would pass every rule by having nothing to check).
        expect(results.passes.length).toBeGreaterThan(10);
        const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
        const report = serious
          .map(
            (violation) =>
              `[${violation.impact}] ${violation.id}: ${violation.help} (${violation.helpUrl})\n` +
              violation.nodes.map((node) => `    ${node.target.join(' ')}\n      ${node.failureSummary?.replace(/\n/g, '\n      ') ?? ''}`).join('\n'),
          )
          .join('\n');
        expect(serious.length, `${audited.path()} at ${viewport.name}:\n${report}`).toBe(0);
      });
    }
  });
}
