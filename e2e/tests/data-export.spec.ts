import fs from 'node:fs';
import { expect, test } from '../support/test.js';
import { readZip } from '../../apps/server/test/support/zip.js';
import { unique } from '../support/app.js';
import { main, openSession, removeUploadedTracks, sidebar, signedInAccount, uploadShortTrack } from '../support/library.js';

// Uploads would lead the home list of the journeys after this one: remove them.
test.afterEach(removeUploadedTracks);

/** "Download my data" (issue 28): asked for in the settings, announced by a notification, downloaded as a ZIP. */
test('ask for my data in the settings, hear it is ready, and download the ZIP with my profile and my audio', async ({ browser }, testInfo) => {
  const { page, context } = await openSession(browser);
  // The studio's one-time copyright notice has its own journey.
  await context.addInitScript(() => window.localStorage.setItem('acceptedCopyright', 'true'));
  try {
    const name = unique('Archiving Artist');
    await signedInAccount(page, name);
    const track = await uploadShortTrack(page, unique('Archived song'));

    await page.goto('/home?tab=settings');
    const section = main(page).getByTestId('data-export');
    await expect(section.getByRole('heading', { name: 'Download my data' })).toBeVisible();
    await section.getByRole('button', { name: 'Download my data' }).click();

    // The job makes it in the background; the notification arrives live.
    const tab = sidebar(page).getByTestId('notifications-tab');
    await expect(tab.getByTestId('unread-badge')).toHaveText('1', { timeout: 30_000 });
    await tab.click();
    const notification = main(page).getByTestId('notification').filter({ hasText: 'Your data archive is ready to download' });
    await expect(notification).toBeVisible();
    await expect(notification).toHaveAttribute('data-kind', 'export');

    // It leads back to the settings, where the archive waits.
    await notification.getByRole('link').click();
    await expect(page).toHaveURL(/\/home\?tab=settings$/);
    const link = section.getByRole('link', { name: 'Download the ZIP' });
    await expect(link).toBeVisible();
    await expect(section.getByTestId('data-export-status')).toContainText(/can be downloaded until/);
    await section.scrollIntoViewIfNeeded();
    await section.screenshot({ path: testInfo.outputPath('data-export-section.png') });

    const download = page.waitForEvent('download');
    await link.click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^platter-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const files = await readZip(fs.readFileSync((await file.path())!));
    const profile = JSON.parse(files.get('profile.json')!.toString('utf8')) as { profile: { displayName: string } };
    expect(profile.profile.displayName).toBe(name);
    const tracks = JSON.parse(files.get('tracks.json')!.toString('utf8')) as Array<{ id: string; file: string; sizeBytes: number }>;
    expect(tracks.map((t) => t.id)).toEqual([track.id]);
    const audio = files.get(tracks[0]!.file);
    expect(tracks[0]!.file).toMatch(/^tracks\/001 .+\.mp3$/);
    expect(audio?.length).toBe(tracks[0]!.sizeBytes);
    expect(files.has('README.txt')).toBe(true);

    // The section in Russian.
    await sidebar(page).getByLabel('Language').selectOption('ru');
    await expect(section.getByRole('heading', { name: 'Скачать мои данные' })).toBeVisible();
    await expect(section.getByRole('link', { name: 'Скачать ZIP' })).toBeVisible();
    await expect(section.getByTestId('data-export-status')).toContainText('скачать его можно до');
    await section.screenshot({ path: testInfo.outputPath('data-export-section-ru.png') });
  } finally {
    await context.close();
  }
});
