import { expect, test } from '../support/test.js';
import { unique, waitForDemoCatalogue, type ApiTrack } from '../support/app.js';
import { APP_URL } from '../support/env.js';
import { createPlaylistViaApi, main, openSession, removeUploadedTracks, signedInAccount, uploadShortTrack } from '../support/library.js';

test.afterEach(removeUploadedTracks);

let demo: ApiTrack[] = [];

test.beforeAll(async ({ request }) => {
  demo = await waitForDemoCatalogue(request);
});

/**
 * "Delete my account" (issue 28): the e2e server runs with ACCOUNT_DELETION_GRACE_DAYS=0, so the
 * account goes as soon as its owner confirms with the password in the settings. They are signed
 * out, their artist page is gone, and another person's collaborative playlist keeps the entry
 * they added, shown as added by "A deleted account".
 */
test('a listener deletes their account from the settings', async ({ browser }, testInfo) => {
  test.setTimeout(120_000);
  const leaver = await openSession(browser);
  const owner = await openSession(browser);
  const headers = { origin: APP_URL };
  // The studio's one-time copyright notice has its own journey.
  await leaver.context.addInitScript(() => window.localStorage.setItem('acceptedCopyright', 'true'));
  try {
    const account = await signedInAccount(leaver.page, 'Lena Leaving');
    const track = await uploadShortTrack(leaver.page, unique('Farewell tune'));
    const leaverId = track.artistId;
    await signedInAccount(owner.page, 'Olga Owner');

    const name = unique('Shared mix');
    const playlist = await createPlaylistViaApi(owner.page, name);
    expect((await owner.page.request.post(`/api/playlists/${playlist.id}/tracks`, { data: { trackId: demo[0]!.id }, headers })).status()).toBe(200);
    const invite = (await (await owner.page.request.post(`/api/playlists/${playlist.id}/invite`, { headers })).json()) as { invite: string };
    expect((await leaver.page.request.post(`/api/playlists/${playlist.id}/collaborators`, { data: { invite: invite.invite }, headers })).status()).toBe(200);
    expect((await leaver.page.request.post(`/api/playlists/${playlist.id}/tracks`, { data: { trackId: demo[1]!.id }, headers })).status()).toBe(200);

    const addedBy = (title: string) =>
      main(owner.page)
        .getByRole('list', { name: 'Playlist tracks' })
        .getByTestId('track-row')
        .filter({ has: owner.page.locator('.track-row__title', { hasText: title }) })
        .getByTestId('added-by');

    await test.step('the owner sees the entry added by the leaver', async () => {
      await owner.page.goto(`/home?tab=playlists-details&playlist=${playlist.id}`);
      await expect(addedBy(demo[1]!.title)).toHaveText('added by Lena Leaving');
    });

    await test.step('a wrong password is refused in words, and nothing happens', async () => {
      await leaver.page.goto('/home?tab=settings');
      const section = leaver.page.getByTestId('delete-account');
      await section.scrollIntoViewIfNeeded();
      await section.getByRole('button', { name: 'Delete my account…' }).click();
      const form = section.getByRole('form', { name: 'Delete my account' });
      await expect(form.getByText('Your account is deleted as soon as you confirm, and you are signed out.')).toBeVisible();
      await form.getByLabel('Your password').fill('not my password');
      await form.getByRole('button', { name: 'Delete my account' }).click();
      await expect(form.getByRole('alert')).toHaveText('That password is not right. Enter the password you sign in with.');
      await section.screenshot({ path: testInfo.outputPath('delete-account-form.png') });
    });

    await test.step('with the password, the account goes and the page starts over signed out', async () => {
      const form = leaver.page.getByRole('form', { name: 'Delete my account' });
      await form.getByLabel('Your password').fill(account.password);
      await form.getByRole('button', { name: 'Delete my account' }).click();
      await expect(leaver.page).toHaveURL(/\/$|\/home/);
      await expect.poll(async () => (await leaver.page.request.get('/api/me')).json()).toBeNull();
      await expect(leaver.page.getByRole('button', { name: 'Sign in' }).or(leaver.page.getByRole('link', { name: 'Sign in' })).first()).toBeVisible();
      await leaver.page.screenshot({ path: testInfo.outputPath('signed-out-after-deletion.png') });
    });

    await test.step('their artist page is gone, and signing in again fails', async () => {
      await expect.poll(async () => (await owner.page.request.get(`/api/artists/${leaverId}`)).status(), { timeout: 30_000 }).toBe(404);
      await owner.page.goto(`/artist/${leaverId}`);
      await expect(main(owner.page).getByText('Artist not found')).toBeVisible();
      const again = await leaver.page.request.post('/api/auth/sign-in/email', { data: { email: account.email, password: account.password }, headers });
      expect(again.status()).toBe(401);
    });

    await test.step('the collaborative playlist keeps their entry, from "a deleted account"', async () => {
      await owner.page.goto(`/home?tab=playlists-details&playlist=${playlist.id}`);
      await expect(addedBy(demo[1]!.title)).toHaveText('added by A deleted account');
      await expect(addedBy(demo[0]!.title)).toHaveText('added by Olga Owner');
      await owner.page.screenshot({ path: testInfo.outputPath('playlist-after-deletion.png'), fullPage: true });
    });
  } finally {
    await leaver.context.close();
    await owner.context.close();
  }
});
