import { expect, test } from '../support/test.js';
import { APP_URL } from '../support/env.js';
import { type ApiTrack, newAccount, nowPlayingTitle, playFromList, playerBar, signUpViaApi, skipTermsModal, trackRows, unique, waitForPlaybackPast } from '../support/app.js';
import { removeUploadedTracks } from '../support/library.js';
import { levelStages, recordGainStage } from '../support/player.js';
import { quietWav } from '../support/quiet-wav.js';

test.afterEach(removeUploadedTracks);

test('with normalization on, a quiet upload plays raised through its gain node up to its true-peak ceiling; off, at unity', async ({ page, context }, testInfo) => {
  await skipTermsModal(context);
  await recordGainStage(context);
  await signUpViaApi(page, newAccount('Quinn Quiet'));
  const title = unique('E2E Quiet');
  const headers = { origin: APP_URL };
  const file = quietWav(40);
  const grant = await page.request.post('/api/get-upload-url', { data: { fileName: 'quiet.wav', fileType: 'audio/wav', fileSize: file.length }, headers });
  expect(grant.status(), await grant.text()).toBe(200);
  const { uploadURL, fileUrl } = (await grant.json()) as { uploadURL: string; fileUrl: string };
  const put = await page.request.put(uploadURL, { data: file, headers: { ...headers, 'content-type': 'audio/wav' } });
  expect(put.status(), await put.text()).toBe(200);
  const created = await page.request.post('/api/tracks', { data: { title, genre: 'Other', url: fileUrl }, headers });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as ApiTrack;

  // The audio job measures it and makes its renditions.
  type Audio = { status: string; loudness: number | null; truePeak: number | null; high: string | null };
  const audioOf = async () => ((await (await page.request.get(`/api/tracks/${id}`)).json()) as { audio?: Audio }).audio;
  await expect.poll(async () => (await audioOf())?.status, { timeout: 60_000 }).toBe('ready');
  const audio = (await audioOf()) as Audio;
  expect(audio.loudness).not.toBeNull();
  expect(audio.truePeak).not.toBeNull();
  const [loudness, truePeak] = [audio.loudness as number, audio.truePeak as number];
  expect(loudness).toBeLessThan(-17);
  // Raised up to −14 LUFS, but only as far as the true peak stays at −1 dBTP: here the peak decides.
  const raiseDb = Math.min(-14 - loudness, -1 - truePeak);
  expect(raiseDb).toBeLessThan(-14 - loudness);
  expect(raiseDb).toBeGreaterThan(2);
  const expectedGain = 10 ** (raiseDb / 20);
  testInfo.annotations.push({ type: 'measured', description: `${loudness} LUFS, ${truePeak} dBTP → +${raiseDb.toFixed(2)} dB (×${expectedGain.toFixed(3)})` });

  await page.goto('/home');
  await page.getByRole('searchbox', { name: 'Filter tracks' }).fill(title);
  await expect(trackRows(page)).toHaveCount(1);
  await playFromList(page, title);
  await expect(nowPlayingTitle(page)).toHaveText(title);
  await waitForPlaybackPast(page, 1);

  await test.step('normalization on (the default): the playing element feeds a gain node at the raise, and sound comes out of it', async () => {
    await expect.poll(async () => (await levelStages(page))[0]?.gain ?? 0).toBeCloseTo(expectedGain, 3);
    const [playing] = await levelStages(page);
    expect(playing?.src).toContain(audio.high as string);
    // The listener's volume stays on the element: the raise is not in it.
    expect(playing?.volume).toBe(1);
    await expect.poll(async () => (await levelStages(page))[0]?.rms ?? 0).toBeGreaterThan(0.05);
  });
  const raisedRms = (await levelStages(page))[0]?.rms as number;
  await page.screenshot({ path: testInfo.outputPath('normalization-on.png') });

  await test.step('switched off in Up next: unity gain, the same element still playing, as much quieter as it was raised', async () => {
    await playerBar(page).getByRole('button', { name: 'Up next', exact: true }).click();
    await page.getByLabel('Even out loudness').uncheck();
    await expect.poll(async () => (await levelStages(page))[0]?.gain).toBe(1);
    await waitForPlaybackPast(page, (await page.evaluate(() => document.querySelector('audio')?.currentTime ?? 0)) + 0.3);
    const [playing] = await levelStages(page);
    expect(playing?.rms).toBeGreaterThan(0.02);
    expect(raisedRms / (playing?.rms as number)).toBeGreaterThan(expectedGain * 0.85);
    expect(raisedRms / (playing?.rms as number)).toBeLessThan(expectedGain * 1.15);
    await page.screenshot({ path: testInfo.outputPath('normalization-off.png') });
  });

  await test.step('switched back on, the raise is back', async () => {
    await page.getByLabel('Even out loudness').check();
    await expect.poll(async () => (await levelStages(page))[0]?.gain ?? 0).toBeCloseTo(expectedGain, 3);
  });
});
