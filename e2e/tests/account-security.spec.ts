import fs from 'node:fs';
import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type BrowserContext, type Page } from '../support/test.js';
import * as OTPAuth from 'otpauth';
import { waitForMailIn } from '../../apps/server/test/support/smtp-server.js';
import { newAccount, signUpViaApi, skipTermsModal, type Account } from '../support/app.js';
import { APP_URL, MAIL_DIR } from '../support/env.js';
import { openSession, sidebar, signInViaApi } from '../support/library.js';

/** The current code of an authenticator app set up with this key (base32), as a phone would show it. */
const codeFor = (secret: string, timestamp = Date.now()) => new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate({ timestamp });

async function openSettings(page: Page): Promise<void> {
  await page.goto('/home');
  await sidebar(page).getByRole('link', { name: 'Settings', exact: true }).click();
  await expect(page).toHaveURL(/\/home\?tab=settings$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
}

/** Signs in with the sidebar's form: email and password (a second step may follow). */
async function submitPassword(page: Page, account: Account): Promise<void> {
  const form = sidebar(page).getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(account.email);
  await form.getByLabel('Password').fill(account.password);
  await form.getByRole('button', { name: 'Sign in' }).click();
}

async function signOut(page: Page): Promise<void> {
  await sidebar(page).getByRole('button', { name: 'Sign out' }).click();
  await expect(sidebar(page).getByRole('form', { name: 'Sign in' })).toBeVisible();
}

test('an authenticator app set up from settings: signing in then asks for its code, and a wrong code says so', async ({ browser }, testInfo) => {
  const { page } = await openSession(browser);
  const account = newAccount('Tess Totp');
  await signUpViaApi(page, account);
  await openSettings(page);
  const app = page.getByRole('group', { name: 'Authenticator app' });

  let secret = '';
  await test.step('set up with the password, the QR code and a first code', async () => {
    await expect(app.getByTestId('totp-state')).toHaveText('Off');
    await app.getByRole('button', { name: 'Set up an authenticator app' }).click();
    await app.getByLabel('Your password, to continue').fill('not-my-password');
    await app.getByRole('button', { name: 'Continue' }).click();
    await expect(app.getByRole('alert')).toHaveText('That is not your current password.');
    await app.getByLabel('Your password, to continue').fill(account.password);
    await app.getByRole('button', { name: 'Continue' }).click();
    await expect(app.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    // The QR code holds the otpauth URI with issuer Platter and the key shown beside it.
    const uri = await app.getByRole('img', { name: 'QR code for your authenticator app' }).getAttribute('data-value');
    secret = (await app.getByTestId('totp-secret').textContent()) ?? '';
    expect(uri).toContain('issuer=Platter');
    expect(new URL(uri ?? '').searchParams.get('secret')).toBe(secret);
    await expect(app.getByTestId('backup-codes').getByRole('listitem')).toHaveCount(10);
    await page.screenshot({ path: testInfo.outputPath('settings-totp-setup.png'), fullPage: true });
    await app.getByLabel('Code from the app').fill(codeFor(secret));
    await app.getByRole('button', { name: 'Turn on' }).click();
    await expect(app.getByRole('status')).toHaveText('The authenticator app is on.');
    await expect(app.getByTestId('totp-state')).toHaveText('On: signing in with your password asks for a code from the app.');
  });

  await test.step('signed out, the password alone does not sign in: the code does', async () => {
    await signOut(page);
    await submitPassword(page, account);
    const step = sidebar(page).getByTestId('two-factor-step');
    await expect(step.getByText('Enter the 6-digit code from your authenticator app.')).toBeVisible();
    expect(((await (await page.request.get('/api/me')).json()) as unknown) ?? null).toBeNull();
    await step.getByLabel('Code').fill(codeFor(secret, Date.now() - 10 * 60_000));
    await step.getByRole('button', { name: 'Sign in' }).click();
    await expect(step.getByRole('alert')).toHaveText('That code is not right. Enter the 6-digit code your authenticator app shows now.');
    await step.getByLabel('Code').fill(codeFor(secret));
    await step.getByRole('button', { name: 'Sign in' }).click();
    await expect(sidebar(page).getByTestId('user-name')).toHaveText(account.name);
  });
});

test('a passkey added from settings signs in with no password (Chromium virtual authenticator)', async ({ browser }, testInfo) => {
  // WebAuthn needs a domain: the relying party is the request's host, so this browser uses localhost.
  const localUrl = APP_URL.replace('127.0.0.1', 'localhost');
  const context = await browser.newContext({ baseURL: localUrl, locale: 'en-US', viewport: { width: 1280, height: 800 } });
  await skipTermsModal(context);
  const page = await context.newPage();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  });
  const account = newAccount('Pia Passkey');
  const signUp = await page.request.post('/api/auth/sign-up/email', { data: account, headers: { origin: localUrl } });
  expect(signUp.status(), await signUp.text()).toBe(200);

  await test.step('added from settings', async () => {
    await openSettings(page);
    const passkeys = page.getByRole('group', { name: 'Passkeys' });
    await expect(passkeys.getByText('No passkeys yet.')).toBeVisible();
    await passkeys.getByLabel('Name').fill('E2E laptop');
    await passkeys.getByRole('button', { name: 'Add a passkey' }).click();
    await expect(passkeys.getByRole('status')).toHaveText('Passkey added.');
    await expect(passkeys.getByTestId('passkey')).toHaveCount(1);
    await expect(passkeys.getByTestId('passkey')).toContainText('E2E laptop');
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]?.rpId).toBe('localhost');
    await page.screenshot({ path: testInfo.outputPath('settings-passkey.png'), fullPage: true });
  });

  await test.step('signed out, "Sign in with a passkey" signs in without the password', async () => {
    await signOut(page);
    await sidebar(page).getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect(sidebar(page).getByTestId('user-name')).toHaveText(account.name);
    const me = (await (await page.request.get('/api/me')).json()) as { user: { email: string } } | null;
    expect(me?.user.email).toBe(account.email);
  });
  await context.close();
});

test('the signed-in devices list: one device signs another out, which is signed out at once', async ({ browser }, testInfo) => {
  const laptop = await openSession(browser);
  const account = newAccount('Devi Devices');
  await signUpViaApi(laptop.page, account);
  const phone: { context: BrowserContext; page: Page } = await openSession(browser);
  await signInViaApi(phone.page, account);
  await phone.page.goto('/home');
  await expect(sidebar(phone.page).getByTestId('user-name')).toHaveText(account.name);

  await openSettings(laptop.page);
  const devices = laptop.page.getByTestId('signed-in-devices');
  const rows = devices.getByTestId('signed-in-session');
  await expect(rows).toHaveCount(2);
  const mine = rows.filter({ hasText: 'This device' });
  await expect(mine).toHaveCount(1);
  await expect(mine).toContainText(/Chrom(e|ium)( Headless)? \d+ on Linux/);
  await expect(mine).toContainText('address 127.0.0.1');
  await expect(mine.getByRole('button', { name: /^Sign out/ })).toHaveCount(0);
  fs.mkdirSync(testInfo.outputDir, { recursive: true });
  await laptop.page.screenshot({ path: testInfo.outputPath('settings-desktop.png'), fullPage: true });
  await laptop.page.setViewportSize({ width: 375, height: 812 });
  await laptop.page.screenshot({ path: testInfo.outputPath('settings-375.png'), fullPage: true });
  await laptop.page.setViewportSize({ width: 1280, height: 800 });

  const other = rows.filter({ hasNotText: 'This device' });
  await other.getByRole('button', { name: /^Sign out/ }).click();
  await expect(devices.getByRole('status')).toContainText('is signed out.');
  await expect(rows).toHaveCount(1);

  // The phone's next request is refused: it reloads signed out.
  expect((await phone.page.request.get('/api/me/sessions')).status()).toBe(401);
  await phone.page.reload();
  await expect(sidebar(phone.page).getByRole('form', { name: 'Sign in' })).toBeVisible();
  await expect(sidebar(phone.page).getByTestId('user-name')).toHaveCount(0);
  // The laptop is still signed in.
  expect((await laptop.page.request.get('/api/me/sessions')).status()).toBe(200);
});

test('changing the email from settings: the new address confirms it, the old one is told', async ({ browser }) => {
  const { page } = await openSession(browser);
  const account = newAccount('Cora Change');
  await signUpViaApi(page, account);
  const wanted = `changed-${account.email}`;
  await openSettings(page);
  const settings = page.getByTestId('account-settings');
  await expect(settings.getByText(`Your email: ${account.email}`)).toBeVisible();
  await settings.getByLabel('New email').fill(wanted);
  await settings.getByRole('button', { name: 'Change email' }).click();
  await expect(settings.getByRole('status')).toHaveText(`We sent a link to ${wanted}. Your email changes when you open it, and your current address is told.`);

  const confirm = await waitForMailIn(MAIL_DIR, wanted, (m) => m.subject === 'Confirm your new email for Platter');
  const link = confirm.links.find((l) => new URL(l).pathname === '/api/auth/verify-email') ?? '';
  await page.goto(link);
  await expect(page).toHaveURL(/\/home\?tab=settings$/);
  await expect(settings.getByText(`Your email: ${wanted}`)).toBeVisible();
  const notice = await waitForMailIn(MAIL_DIR, account.email, (m) => m.subject === 'Your Platter email was changed');
  expect(notice.text).toContain(wanted);
});

test('the settings page has no serious or critical accessibility violations (WCAG 2.1 AA), with the authenticator set-up open', async ({ browser }) => {
  const { page } = await openSession(browser);
  const account = newAccount('Ali Axe');
  await signUpViaApi(page, account);
  await openSettings(page);
  const app = page.getByRole('group', { name: 'Authenticator app' });
  await app.getByRole('button', { name: 'Set up an authenticator app' }).click();
  await app.getByLabel('Your password, to continue').fill(account.password);
  await app.getByRole('button', { name: 'Continue' }).click();
  await expect(app.getByTestId('backup-codes')).toBeVisible();
  for (const size of [{ width: 1280, height: 800 }, { width: 375, height: 812 }]) {
    await page.setViewportSize(size);
    const results = await new AxeBuilder({ page }).setLegacyMode(true).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(results.passes.length).toBeGreaterThan(10);
    const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
    expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`), `at ${size.width} px`).toEqual([]);
  }
});
