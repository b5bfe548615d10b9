import { expect, test, type Locator, type Page } from '../support/test.js';
import { unique, waitForDemoCatalogue, type ApiTrack } from '../support/app.js';
import { APP_URL } from '../support/env.js';
import { createPlaylistViaApi, main, markNoReload, openSession, openTrackSheet, signedInAccount, stillNotReloaded } from '../support/library.js';

let demo: ApiTrack[] = [];

test.beforeAll(async ({ request }) => {
  demo = await waitForDemoCatalogue(request);
});

const entries = (page: Page) => page.getByRole('list', { name: 'Playlist tracks' }).getByTestId('track-row');
const titles = (rows: Locator) => rows.evaluateAll((items) => items.map((row) => row.querySelector('.track-row__title')?.textContent?.trim() ?? ''));
const rowOf = (page: Page, title: string) => entries(page).filter({ has: page.locator('.track-row__title', { hasText: title }) });

/** Issue 14: a collaborative playlist edited live from two browser contexts (two people). */
test('a collaborative playlist edited live from two contexts', async ({ browser }, testInfo) => {
  test.setTimeout(120_000);
  const [first, second, third] = [demo[0]!, demo[1]!, demo[2]!];
  const owner = await openSession(browser);
  const friend = await openSession(browser);
  const visitor = await openSession(browser);
  try {
    await signedInAccount(owner.page, 'Alice Owner');
    await signedInAccount(friend.page, 'Bob Friend');
    const name = unique('Road trip together');
    const playlist = await createPlaylistViaApi(owner.page, name);
    for (const track of [first, second]) {
      const added = await owner.page.request.post(`/api/playlists/${playlist.id}/tracks`, { data: { trackId: track.id }, headers: { origin: APP_URL } });
      expect(added.status()).toBe(200);
    }

    let link = '';
    await test.step('the owner invites collaborators and copies the link', async () => {
      await owner.page.goto(`/home?tab=playlists-details&playlist=${playlist.id}`);
      await expect(entries(owner.page)).toHaveCount(2);
      await owner.page.getByRole('button', { name: 'Invite collaborators' }).click();
      const field = owner.page.getByRole('textbox', { name: 'Invite link for collaborators' });
      await expect(field).toHaveValue(new RegExp(`/playlist/${playlist.id}\\?invite=[\\w-]{32}$`));
      link = new URL(await field.inputValue()).pathname + new URL(await field.inputValue()).search;
      await expect(owner.page.getByText('Nobody has joined yet.')).toBeVisible();
    });

    await test.step('signed out, the link asks to sign in first', async () => {
      await visitor.page.goto(link);
      await expect(main(visitor.page).getByText('Alice Owner invited you')).toBeVisible();
      await expect(main(visitor.page).getByText('Sign in to join this playlist as a collaborator')).toBeVisible();
      await expect(visitor.page.getByRole('button', { name: 'Join as collaborator' })).toHaveCount(0);
    });

    await test.step('the friend opens the link and joins the private playlist; the owner sees them join live', async () => {
      await markNoReload(owner.page);
      await friend.page.goto(link);
      await friend.page.getByRole('button', { name: 'Join as collaborator' }).click();
      await expect(friend.page.getByRole('button', { name: 'Leave playlist' })).toBeVisible();
      await expect(friend.page).not.toHaveURL(/invite=/);
      await expect(owner.page.getByRole('list', { name: 'Collaborators of this playlist' })).toContainText('Bob Friend');
      expect(await stillNotReloaded(owner.page)).toBe(true);
    });

    await test.step('the friend adds a track from another tab: the owner sees it live, "added by Bob Friend"', async () => {
      await markNoReload(friend.page);
      const browsing = await friend.context.newPage();
      await browsing.goto('/home');
      const sheet = await openTrackSheet(browsing, third.title);
      await sheet.getByRole('button', { name: new RegExp(`^${name}`) }).click();
      await expect(sheet.getByRole('status')).toHaveText(`Added to ${name}`);
      await browsing.close();
      await expect.poll(() => titles(entries(owner.page))).toEqual([first.title, second.title, third.title]);
      await expect(rowOf(owner.page, third.title).getByTestId('added-by')).toHaveText('added by Bob Friend');
      await expect(rowOf(owner.page, first.title).getByTestId('added-by')).toHaveText('added by Alice Owner');
      await expect(main(owner.page).getByTestId('playlist-activity-item').first()).toContainText(`Bob Friend added ${third.title}`);
      await expect.poll(() => titles(entries(friend.page))).toEqual([first.title, second.title, third.title]);
      expect(await stillNotReloaded(owner.page)).toBe(true);
    });

    await test.step('the owner moves it up: the friend sees the new order live', async () => {
      await owner.page.getByRole('button', { name: `Move ${third.title} up` }).click();
      await expect.poll(() => titles(entries(friend.page))).toEqual([first.title, third.title, second.title]);
      await expect(main(friend.page).getByTestId('playlist-activity-item').first()).toContainText(`Alice Owner moved ${third.title} to #2`);
      expect(await stillNotReloaded(friend.page)).toBe(true);
      await owner.page.screenshot({ path: testInfo.outputPath('collaborative-owner.png'), fullPage: true });
      await friend.page.screenshot({ path: testInfo.outputPath('collaborative-friend.png'), fullPage: true });
    });

    await test.step('the friend finds it among their playlists, marked as collaborative', async () => {
      const lists = await friend.context.newPage();
      await lists.goto('/home?tab=playlists');
      const card = lists.getByTestId('playlist-card').filter({ hasText: name });
      await expect(card.getByTestId('collaborative-badge')).toHaveText('Collaborative · by Alice Owner');
      await expect(card.getByRole('button', { name: `Delete ${name}` })).toHaveCount(0);
      await lists.close();
    });

    await test.step('the owner removes the collaborator: their page loses the playlist live', async () => {
      await owner.page.getByRole('button', { name: 'Remove Bob Friend from the collaborators' }).click();
      await expect(owner.page.getByText('Nobody has joined yet.')).toBeVisible();
      await expect(main(friend.page).getByText('This playlist does not exist or is private.')).toBeVisible();
      expect(await stillNotReloaded(friend.page)).toBe(true);
    });
  } finally {
    await owner.context.close();
    await friend.context.close();
    await visitor.context.close();
  }
});
