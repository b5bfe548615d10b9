import { expect, test } from '../support/test.js';
import { newAccount, playFromList, signUpViaApi, waitForDemoCatalogue, type ApiTrack } from '../support/app.js';
import { APP_URL } from '../support/env.js';
import { openSession, openTrackSheet, queuedTitles, screenshotBoth } from '../support/library.js';

let demo: ApiTrack[] = [];

test.beforeAll(async ({ request }) => {
  demo = await waitForDemoCatalogue(request);
});

test("a row's '...' sheet: closes outside and on Escape; play next, add to queue, share, report", async ({ browser }, testInfo) => {
  const { context, page } = await openSession(browser);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: APP_URL });
  await signUpViaApi(page, newAccount('Tess Actions'));
  const [playing, next, queued, shared] = [demo[0]!, demo[2]!, demo[3]!, demo[4]!];
  await page.goto('/home');

  await test.step('an outside click closes the sheet, and so does Escape', async () => {
    const sheet = await openTrackSheet(page, playing.title);
    await screenshotBoth(page, (file) => testInfo.outputPath(file), 'sheet');
    await page.mouse.click(5, 5);
    await expect(sheet).toBeHidden();
    await openTrackSheet(page, playing.title);
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
  });

  await test.step('play next goes right after the current track; add to queue goes last', async () => {
    await playFromList(page, playing.title);
    await expect(page.getByTestId('now-playing-title')).toHaveText(playing.title);
    const before = await queuedTitles(page);
    const at = before.indexOf(playing.title);

    let sheet = await openTrackSheet(page, next.title);
    await sheet.getByRole('button', { name: 'Play next' }).click();
    await expect(sheet.getByRole('status')).toHaveText('It will play next.');
    await page.keyboard.press('Escape');
    sheet = await openTrackSheet(page, queued.title);
    await sheet.getByRole('button', { name: 'Add to queue' }).click();
    await expect(sheet.getByRole('status')).toHaveText('Added to the queue.');
    await page.keyboard.press('Escape');

    const after = await queuedTitles(page);
    expect(after[at + 1]).toBe(next.title);
    expect(after.at(-1)).toBe(queued.title);
    expect(after).toHaveLength(before.length + 2);
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(page.getByTestId('now-playing-title')).toHaveText(next.title);
    await page.getByRole('button', { name: 'Pause', exact: true }).click();
  });

  await test.step('share copies the absolute track page link (the one with preview tags)', async () => {
    const sheet = await openTrackSheet(page, shared.title);
    await sheet.getByRole('button', { name: 'Share' }).click();
    await expect(sheet.getByRole('status')).toHaveText('Link copied to the clipboard.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${APP_URL}/track/${shared.id}`);
    await page.keyboard.press('Escape');
  });

  await test.step('report with a reason: stored, alerted, closed', async () => {
    const sheet = await openTrackSheet(page, shared.title);
    await sheet.getByRole('button', { name: 'Report track' }).click();
    await sheet.getByLabel('Reason (optional)').fill('Not the track it claims to be');
    const alerts: string[] = [];
    page.once('dialog', (dialog) => {
      alerts.push(dialog.message());
      void dialog.accept();
    });
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith(`/api/tracks/${shared.id}/reports`) && r.request().method() === 'POST'),
      sheet.getByRole('button', { name: 'Send complaint' }).click(),
    ]);
    expect(response.status()).toBe(201);
    expect(response.request().postDataJSON()).toEqual({ reason: 'Not the track it claims to be' });
    await expect(sheet).toBeHidden();
    expect(alerts).toEqual(['Complaint about the track sent!']);
  });
  await context.close();
});

test('signed out, the sheet still reports, and asks to sign in for likes and playlists', async ({ browser }) => {
  const { context, page } = await openSession(browser);
  await page.goto('/home');
  const track = demo[1]!;
  const sheet = await openTrackSheet(page, track.title);
  await expect(sheet.getByText('Sign in to add tracks to your playlists.')).toBeVisible();
  await sheet.getByRole('button', { name: 'Like', exact: true }).click();
  await expect(sheet.getByRole('status')).toHaveText('Sign in to like tracks.');
  await sheet.getByRole('button', { name: 'Report track' }).click();
  const alerts: string[] = [];
  page.once('dialog', (dialog) => {
    alerts.push(dialog.message());
    void dialog.accept();
  });
  await sheet.getByRole('button', { name: 'Send complaint' }).click();
  await expect.poll(() => alerts).toEqual(['Complaint about the track sent!']);
  await expect(sheet).toBeHidden();
  await context.close();
});
