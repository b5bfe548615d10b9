import { expect, test } from '@playwright/test';
import { APP_URL } from '../support/env.js';
import { type ApiTrack, newAccount, nowPlayingTitle, playFromList, playerBar, signUpViaApi, skipTermsModal, trackRows, unique, waitForPlaybackPast } from '../support/app.js';
import { removeUploadedTracks } from '../support/library.js';
import { levelStages, recordGainStage } from '../support/player.js';

test.afterEach(removeUploadedTracks);

/**
 * A quiet master: a 997 Hz stereo tone at −20 dBFS (about −20 LUFS) with a 1 ms click up to
 * −6 dBFS every 2 s, so its true peak (about −6 dBTP) and not the −14 LUFS target limits the raise.
 */
function quietWav(seconds: number, rate = 44_100): Buffer {
  const frames = seconds * rate;
  const wav = Buffer.alloc(44 + frames * 4);
  wav.write('RIFF', 0);
  wav.writeUInt32LE(36 + frames * 4, 4);
  wav.write('WAVEfmt ', 8);
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20);
  wav.writeUInt16LE(2, 22);
  wav.writeUInt32LE(rate, 24);
  wav.writeUInt32LE(rate * 4, 28);
  wav.writeUInt16LE(4, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36);
  wav.writeUInt32LE(frames * 4, 40);
  for (let i = 0; i < frames; i++) {
    const click = i % (2 * rate) < rate / 1000 ? 0.4 : 0;
    const sample = Math.round((0.1 * Math.sin((2 * Math.PI * 997 * i) / rate) + click) * 32767);
    wav.writeInt16LE(sample, 44 + i * 4);
    wav.writeInt16LE(sample, 46 + i * 4);
  }
  return wav;
}

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
