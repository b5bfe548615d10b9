import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { waitForDemoCatalogue } from '../support/app.js';
import { APP_URL } from '../support/env.js';
import { createPlaylistViaApi, main, openSession, signedInAccount } from '../support/library.js';

const headers = { origin: APP_URL };

/** Issue 14: a playlist exported as M3U8 downloads, and the file (and another app's) imports back as a playlist, with a report. */
test('export a playlist as M3U8, import it back, and import another app’s file with what did not match listed', async ({ browser }, testInfo) => {
  const lookup = await openSession(browser);
  const demo = await waitForDemoCatalogue(lookup.page.request);
  await lookup.context.close();
  const { page, context } = await openSession(browser);
  try {
    await signedInAccount(page, 'Playlist Mover');
    const playlist = await createPlaylistViaApi(page, 'Commute');
    for (const track of demo.slice(0, 3)) expect((await page.request.post(`/api/playlists/${playlist.id}/tracks`, { data: { trackId: track.id }, headers })).ok()).toBe(true);

    await page.goto(`/home?tab=playlists-details&playlist=${playlist.id}`);
    const download = page.waitForEvent('download');
    await main(page).getByRole('link', { name: 'Export M3U8' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('Commute.m3u8');
    const text = fs.readFileSync((await file.path())!, 'utf8');
    expect(text.split('\n').slice(0, 2)).toEqual(['#EXTM3U', '#PLAYLIST:Commute']);
    for (const track of demo.slice(0, 3)) expect(text).toContain(`/track/${track.id}`);

    await page.goto('/home?tab=playlists');
    await main(page).getByLabel('Playlist file (M3U8 or XSPF)').setInputFiles({ name: 'Commute.m3u8', mimeType: 'audio/x-mpegurl', buffer: Buffer.from(text) });
    const report = main(page).getByTestId('playlist-import-report');
    await expect(report).toContainText('3 of 3 tracks found');
    await expect(main(page).getByRole('list', { name: 'My playlists' }).getByText('Commute')).toHaveCount(2);

    // Another app's file: by artist and title; one that is not here is listed with its reason.
    const foreign = ['#EXTM3U', `#EXTINF:30,${demo[4]!.artist} - ${demo[4]!.title}`, '/sdcard/Music/a.mp3', '#EXTINF:30,Nobody Here - Not A Song', '/sdcard/Music/b.mp3'].join('\n');
    await main(page).getByLabel('Playlist file (M3U8 or XSPF)').setInputFiles({ name: 'From phone.m3u', mimeType: 'audio/x-mpegurl', buffer: Buffer.from(foreign) });
    await expect(report).toContainText('1 of 2 tracks found');
    await expect(report).toContainText('1 track was not found on Platter');
    await expect(report).toContainText('#2 Nobody Here – Not A Song — no track with this title');
    await page.screenshot({ path: testInfo.outputPath('playlist-import-report.png'), fullPage: true });
    await report.getByRole('link').click();
    await expect(main(page).getByTestId('track-row')).toHaveCount(1);
    await expect(main(page).getByTestId('track-row')).toContainText(demo[4]!.title);
  } finally {
    await context.close();
  }
});
