import { expect, test, type Locator, type Page } from '../support/test.js';
import { newAccount, signUpViaApi, unique, waitForDemoCatalogue, type ApiTrack } from '../support/app.js';
import { APP_URL } from '../support/env.js';
import {
  createPlaylistViaApi,
  main,
  openSession,
  openTrackSheet,
  screenshotBoth,
  signInViaApi,
} from '../support/library.js';

let demo: ApiTrack[] = [];

test.beforeAll(async ({ request }) => {
  demo = await waitForDemoCatalogue(request);
});

const cards = (page: Page) => page.getByRole('list', { name: 'My playlists' }).getByTestId('playlist-card');
const cardOf = (page: Page, name: string) => cards(page).filter({ hasText: name });
/** A playlist's rows are the home list's rows (cover, title, artist link, like, duration). */
const entries = (page: Page) => page.getByRole('list', { name: 'Playlist tracks' }).getByTestId('track-row');
const label = (track: ApiTrack) => `${track.title} - ${track.artist}`;

async function entryLabels(rows: Locator): Promise<string[]> {
  return rows.evaluateAll((items) =>
    items.map((row) => {
      const text = (selector: string) => row.querySelector(selector)?.textContent?.trim() ?? '';
      return `${text('.track-row__title')} - ${text('.track-row__artist')}`;
    }),
  );
}

test('playlists sync live between two browsers signed in as the same user', async ({ browser }, testInfo) => {
  test.setTimeout(120_000);
  const account = newAccount('Polly Playlists');
  const laptop = await openSession(browser);
  const phone = await openSession(browser);
  await signUpViaApi(laptop.page, account);
  await signInViaApi(phone.page, account);
  const [first, second] = [demo[0]!, demo[1]!];
  const name = unique('Road trip');

  await test.step('a playlist created on the laptop appears on the phone without a reload', async () => {
    await phone.page.goto('/home?tab=playlists');
    await expect(main(phone.page).getByText('You have no playlists yet.')).toBeVisible();
    await laptop.page.goto('/home?tab=playlists');
    const field = laptop.page.getByRole('textbox', { name: 'New playlist name' });
    const create = laptop.page.getByRole('button', { name: 'Create', exact: true });
    await field.fill('   ');
    await expect(create).toBeDisabled();
    await field.fill(`  ${name}  `);
    await create.click();
    await expect(cardOf(laptop.page, name)).toBeVisible();
    await expect(field).toHaveValue('');
    await expect(cardOf(phone.page, name)).toBeVisible();
    await screenshotBoth(laptop.page, (file) => testInfo.outputPath(file), 'playlists');
  });

  await test.step("tracks are added from a row's sheet and show with their title and artist", async () => {
    await laptop.page.goto('/home');
    for (const track of [first, second]) {
      const sheet = await openTrackSheet(laptop.page, track.title);
      await sheet.getByRole('button', { name, exact: true }).click();
      await expect(sheet.getByRole('status')).toHaveText(`Added to ${name}`);
      await laptop.page.keyboard.press('Escape');
      await expect(sheet).toBeHidden();
    }
    await expect(cardOf(phone.page, name)).toContainText('2 tracks');
    await cardOf(phone.page, name).getByRole('link', { name: `Open ${name}` }).click();
    await expect(phone.page).toHaveURL(/tab=playlists-details&playlist=/);
    await expect.poll(() => entryLabels(entries(phone.page))).toEqual([label(first), label(second)]);
    await screenshotBoth(phone.page, (file) => testInfo.outputPath(file), 'playlist-details');
  });

  await test.step('reorder on the phone (keyboard), seen on the laptop', async () => {
    const down = phone.page.getByRole('button', { name: `Move ${first.title} down` });
    await down.focus();
    await phone.page.keyboard.press('Enter');
    await expect.poll(() => entryLabels(entries(phone.page))).toEqual([label(second), label(first)]);
    await laptop.page.goto(phone.page.url());
    await expect.poll(() => entryLabels(entries(laptop.page))).toEqual([label(second), label(first)]);
  });

  await test.step('a click plays the playlist as the active list', async () => {
    await entries(laptop.page).nth(1).getByRole('button').first().click();
    await expect(laptop.page.getByTestId('now-playing-title')).toHaveText(first.title);
    await laptop.page.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(laptop.page.getByTestId('now-playing-title')).toHaveText(second.title);
    await laptop.page.getByRole('button', { name: 'Pause', exact: true }).click();
  });

  await test.step('remove a track on the laptop; the phone follows live', async () => {
    await laptop.page.getByRole('button', { name: `Remove ${second.title} from the playlist` }).click();
    await expect.poll(() => entryLabels(entries(laptop.page))).toEqual([label(first)]);
    await expect.poll(() => entryLabels(entries(phone.page))).toEqual([label(first)]);
    await laptop.page.getByRole('button', { name: `Remove ${first.title} from the playlist` }).click();
    await expect(main(laptop.page).getByText('No tracks available. Add some tracks!')).toBeVisible();
    await expect(main(phone.page).getByText('No tracks available. Add some tracks!')).toBeVisible();
  });

  await test.step('edit: a blank name saves nothing, Cancel closes, Save renames everywhere', async () => {
    await laptop.page.goto('/home?tab=playlists');
    await phone.page.goto('/home?tab=playlists');
    await laptop.page.getByRole('button', { name: `Edit ${name}` }).click();
    const dialog = laptop.page.getByRole('dialog', { name: 'Edit playlist' });
    await dialog.getByLabel('Name').fill('   ');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(cardOf(laptop.page, name)).toBeVisible();

    await laptop.page.getByRole('button', { name: `Edit ${name}` }).click();
    await dialog.getByLabel('Name').fill(`${name} renamed`);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(cardOf(laptop.page, `${name} renamed`)).toBeVisible();
    await expect(cardOf(phone.page, `${name} renamed`)).toBeVisible();
  });

  await test.step('delete asks first; dismissing keeps it, accepting removes it everywhere', async () => {
    const messages: string[] = [];
    laptop.page.once('dialog', (dialog) => {
      messages.push(dialog.message());
      void dialog.dismiss();
    });
    await laptop.page.getByRole('button', { name: `Delete ${name} renamed` }).click();
    await expect(cardOf(laptop.page, name)).toBeVisible();
    laptop.page.once('dialog', (dialog) => {
      messages.push(dialog.message());
      void dialog.accept();
    });
    await laptop.page.getByRole('button', { name: `Delete ${name} renamed` }).click();
    await expect(cardOf(laptop.page, name)).toHaveCount(0);
    await expect(cardOf(phone.page, name)).toHaveCount(0);
    expect(messages).toEqual(['Do you really want to delete this playlist?', 'Do you really want to delete this playlist?']);
  });

  await laptop.context.close();
  await phone.context.close();
});

test('a public playlist has a shareable link that works for anyone; private ones are not found', async ({ browser }, testInfo) => {
  const owner = await openSession(browser);
  await owner.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: APP_URL });
  await signUpViaApi(owner.page, newAccount('Sharon Share'));
  const name = unique('Shared mix');
  const playlist = await createPlaylistViaApi(owner.page, name);
  const added = await owner.page.request.post(`/api/playlists/${playlist.id}/tracks`, {
    data: { trackId: demo[2]!.id },
    headers: { origin: APP_URL },
  });
  expect(added.status()).toBe(200);

  const guest = await openSession(browser);
  // The share link is /playlist/:id (the server gives it preview tags); the app opens it in the playlists tab.
  const link = `/playlist/${playlist.id}`;
  await guest.page.goto(link);
  await expect(main(guest.page).getByText('This playlist does not exist or is private.')).toBeVisible();

  await owner.page.goto(link);
  const toggle = owner.page.getByRole('switch', { name: 'Public' });
  await expect(toggle).not.toBeChecked();
  await toggle.check();
  const shareLink = owner.page.getByRole('textbox', { name: 'Shareable link' });
  await expect(shareLink).toHaveValue(`${APP_URL}${link}`);
  await owner.page.getByRole('button', { name: 'Copy link' }).click();
  await expect(owner.page.getByText('Link copied')).toBeVisible();
  expect(await owner.page.evaluate(() => navigator.clipboard.readText())).toBe(`${APP_URL}${link}`);
  await screenshotBoth(owner.page, (file) => testInfo.outputPath(file), 'playlist-public');

  await guest.page.goto(link);
  await expect.poll(() => entryLabels(entries(guest.page))).toEqual([label(demo[2]!)]);
  await expect(guest.page.getByRole('switch', { name: 'Public' })).toHaveCount(0);
  await expect(guest.page.getByRole('button', { name: /^Remove / })).toHaveCount(0);
  await entries(guest.page).first().getByRole('button').first().click();
  await expect(guest.page.getByTestId('now-playing-title')).toHaveText(demo[2]!.title);

  await toggle.uncheck();
  await expect(shareLink).toBeHidden();
  await guest.page.reload();
  await expect(main(guest.page).getByText('This playlist does not exist or is private.')).toBeVisible();
  await owner.context.close();
  await guest.context.close();
});
