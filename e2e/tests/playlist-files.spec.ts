import fs from 'node:fs';
import { expect, test } from '../support/test.js';
import { runMpv } from '../../apps/server/test/support/mpv.js';
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
    // Each entry is the track's audio (its stream URL), not its HTML page.
    for (const track of demo.slice(0, 3)) expect(text).toContain(`${APP_URL}${track.url}`);
    expect(text).not.toContain('/track/');

    // Debian's mpv (no sound card: --ao=null) plays the downloaded M3U8: it opens and decodes every entry.
    const played = await runMpv([`--playlist=${(await file.path())!}`]);
    expect(played.code, played.output).toBe(0);
    expect(played.entries.map((e) => e.playing), played.output).toEqual(demo.slice(0, 3).map((track) => `${APP_URL}${track.url}`));
    expect(played.entries.every((e) => e.audioOutput), played.output).toBe(true);
    testInfo.annotations.push({ type: 'mpv m3u8', description: played.output.split('\n').filter((line) => /^(Playing|AO):/.test(line.trim())).join(' | ') });

    // The XSPF too: mpv has no XSPF reader ("Failed to recognize file format"), so its locations are what mpv plays.
    const xspfDownload = page.waitForEvent('download');
    await main(page).getByRole('link', { name: 'Export XSPF' }).click();
    const xspfFile = await xspfDownload;
    const xspf = fs.readFileSync((await xspfFile.path())!, 'utf8');
    const locations = [...xspf.matchAll(/<location>([^<]*)<\/location>/g)].map((match) => match[1]!.replace(/&amp;/g, '&'));
    expect(locations).toEqual(demo.slice(0, 3).map((track) => `${APP_URL}${track.url}`));
    const fromXspf = await runMpv(locations);
    expect(fromXspf.code, fromXspf.output).toBe(0);
    expect(fromXspf.entries.map((e) => e.playing)).toEqual(locations);
    expect(fromXspf.entries.every((e) => e.audioOutput), fromXspf.output).toBe(true);

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
