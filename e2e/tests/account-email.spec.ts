import { type Browser, type Page, expect, test } from '../support/test.js';
import { waitForMailIn } from '../../apps/server/test/support/smtp-server.js';
import { newAccount, skipTermsModal } from '../support/app.js';
import { MAIL_DIR } from '../support/env.js';

/** A fresh browser (its own cookies), past the terms modal. */
async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  await skipTermsModal(context);
  return context.newPage();
}

const sidebarOf = (page: Page) => page.getByRole('complementary', { name: 'Player sidebar' });

test('email through a real SMTP server: sign up and verify; forget the password, reset it from the mail, the old session is gone', async ({ browser }, testInfo) => {
  const account = newAccount('Mira Mailbox');
  const first = await freshPage(browser);

  await test.step('sign up with the sidebar form, then confirm the address from the verification mail', async () => {
    await first.goto('/home');
    const sidebar = sidebarOf(first);
    await sidebar.getByRole('button', { name: 'No account? Create one' }).click();
    const form = sidebar.getByRole('form', { name: 'Create account' });
    await form.getByLabel('Name', { exact: true }).fill(account.name);
    await form.getByLabel('Email', { exact: true }).fill(account.email);
    await form.getByLabel('Password', { exact: true }).fill(account.password);
    await form.getByRole('button', { name: 'Create account', exact: true }).click();
    await expect(sidebar.getByRole('button', { name: 'Sign out' })).toBeVisible();

    const mail = await waitForMailIn(MAIL_DIR, account.email, (m) => m.subject === 'Confirm your email for Platter');
    expect(mail.html).toContain('Confirm my email');
    const session = async () => ((await (await first.request.get('/api/auth/get-session')).json()) as { user: { emailVerified: boolean } }).user;
    expect((await session()).emailVerified).toBe(false);
    await first.goto(mail.links[0]!);
    await expect(first).toHaveURL(/\/email-verified$/);
    await expect(first.getByRole('status')).toHaveText('Your email is confirmed. Welcome to Platter!');
    expect((await session()).emailVerified).toBe(true);
  });

  // Another device, signed in with the old password: the reset must end its session.
  const other = await freshPage(browser);
  await test.step('a second browser signs in with the password', async () => {
    await other.goto('/home');
    const form = sidebarOf(other).getByRole('form', { name: 'Sign in' });
    await form.getByLabel('Email', { exact: true }).fill(account.email);
    await form.getByLabel('Password', { exact: true }).fill(account.password);
    await form.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(sidebarOf(other).getByRole('button', { name: 'Sign out' })).toBeVisible();
  });

  const newPassword = 'a-fresh-password-for-mira';
  const third = await freshPage(browser);
  await test.step('"Forgot password?" in a signed-out browser sends a reset mail', async () => {
    await third.goto('/home');
    const sidebar = sidebarOf(third);
    await sidebar.getByRole('button', { name: 'Forgot password?' }).click();
    const form = sidebar.getByRole('form', { name: 'Reset your password' });
    await form.getByLabel('Email', { exact: true }).fill(account.email);
    await form.getByRole('button', { name: 'Send the link' }).click();
    await expect(form.getByRole('status')).toContainText(`If an account uses ${account.email}, a link to reset its password is on its way`);
  });

  await test.step('the mail’s link opens the reset page, which sets the new password', async () => {
    const mail = await waitForMailIn(MAIL_DIR, account.email, (m) => m.subject === 'Reset your Platter password');
    expect(mail.text).toContain('The link works once, for one hour.');
    await third.goto(mail.links[0]!);
    await expect(third).toHaveURL(/\/reset-password\?token=\w+$/);
    const form = third.getByRole('form', { name: 'Choose a new password' });
    await expect(form).toBeVisible();
    await third.screenshot({ path: testInfo.outputPath('reset-password-page.png') });
    // The browser holds a short password back itself (minlength).
    await expect(form.getByLabel('New password')).toHaveAttribute('minlength', '8');
    await form.getByLabel('New password').fill(newPassword);
    await form.getByRole('button', { name: 'Set the new password' }).click();
    await expect(third.getByRole('status')).toHaveText('Your password is changed, and every device was signed out. Sign in with the new password.');

    // The same link again: spent, said in words.
    await third.goto(mail.links[0]!);
    await expect(third).toHaveURL(/\/reset-password\?error=INVALID_TOKEN$/);
    await expect(third.getByRole('alert')).toContainText('This reset link does not work any more');
  });

  await test.step('both earlier browsers are signed out; the new password signs in', async () => {
    for (const page of [first, other]) {
      await page.goto('/home');
      await expect(sidebarOf(page).getByRole('form', { name: 'Sign in' })).toBeVisible();
      expect(await (await page.request.get('/api/me')).json()).toBeNull();
    }
    // The spent link's page leads to the sign-in form.
    await third.getByRole('link', { name: 'Go to sign in' }).click();
    await expect(third).toHaveURL(/\/home$/);
    const form = sidebarOf(third).getByRole('form', { name: 'Sign in' });
    await form.getByLabel('Email', { exact: true }).fill(account.email);
    await form.getByLabel('Password', { exact: true }).fill(newPassword);
    await form.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(sidebarOf(third).getByRole('button', { name: 'Sign out' })).toBeVisible();
  });
});
