import { expect, test } from '../support/test.js';
import { waitForDemoCatalogue } from '../support/app.js';
import { main, openSession } from '../support/library.js';

/**
 * Feeds (issue 30): an artist's and a release's page show an "RSS feed" link and name their feeds
 * in the head (autodiscovery); following the link reaches the server's feed, not the app's page
 * (the service worker leaves feed addresses alone).
 */
test('the artist and release pages link their RSS feeds, which open as feeds of their public tracks', async ({ browser }) => {
  const { context, page } = await openSession(browser);
  const demo = (await waitForDemoCatalogue(page.request))[0]!;

  await test.step('the artist page: the link, the head’s alternate links, and the feed it opens', async () => {
    await page.goto(`/artist/${demo.artistId}`);
    const link = main(page).getByRole('link', { name: 'RSS feed' });
    await expect(link).toHaveAttribute('href', `/artist/${demo.artistId}/feed.rss`);
    await expect(page.locator('head link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute('href', new RegExp(`/artist/${demo.artistId}/feed\\.rss$`));
    await expect(page.locator('head link[rel="alternate"][type="application/atom+xml"]')).toHaveAttribute('href', new RegExp(`/artist/${demo.artistId}/feed\\.atom$`));
    const [response] = await Promise.all([page.waitForResponse((r) => r.url().endsWith(`/artist/${demo.artistId}/feed.rss`)), link.click()]);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/rss+xml; charset=utf-8');
    const xml = await response.text();
    expect(xml).toContain('<rss version="2.0"');
    expect(xml).toContain(`/track/${demo.id}</link>`);
  });

  await test.step('a release page: the link opens the release’s feed', async () => {
    const releases = (await (await page.request.get(`/api/artists/${demo.artistId}/releases`)).json()) as { items: Array<{ id: string; title: string }> };
    const release = releases.items[0]!;
    await page.goto(`/release/${release.id}`);
    const link = main(page).getByRole('link', { name: 'RSS feed' });
    await expect(link).toHaveAttribute('href', `/release/${release.id}/feed.rss`);
    const response = await page.request.get(`/release/${release.id}/feed.rss`);
    expect(response.status()).toBe(200);
    expect(await response.text()).toContain('<itunes:type>serial</itunes:type>');
  });
  await context.close();
});
