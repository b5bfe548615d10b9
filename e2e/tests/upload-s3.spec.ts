import fs from 'node:fs';
import { expect, test } from '../support/test.js';
import { makeMp3 } from '../../apps/server/test/support/audio-fixtures.js';
import { S3_APP_URL, S3_ENDPOINT_POINTER } from '../support/env.js';
import { newAccount, nowPlayingTitle, playFromList, skipTermsModal, trackRows, unique, waitForPlaybackPast } from '../support/app.js';
import { levelStages, recordGainStage } from '../support/player.js';

/**
 * The upload-and-play journey once more, on the Platter whose storage is an S3 bucket (a real
 * s3rver process; app-server.ts --s3): the browser PUTs the file straight to the bucket, and the
 * player's audio comes from the bucket through /media's redirect.
 */
test.use({ baseURL: S3_APP_URL });

test('on S3 storage, an artist uploads straight to the bucket and the track plays from it', async ({ page, context }, testInfo) => {
  const bucket = fs.readFileSync(S3_ENDPOINT_POINTER, 'utf8').trim();
  await skipTermsModal(context);
  await recordGainStage(context);
  await context.addInitScript(() => window.localStorage.setItem('acceptedCopyright', 'true'));
  const account = newAccount('Sam S3');
  const signUp = await page.request.post('/api/auth/sign-up/email', { data: account, headers: { origin: S3_APP_URL } });
  expect(signUp.status(), await signUp.text()).toBe(200);

  // Every request the page makes to the bucket, and the protocol's steps on Platter.
  const toBucket: string[] = [];
  const steps: string[] = [];
  context.on('response', (response) => {
    const request = response.request();
    const url = new URL(request.url());
    if (url.origin === bucket) toBucket.push(`${request.method()} ${url.pathname.replace(/\/uploads\/.+$/, '/uploads/:user/:id')} ${response.status()}`);
    if (url.origin === S3_APP_URL && request.method() === 'POST' && ['/api/get-upload-url', '/api/tracks'].includes(url.pathname)) {
      steps.push(`POST ${url.pathname} ${response.status()}`);
    }
  });

  const title = unique('E2E Bucket');
  const mp3 = await makeMp3(8);
  await page.goto('/home?tab=menu');
  await page.getByRole('button', { name: 'Upload Track' }).click();
  const form = page.getByRole('dialog', { name: 'Upload track' }).getByRole('form', { name: 'Upload track' });
  await form.getByLabel('Track title').fill(title);
  await form.getByLabel('Genre').selectOption('Pop');
  await form.getByLabel('Track file').setInputFiles({ name: 'bucket.mp3', mimeType: 'audio/mpeg', buffer: mp3 });
  await form.getByRole('button', { name: 'Upload Track' }).click();
  await expect(form.getByRole('status')).toHaveText('Track uploaded successfully!');
  expect(steps).toEqual(['POST /api/get-upload-url 200', 'POST /api/tracks 201']);
  // The file went from the browser to the bucket, not through Platter.
  expect(toBucket).toContain('PUT /platter-e2e/uploads/:user/:id 200');
  await page.getByRole('dialog', { name: 'Upload track' }).getByRole('button', { name: 'Close' }).click();

  await page.getByRole('navigation', { name: 'Player sections' }).getByRole('link', { name: 'Home' }).click();
  await page.getByRole('searchbox', { name: 'Filter tracks' }).fill(title);
  await expect(trackRows(page)).toHaveCount(1);
  await playFromList(page, title);
  await expect(nowPlayingTitle(page)).toHaveText(title);
  await waitForPlaybackPast(page, 1);
  // The audio element followed /media's redirect: its bytes came from the bucket, in ranges.
  const src = await page.evaluate(() => document.querySelector('audio')?.currentSrc ?? '');
  testInfo.annotations.push({ type: 'audio', description: src });
  expect(new URL(src).pathname).toMatch(/^\/(media\/uploads\/|platter-e2e\/uploads\/)/);
  expect(toBucket.some((line) => /^GET \/platter-e2e\/uploads\/:user\/:id 20[06]$/.test(line)), toBucket.join('\n')).toBe(true);
  // Media that /media redirects to another origin is not routed through the Web Audio gain stage
  // (without the bucket's CORS it would play silently): the elements level by their volume.
  expect((await levelStages(page)).map((stage) => stage.gain)).toEqual([null, null]);
  await page.screenshot({ path: testInfo.outputPath('s3-track-playing.png') });
});
