import { expect, test } from '../support/test.js';
import { skipTermsModal, unique } from '../support/app.js';
import { APP_URL } from '../support/env.js';
import { openSession, removeUploadedTracks, sidebar, signInAsAdmin, signInViaApi, signedInAccount, uploadShortTrack } from '../support/library.js';

// The suspended artist's upload would lead the home list of the journeys after this one.
test.afterEach(removeUploadedTracks);

test('an admin suspends a user: their other browser is signed out, sign-in says why, their track is hidden, the audit log lists it; lifting brings it back', async ({ browser }) => {
  const suspect = await openSession(browser);
  const account = await signedInAccount(suspect.page, unique('Sam Suspect'));
  const me = (await (await suspect.page.request.get('/api/me')).json()) as { user: { id: string } };
  const title = unique('Suspect Song');
  const track = await uploadShortTrack(suspect.page, title);
  // The same person in a second browser.
  const elsewhere = await openSession(browser);
  await signInViaApi(elsewhere.page, account);
  await elsewhere.page.goto('/home');
  await expect(sidebar(elsewhere.page).getByRole('button', { name: 'Sign in', exact: true })).toHaveCount(0);

  const listener = await openSession(browser);
  await signedInAccount(listener.page, 'Lena Listener');
  expect((await listener.page.request.get(`/api/tracks/${track.id}`)).status()).toBe(200);

  const admin = await openSession(browser);
  await signInAsAdmin(admin.page);
  await admin.page.goto('/home?tab=admin');
  const user = admin.page.getByRole('list', { name: 'Users' }).getByTestId('admin-user');

  await test.step('the admin finds the user by email and suspends them', async () => {
    await admin.page.getByLabel('Search by email or name').fill(account.email);
    await expect(user).toHaveCount(1);
    admin.page.once('dialog', (dialog) => void dialog.accept());
    const [response] = await Promise.all([
      admin.page.waitForResponse((r) => r.url().endsWith(`/api/admin/users/${me.user.id}/suspend`) && r.request().method() === 'POST'),
      user.getByRole('button', { name: `Suspend ${account.name}` }).click(),
    ]);
    expect(response.status()).toBe(200);
    await expect(user.getByRole('status')).toHaveText(`${account.name} is suspended: signed out everywhere, their content hidden.`);
    await expect(user).toContainText('Suspended');
  });

  await test.step('the other browser is signed out at its next request', async () => {
    await elsewhere.page.reload();
    await expect(sidebar(elsewhere.page).getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
    expect(await (await elsewhere.page.request.get('/api/me')).json()).toBeNull();
    expect(await (await suspect.page.request.get('/api/me')).json()).toBeNull();
  });

  await test.step('signing in again is refused with a message that says the account is suspended', async () => {
    const side = sidebar(elsewhere.page);
    await side.getByRole('button', { name: 'Sign in', exact: true }).click();
    await side.getByLabel('Email').fill(account.email);
    await side.getByLabel('Password').fill(account.password);
    const [response] = await Promise.all([
      elsewhere.page.waitForResponse((r) => r.url().endsWith('/api/auth/sign-in/email')),
      side.getByRole('button', { name: 'Sign in', exact: true }).click(),
    ]);
    expect(response.status()).toBe(403);
    await expect(side.getByRole('alert')).toContainText('This account is suspended.');
  });

  await test.step('their track and artist page are hidden from everyone else', async () => {
    expect((await listener.page.request.get(`/api/tracks/${track.id}`)).status()).toBe(404);
    expect((await listener.page.request.get(`/api/artists/${me.user.id}`)).status()).toBe(404);
    expect((await listener.page.request.get(track.url)).status()).toBe(404);
  });

  await test.step('the audit log lists the suspension, by the admin, on the user', async () => {
    await admin.page.reload();
    const entry = admin.page.getByTestId('admin-audit-entry').filter({ hasText: me.user.id }).first();
    await expect(entry).toContainText('Suspended a user');
    await expect(entry).toContainText('Ada Admin');
    await expect(entry).toContainText(account.email);
  });

  await test.step('lifting the suspension brings the track back and lets them sign in', async () => {
    await admin.page.getByLabel('Search by email or name').fill(account.email);
    await expect(user).toHaveCount(1);
    const [response] = await Promise.all([
      admin.page.waitForResponse((r) => r.url().endsWith(`/api/admin/users/${me.user.id}/suspend`) && r.request().method() === 'DELETE'),
      user.getByRole('button', { name: `Lift the suspension of ${account.name}` }).click(),
    ]);
    expect(response.status()).toBe(200);
    expect((await listener.page.request.get(`/api/tracks/${track.id}`)).status()).toBe(200);
    const signIn = await elsewhere.page.request.post('/api/auth/sign-in/email', { data: { email: account.email, password: account.password }, headers: { origin: APP_URL } });
    expect(signIn.status()).toBe(200);
    await expect(admin.page.getByTestId('admin-audit-entry').filter({ hasText: 'Lifted a suspension' }).first()).toContainText(me.user.id);
  });

  for (const session of [suspect, elsewhere, listener, admin]) await session.context.close();
});

test('the admin tab fits a 375 px phone in Russian: the reports filter wraps, every section stays inside the page', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: APP_URL, locale: 'ru-RU', viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
  await skipTermsModal(context);
  const page = await context.newPage();
  await signInAsAdmin(page);
  await page.goto('/home?tab=admin');
  await expect(page.getByRole('heading', { name: 'Заблокированные серверы' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Отклонённые' })).toBeVisible();
  // Nothing wider than the phone: no sideways scroll, no element past its right edge.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  const past = await page.evaluate(() => [...document.querySelectorAll('main *')].filter((element) => element.getBoundingClientRect().right > 376).map((element) => element.className));
  expect(past).toEqual([]);
  await context.close();
});
