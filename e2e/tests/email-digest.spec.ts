import { expect, test } from '../support/test.js';
import { UnsubscribeSigner } from '../../apps/server/src/lib/unsubscribe-signer.js';
import { APP_SECRET, APP_URL } from '../support/env.js';
import { openSession, signedInAccount } from '../support/library.js';

/** Notification emails (issue 28): opt in per kind in the app, and leave from an email's link signed out. */

test("a listener turns notification emails on per kind, then unsubscribes from the email's link in a signed-out browser", async ({ browser }, testInfo) => {
  const listener = await openSession(browser);
  const stranger = await openSession(browser);
  try {
    const { page } = listener;
    await signedInAccount(page, 'Digest Reader');
    const userId = ((await (await page.request.get('/api/me')).json()) as { user: { id: string } }).user.id;

    await page.goto('/home?tab=notifications');
    const emails = page.getByTestId('email-digest-settings');
    await expect(page.getByRole('group', { name: 'Notification emails' })).toBeVisible();
    const followers = emails.getByRole('checkbox', { name: 'New followers' });
    await expect(followers).not.toBeChecked();
    await followers.check();
    await expect(emails.getByRole('status')).toHaveText('Saved.');
    await emails.getByRole('checkbox', { name: 'Replies to my comments' }).check();
    await page.reload();
    await expect(page.getByTestId('email-digest-settings').getByRole('checkbox', { name: 'New followers' })).toBeChecked();
    await expect(page.getByTestId('email-digest-settings').getByRole('checkbox', { name: 'Likes of my tracks' })).toHaveCount(0);

    // The link of the listener's emails, opened by a browser with no session: the page asks first.
    const link = `${APP_URL}/api/email/unsubscribe?u=${encodeURIComponent(userId)}&sig=${new UnsubscribeSigner(APP_SECRET).sign(userId)}`;
    await stranger.page.goto(`${APP_URL}/api/email/unsubscribe?u=${encodeURIComponent(userId)}&sig=forged`);
    await expect(stranger.page).toHaveURL(/\/unsubscribe\?u=/);
    await stranger.page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(stranger.page.getByRole('alert')).toHaveText(/This unsubscribe link is not valid: open the whole link from the email/);

    await stranger.page.goto(link);
    await expect(stranger.page.getByRole('heading', { level: 1, name: 'Notification emails' })).toBeVisible();
    await expect(stranger.page.getByText('Stop all notification emails from Platter?')).toBeVisible();
    await stranger.page.getByRole('button', { name: 'Unsubscribe' }).click();
    // (The app's undo toasts are a status region of their own, empty here.)
    await expect(stranger.page.getByRole('status').filter({ hasText: /\S/ })).toHaveText(/Platter will send you no more notification emails/);
    await stranger.page.screenshot({ path: testInfo.outputPath('unsubscribed.png'), fullPage: true });

    await page.reload();
    await expect(page.getByTestId('email-digest-settings').getByRole('checkbox', { name: 'New followers' })).not.toBeChecked();
    await expect(page.getByTestId('email-digest-settings').getByRole('checkbox', { name: 'Replies to my comments' })).not.toBeChecked();
  } finally {
    await listener.context.close();
    await stranger.context.close();
  }
});

test('the unsubscribe page speaks Russian, and says what to do when the link is cut short', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('language', 'ru'));
  await page.goto('/unsubscribe?u=someone');
  await expect(page.getByRole('heading', { level: 1, name: 'Письма об уведомлениях' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(/Ссылка для отписки неполная/);
});
