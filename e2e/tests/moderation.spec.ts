import { expect, test, type Page } from '../support/test.js';
import { trackRows, unique, type ApiTrack, type ApiTrackPage } from '../support/app.js';
import { APP_URL } from '../support/env.js';
import {
  openSession,
  openTrackSheet,
  removeUploadedTracks,
  rowOf,
  screenshotBoth,
  sidebar,
  signInAsAdmin,
  signedInAccount,
  uploadShortTrack,
} from '../support/library.js';

// Uploads would lead the home list of the journeys after this one: remove them.
test.afterEach(removeUploadedTracks);

async function listedIds(page: Page): Promise<string[]> {
  const response = await page.request.get('/api/tracks', { params: { pageSize: 100 } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as ApiTrackPage).items.map((track) => track.id);
}

async function searchedIds(page: Page, q: string): Promise<string[]> {
  const response = await page.request.get('/api/search', { params: { q } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { tracks: ApiTrack[] }).tracks.map((track) => track.id);
}

test('a listener reports a track; an admin hides it: gone for listeners, kept for its owner', async ({ browser }, testInfo) => {
  const owner = await openSession(browser);
  await signedInAccount(owner.page, 'Owen Owner');
  const title = unique('Reported Song');
  const track = await uploadShortTrack(owner.page, title);

  const admin = await openSession(browser);
  await signInAsAdmin(admin.page);
  const listener = await openSession(browser);
  await signedInAccount(listener.page, 'Rita Reporter');
  const reports = admin.page.getByRole('list', { name: 'Reports' });
  const reportOf = () => admin.page.getByTestId('admin-report').filter({ hasText: title });

  await test.step('the admin opens the admin tab from the sidebar', async () => {
    await admin.page.goto('/home');
    await sidebar(admin.page).getByRole('link', { name: 'Admin', exact: true }).click();
    await expect(admin.page).toHaveURL(/\/home\?tab=admin$/);
    await expect(admin.page.getByRole('heading', { level: 1, name: 'Admin' })).toBeVisible();
    await expect(admin.page.getByRole('heading', { level: 2, name: 'Reports' })).toBeVisible();
    await expect(admin.page.getByRole('group', { name: 'Report status' }).getByRole('button', { name: 'Open' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(reportOf()).toHaveCount(0);
  });

  await test.step("the listener reports it from the track's '...' sheet", async () => {
    await listener.page.goto('/home');
    const sheet = await openTrackSheet(listener.page, title);
    await sheet.getByRole('button', { name: 'Report track' }).click();
    await sheet.getByLabel('Reason (optional)').fill('Someone else made this');
    listener.page.once('dialog', (dialog) => void dialog.accept());
    const [response] = await Promise.all([
      listener.page.waitForResponse((r) => r.url().endsWith(`/api/tracks/${track.id}/reports`) && r.request().method() === 'POST'),
      sheet.getByRole('button', { name: 'Send complaint' }).click(),
    ]);
    expect(response.status()).toBe(201);
    await expect(sheet).toBeHidden();
  });

  await test.step('the report shows up live in the open queue', async () => {
    const report = reportOf();
    await expect(report).toBeVisible();
    await expect(report.getByRole('link', { name: title })).toHaveAttribute('href', `/track/${track.id}`);
    await expect(report.getByRole('link', { name: 'Owen Owner' })).toBeVisible();
    await expect(report).toContainText('Someone else made this');
    await expect(report).toContainText('Rita Reporter');
    await expect(report).toContainText('1 open report for this track');
    await screenshotBoth(admin.page, (file) => testInfo.outputPath(file), 'admin-reports');
  });

  await test.step('Hide track: the report leaves the open queue and is listed as hidden', async () => {
    const [response] = await Promise.all([
      admin.page.waitForResponse((r) => /\/api\/admin\/reports\/[^/]+\/hide$/.test(r.url()) && r.request().method() === 'POST'),
      reportOf().getByRole('button', { name: 'Hide track' }).click(),
    ]);
    expect(response.status()).toBe(200);
    await expect(reportOf()).toHaveCount(0);
    await admin.page.getByRole('group', { name: 'Report status' }).getByRole('button', { name: 'Hidden' }).click();
    await expect(reportOf()).toContainText('Track hidden');
    await expect(reportOf().getByRole('button', { name: 'Unhide track' })).toBeVisible();
    await expect(reports).toBeVisible();
  });

  await test.step('the listener no longer sees it: lists, search and its audio', async () => {
    await expect(rowOf(listener.page.getByRole('list', { name: 'Tracks', exact: true }), title)).toHaveCount(0);
    await listener.page.reload();
    await expect(trackRows(listener.page).first()).toBeVisible();
    await expect(rowOf(listener.page.getByRole('list', { name: 'Tracks', exact: true }), title)).toHaveCount(0);
    expect(await listedIds(listener.page)).not.toContain(track.id);
    expect(await searchedIds(listener.page, title)).not.toContain(track.id);
    expect((await listener.page.request.get(track.url)).status()).toBe(404);
  });

  await test.step('its owner still has it, marked hidden, and can still play it', async () => {
    const response = await owner.page.request.get('/api/me/tracks');
    expect(response.status()).toBe(200);
    const mine = ((await response.json()) as { items: (ApiTrack & { hidden: boolean })[] }).items;
    expect(mine.find((item) => item.id === track.id)).toMatchObject({ id: track.id, hidden: true });
    expect((await owner.page.request.get(track.url)).status()).toBe(200);
  });

  await test.step('Unhide track brings it back for everyone', async () => {
    await reportOf().getByRole('button', { name: 'Unhide track' }).click();
    await expect(reportOf().getByRole('button', { name: 'Unhide track' })).toHaveCount(0);
    await expect.poll(() => listedIds(listener.page)).toContain(track.id);
    expect((await listener.page.request.get(track.url)).status()).toBe(200);
  });

  for (const session of [owner, admin, listener]) await session.context.close();
});

test("an admin finds a user and sets their status; contact messages are listed", async ({ browser }) => {
  const artist = await openSession(browser);
  const account = await signedInAccount(artist.page, unique('Stella Status'));
  const me = (await (await artist.page.request.get('/api/me')).json()) as { user: { id: string } };
  const subject = unique('Question');
  const sent = await artist.page.request.post('/api/contact', {
    data: { name: 'Stella', email: account.email, subject, message: 'How do I become a creator?' },
    headers: { origin: APP_URL },
  });
  expect(sent.status(), await sent.text()).toBe(201);

  const admin = await openSession(browser);
  await signInAsAdmin(admin.page);
  await admin.page.goto('/home?tab=admin');

  await test.step('search by email, then set the status to creator', async () => {
    await admin.page.getByLabel('Search by email or name').fill(account.email);
    const users = admin.page.getByRole('list', { name: 'Users' }).getByTestId('admin-user');
    await expect(users).toHaveCount(1);
    await expect(users).toContainText(account.name);
    const status = users.getByRole('combobox', { name: `Status of ${account.name}` });
    await expect(status).toHaveValue('user');
    const [response] = await Promise.all([
      admin.page.waitForResponse((r) => r.url().endsWith(`/api/admin/users/${me.user.id}/status`) && r.request().method() === 'PUT'),
      status.selectOption('creator'),
    ]);
    expect(response.status()).toBe(200);
    await expect(users.getByRole('status')).toHaveText(`Status of ${account.name} set to Creator.`);
    const profile = (await (await artist.page.request.get(`/api/profiles/${me.user.id}`)).json()) as { status: string };
    expect(profile.status).toBe('creator');
  });

  await test.step('search by name finds the same user', async () => {
    await admin.page.getByLabel('Search by email or name').fill(account.name.toUpperCase());
    const users = admin.page.getByRole('list', { name: 'Users' }).getByTestId('admin-user');
    await expect(users).toHaveCount(1);
    await expect(users.getByRole('combobox', { name: `Status of ${account.name}` })).toHaveValue('creator');
  });

  await test.step('the contact message, with a mailto link', async () => {
    const message = admin.page.getByTestId('admin-contact-message').filter({ hasText: subject });
    await expect(message).toContainText('How do I become a creator?');
    await expect(message.getByRole('link', { name: account.email })).toHaveAttribute('href', `mailto:${account.email}`);
  });
  for (const session of [artist, admin]) await session.context.close();
});

test("a listener opening the admin tab gets 'Admins only', and the API refuses", async ({ browser }) => {
  const { context, page } = await openSession(browser);
  await signedInAccount(page, 'Nina Nonadmin');
  await page.goto('/home?tab=admin');
  await expect(page.getByRole('alert')).toContainText('Admins only');
  await expect(page.getByRole('heading', { level: 2, name: 'Reports' })).toHaveCount(0);
  await expect(sidebar(page).getByRole('link', { name: 'Admin', exact: true })).toHaveCount(0);
  expect((await page.request.get('/api/admin/reports')).status()).toBe(403);
  expect((await page.request.get('/api/admin/users')).status()).toBe(403);
  const hide = await page.request.post('/api/admin/reports/any/hide', { headers: { origin: APP_URL } });
  expect(hide.status()).toBe(403);
  await context.close();
});
