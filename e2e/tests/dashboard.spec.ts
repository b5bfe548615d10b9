import { expect, test, type Locator, type Page } from '../support/test.js';
import {
  nowPlayingTitle,
  unique,
  waitForPlaybackPast,
  listensOf,
} from '../support/app.js';
import { APP_URL } from '../support/env.js';
import { openSession, removeUploadedTracks, screenshotBoth, signedInAccount, uploadShortTrack } from '../support/library.js';

// Uploads would lead the home list of the journeys after this one: remove them.
test.afterEach(removeUploadedTracks);

/** A UTC day as the dashboard's table names it (the server counts listens per UTC day). */
function dayLabel(date: Date): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}

/** The cell of the listens table for one day. */
function listensOn(page: Page, label: string): Locator {
  const table = page.getByRole('table', { name: 'Listens per day' });
  return table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: label, exact: true }) }).getByRole('cell');
}


test('the dashboard shows the listens just made, per day and in the top tracks', async ({ browser }, testInfo) => {
  const artist = await openSession(browser);
  await signedInAccount(artist.page, 'Dana Dashboard');
  const title = unique('Dashboard Song');
  const track = await uploadShortTrack(artist.page, title);

  await test.step('a fresh artist: no listens yet', async () => {
    await artist.page.goto('/home/ArtistDashboard');
    await expect(artist.page.getByRole('heading', { level: 1, name: 'Artist dashboard' })).toBeVisible();
    await expect(artist.page.getByTestId('dashboard-total-listens').getByRole('definition')).toHaveText('0');
    await expect(artist.page.getByTestId('dashboard-total-tracks').getByRole('definition')).toHaveText('1');
    await expect(artist.page.getByText('0 listens in the last 30 days')).toBeVisible();
    await expect(artist.page.getByTestId('dashboard-top-listens').getByText('No listens in this period yet.')).toBeVisible();
  });

  const day = dayLabel(new Date());

  await test.step('a listener plays the track in the player: one listen', async () => {
    const listener = await openSession(browser);
    await signedInAccount(listener.page, 'Lou Listener');
    await listener.page.goto(`/home?track=${encodeURIComponent(track.id)}`);
    await expect(nowPlayingTitle(listener.page)).toHaveText(title);
    await waitForPlaybackPast(listener.page, 0.2);
    await expect.poll(() => listensOf(listener.page.request, track.id)).toBe(1);
    await listener.context.close();
  });

  await test.step('another signed-in listener reports a listen through the API: two', async () => {
    const other = await openSession(browser);
    await signedInAccount(other.page, 'Olga Other');
    const response = await other.page.request.post(`/api/tracks/${encodeURIComponent(track.id)}/listens`, { headers: { origin: APP_URL } });
    expect(response.status(), await response.text()).toBe(200);
    expect(await listensOf(other.page.request, track.id)).toBe(2);
    await other.context.close();
  });

  await test.step('the artist opens the dashboard: totals, today and the top tracks show them', async () => {
    await artist.page.goto('/home/ArtistDashboard');
    await expect(artist.page.getByTestId('dashboard-total-listens').getByRole('definition')).toHaveText('2');
    await expect(artist.page.getByText('2 listens in the last 30 days')).toBeVisible();
    await expect(listensOn(artist.page, day)).toHaveText('2');
    const top = artist.page.getByRole('list', { name: 'Top tracks by listens' });
    const entry = top.getByTestId('dashboard-top-track').filter({ hasText: title });
    await expect(entry).toContainText('2 listens');
    await expect(entry.getByRole('link', { name: title })).toHaveAttribute('href', `/track/${track.id}`);
    await screenshotBoth(artist.page, (file) => testInfo.outputPath(file), 'dashboard');
  });

  await test.step('the range switch: 7 days, then 90 days', async () => {
    const range = artist.page.getByRole('group', { name: 'Period' });
    await range.getByRole('button', { name: '7 days' }).click();
    await expect(artist.page).toHaveURL(/\/home\/ArtistDashboard\?days=7$/);
    await expect(range.getByRole('button', { name: '7 days' })).toHaveAttribute('aria-pressed', 'true');
    await expect(artist.page.getByText('2 listens in the last 7 days')).toBeVisible();
    await expect(artist.page.getByRole('table', { name: 'Listens per day' }).getByRole('rowheader')).toHaveCount(7);
    await expect(listensOn(artist.page, day)).toHaveText('2');
    await range.getByRole('button', { name: '90 days' }).click();
    await expect(artist.page.getByText('2 listens in the last 90 days')).toBeVisible();
    await expect(artist.page.getByRole('table', { name: 'Listens per day' }).getByRole('rowheader')).toHaveCount(90);
  });

  await test.step('a top track plays from the dashboard, and the studio is one click away', async () => {
    await artist.page
      .getByRole('list', { name: 'Top tracks by listens' })
      .getByRole('button', { name: `Play ${title}`, exact: true })
      .click();
    await expect(nowPlayingTitle(artist.page)).toHaveText(title);
    await artist.page.getByRole('link', { name: 'Back to the studio' }).click();
    await expect(artist.page).toHaveURL(/\/home\?tab=menu$/);
  });
  await artist.context.close();
});

test('signed out, the dashboard asks to sign in', async ({ browser }) => {
  const { context, page } = await openSession(browser);
  await page.goto('/home/ArtistDashboard');
  await expect(page.getByText('Sign in to see your dashboard.')).toBeVisible();
  expect((await page.request.get('/api/me/dashboard')).status()).toBe(401);
  await context.close();
});
