import { AxeBuilder } from '@axe-core/playwright';
import { type BrowserContext, expect, type Page, test } from '../support/test.js';
import { APP_URL, S3_APP_URL } from '../support/env.js';
import { type ApiTrack, audioState, newAccount, nowPlayingTitle, playerBar, playFromList, signUpViaApi, skipTermsModal, trackRows, unique, waitForPlaybackPast } from '../support/app.js';
import { removeUploadedTracks } from '../support/library.js';
import { demoRun, measureGap, mediaEvents, recordGainStage, recordMediaEvents } from '../support/player.js';

test.afterEach(removeUploadedTracks);

/** The two test tones: one in the equalizer's 62 Hz band, one at 4 kHz (a band Bass boost leaves at 0 dB). */
const LOW_HZ = 62;
const HIGH_HZ = 4000;

/** A stereo 16-bit WAV of the two tones at −14 dBFS each. */
function toneWav(seconds: number, rate = 44_100): Buffer {
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
    const t = i / rate;
    const sample = Math.round(0.2 * (Math.sin(2 * Math.PI * LOW_HZ * t) + Math.sin(2 * Math.PI * HIGH_HZ * t)) * 32767);
    wav.writeInt16LE(sample, 44 + i * 4);
    wav.writeInt16LE(sample, 46 + i * 4);
  }
  return wav;
}

type Audio = { status: string; high: string | null };

/** Uploads a WAV as a track and waits for the audio job to make its renditions; returns the URL the player loads. */
async function uploadTone(page: Page, title: string, seconds: number, origin = APP_URL): Promise<{ id: string; playedUrl: string }> {
  const headers = { origin };
  const file = toneWav(seconds);
  const grant = await page.request.post('/api/get-upload-url', { data: { fileName: 'tones.wav', fileType: 'audio/wav', fileSize: file.length }, headers });
  expect(grant.status(), await grant.text()).toBe(200);
  const { uploadURL, fileUrl } = (await grant.json()) as { uploadURL: string; fileUrl: string };
  const put = await page.request.put(uploadURL, { data: file, headers: { ...headers, 'content-type': 'audio/wav' } });
  expect(put.status(), await put.text()).toBe(200);
  const created = await page.request.post('/api/tracks', { data: { title, genre: 'Other', url: fileUrl }, headers });
  expect(created.status(), await created.text()).toBe(201);
  const { id, url } = (await created.json()) as ApiTrack & { url: string };
  const audioOf = async () => ((await (await page.request.get(`/api/tracks/${id}`)).json()) as { audio?: Audio }).audio;
  await expect.poll(async () => (await audioOf())?.status, { timeout: 60_000 }).toBe('ready');
  return { id, playedUrl: (await audioOf())?.high ?? url };
}

/**
 * Before any page loads: hangs an AnalyserNode (not connected to the output) on every node that
 * connects to the destination, i.e. on what the listener hears, after the equalizer. With
 * recordGainStage's tap on each element's gain node (before the equalizer), the test compares
 * the two at the same moment: the equalizer's response, whatever the music does meanwhile.
 */
async function recordOutput(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const taps: AnalyserNode[] = [];
    (window as unknown as { __outputTaps: AnalyserNode[] }).__outputTaps = taps;
    const original = AudioNode.prototype.connect as (this: AudioNode, ...args: unknown[]) => unknown;
    (AudioNode.prototype as unknown as { connect: (...args: unknown[]) => unknown }).connect = function (this: AudioNode, ...args: unknown[]) {
      const result = original.apply(this, args);
      if (args[0] instanceof AudioDestinationNode) {
        const tap = this.context.createAnalyser();
        original.call(this, tap);
        taps.push(tap);
      }
      return result;
    };
  });
}

interface EqResponse {
  /** dB the output is above the element's gain node at LOW_HZ, minus the same at HIGH_HZ. */
  tilt: number;
  /** RMS of what is heard. */
  outputRms: number;
}

/** Measures, in one go, the playing element's tap (before the equalizer) and the output tap (after). */
async function eqResponse(page: Page): Promise<EqResponse | null> {
  return page.evaluate(
    ([low, high]) => {
      const win = window as unknown as { __gainStage?: { element: HTMLMediaElement; tap: AnalyserNode }[]; __outputTaps?: AnalyserNode[] };
      const playing = document.querySelector('audio');
      const before = win.__gainStage?.find((entry) => entry.element === playing)?.tap;
      const after = win.__outputTaps?.at(-1);
      if (!before || !after) return null;
      const spectrum = (tap: AnalyserNode) => {
        if (tap.fftSize !== 8192) tap.fftSize = 8192;
        // Unsmoothed: the analyser smooths per call, not per second, so polls far apart would lag.
        tap.smoothingTimeConstant = 0;
        const data = new Float32Array(tap.frequencyBinCount);
        tap.getFloatFrequencyData(data);
        return data;
      };
      const [pre, post] = [spectrum(before), spectrum(after)];
      const binWidth = after.context.sampleRate / after.fftSize;
      /** The strongest bin within ±3 of the tone (its energy spreads a little). */
      const peak = (data: Float32Array, hz: number) => {
        const centre = Math.round(hz / binWidth);
        return Math.max(...Array.from(data.slice(centre - 3, centre + 4)));
      };
      const samples = new Float32Array(after.fftSize);
      after.getFloatTimeDomainData(samples);
      const outputRms = Math.sqrt(samples.reduce((sum, x) => sum + x * x, 0) / samples.length);
      return { tilt: peak(post, low) - peak(pre, low) - (peak(post, high) - peak(pre, high)), outputRms };
    },
    [LOW_HZ, HIGH_HZ] as const,
  );
}

function soundDialog(page: Page) {
  return page.getByRole('dialog', { name: 'Sound' });
}

async function openSound(page: Page) {
  await playerBar(page).getByRole('button', { name: 'Sound', exact: true }).click();
  await expect(soundDialog(page)).toBeVisible();
  return soundDialog(page);
}

test('speed, sleep timer and equalizer change what plays, and gapless playback goes on through the equalizer', async ({ page, context }, testInfo) => {
  test.setTimeout(180_000);
  await skipTermsModal(context);
  await recordGainStage(context);
  await recordOutput(context);
  await signUpViaApi(page, newAccount('Sam Sound'));
  const prefix = unique('E2E Sound');
  // Newest first in the list: the short one, then the long one it runs into.
  const long = { title: `${prefix} Long`, ...(await uploadTone(page, `${prefix} Long`, 30)) };
  const short = { title: `${prefix} Short`, ...(await uploadTone(page, `${prefix} Short`, 8)) };

  await page.goto('/home');
  await page.getByRole('searchbox', { name: 'Filter tracks' }).fill(prefix);
  await expect(trackRows(page)).toHaveCount(2);
  await recordMediaEvents(page);

  await test.step('the equalizer on Bass boost, before anything plays', async () => {
    const dialog = await openSound(page);
    await dialog.getByLabel('Equalizer on').check();
    await dialog.getByLabel('Preset').selectOption('bassBoost');
    await expect(dialog.getByRole('slider', { name: '62 Hz band' })).toHaveValue('6');
    await dialog.getByRole('button', { name: 'Close' }).click();
  });

  await test.step('the short track runs into the long one without a reload, through the equalizer', async () => {
    await playFromList(page, short.title);
    await expect(nowPlayingTitle(page)).toHaveText(short.title);
    await expect(nowPlayingTitle(page)).toHaveText(long.title, { timeout: 20_000 });
    await expect
      .poll(async () => measureGap(await mediaEvents(page), short.playedUrl, long.playedUrl), { timeout: 10_000 })
      .not.toBeNull()
      .catch(async (error: unknown) => {
        // What the elements did, in the log: a failure here is a timing one, seen in CI only.
        const events = (await mediaEvents(page)).filter((event) => event.type !== 'timeupdate');
        console.error(events.map((event) => `${event.at.toFixed(0)} ${event.type} deck ${event.deck} …${event.src.slice(-24)} t=${event.currentTime.toFixed(2)}`).join('\n'));
        throw error;
      });
    await waitForPlaybackPast(page, 0.5);
    await expect.poll(async () => (await eqResponse(page))?.outputRms ?? 0).toBeGreaterThan(0.02);
    const dialog = await openSound(page);
    await expect(dialog.locator('[data-eq-status]')).toHaveAttribute('data-eq-status', 'active');
    await expect(dialog.getByTestId('eq-unavailable')).toHaveCount(0);
  });

  await test.step('Bass boost raises 62 Hz against 4 kHz by the preset’s boost; Flat leaves them level', async () => {
    await expect.poll(async () => (await eqResponse(page))?.tilt ?? 0, { timeout: 10_000 }).toBeGreaterThan(5);
    const boosted = (await eqResponse(page))?.tilt as number;
    await soundDialog(page).getByLabel('Preset').selectOption('flat');
    await expect.poll(async () => Math.abs((await eqResponse(page))?.tilt ?? 99), { timeout: 10_000 }).toBeLessThan(1);
    const flat = (await eqResponse(page))?.tilt as number;
    testInfo.annotations.push({ type: 'measured', description: `62 Hz vs 4 kHz: bass boost ${boosted.toFixed(2)} dB, flat ${flat.toFixed(2)} dB` });
    await page.screenshot({ path: testInfo.outputPath('sound-panel.png') });
  });

  await test.step('at 2× both elements play twice as fast, pitch preserved; media time runs at twice the clock', async () => {
    await soundDialog(page).getByLabel('Playback speed').selectOption('2');
    const rates = await page.evaluate(() => [...document.querySelectorAll('audio')].map((audio) => ({ rate: audio.playbackRate, pitch: audio.preservesPitch })));
    expect(rates).toEqual([
      { rate: 2, pitch: true },
      { rate: 2, pitch: true },
    ]);
    const sample = () => page.evaluate(() => ({ media: document.querySelector('audio')!.currentTime, clock: performance.now() / 1000 }));
    const from = await sample();
    await page.waitForTimeout(1500);
    const to = await sample();
    const ratio = (to.media - from.media) / (to.clock - from.clock);
    testInfo.annotations.push({ type: 'measured', description: `media seconds per clock second at 2×: ${ratio.toFixed(2)}` });
    expect(ratio).toBeGreaterThan(1.6);
    expect(ratio).toBeLessThan(2.4);
    await soundDialog(page).getByLabel('Playback speed').selectOption('1');
  });

  await test.step('sleeping at the end of the track: the short one plays to its end and stops there, the long one never starts', async () => {
    await soundDialog(page).getByLabel('Sleep timer').selectOption('endOfTrack');
    await expect(soundDialog(page).getByTestId('sleep-remaining')).toHaveText('Pauses at the end of this track');
    await soundDialog(page).getByRole('button', { name: 'Close' }).click();
    await expect(playerBar(page).getByTestId('sleep-badge')).toHaveText('end');
    const eventsBefore = (await mediaEvents(page)).length;
    await playFromList(page, short.title);
    await expect(nowPlayingTitle(page)).toHaveText(short.title);
    await waitForPlaybackPast(page, 0.5);
    await expect.poll(async () => (await audioState(page)).paused, { timeout: 20_000 }).toBe(true);
    const state = await audioState(page);
    expect(state.src).toContain(short.playedUrl);
    expect(state.currentTime).toBeGreaterThan(state.duration - 0.5);
    await expect(nowPlayingTitle(page)).toHaveText(short.title);
    await expect(playerBar(page).getByRole('button', { name: 'Play', exact: true })).toBeVisible();
    await expect(playerBar(page).getByTestId('sleep-badge')).toHaveCount(0);
    const later = (await mediaEvents(page)).slice(eventsBefore);
    expect(later.filter((event) => event.type === 'playing' && event.src.endsWith(long.playedUrl))).toEqual([]);
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });

  test('the full-screen player opens the Sound dialog, which works from the keyboard and passes axe', async ({ page, context }, testInfo) => {
    await skipTermsModal(context);
    await page.goto('/home');
    const [first] = (await demoRun(page, 1)).run as [string];
    await playFromList(page, first);
    await expect(nowPlayingTitle(page)).toHaveText(first);
    // The mini player has no room for it; the full-screen player has.
    await expect(playerBar(page).getByRole('button', { name: 'Sound', exact: true })).toBeHidden();
    await page.getByTestId('player-art').click();
    const dialog = await openSound(page);
    await expect(dialog.getByTestId('eq-unavailable')).toHaveCount(0);

    await dialog.getByLabel('Equalizer on').check();
    const band = dialog.getByRole('slider', { name: '62 Hz band' });
    await band.focus();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await expect(band).toHaveValue('1');
    await expect(band).toHaveAttribute('aria-valuetext', '+1 dB');
    await expect(dialog.getByLabel('Preset')).toHaveValue('custom');
    await dialog.getByLabel('Playback speed').selectOption('1.25');
    await expect.poll(() => page.evaluate(() => document.querySelector('audio')?.playbackRate)).toBe(1.25);
    await page.screenshot({ path: testInfo.outputPath('sound-mobile.png') });

    const results = await new AxeBuilder({ page }).setLegacyMode(true).include('dialog[open]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
    expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);

    // Remembered: after a reload the speed and the bands are as they were left.
    await page.keyboard.press('Escape');
    await expect(soundDialog(page)).toBeHidden();
    await page.reload();
    await expect(nowPlayingTitle(page)).toHaveText(first);
    await page.getByTestId('player-art').click();
    const again = await openSound(page);
    await expect(again.getByLabel('Playback speed')).toHaveValue('1.25');
    await expect(again.getByLabel('Equalizer on')).toBeChecked();
    await expect(again.getByLabel('Preset')).toHaveValue('custom');
    await expect(again.getByRole('slider', { name: '62 Hz band' })).toHaveValue('1');
  });
});

test.describe('on S3 storage', () => {
  test.use({ baseURL: S3_APP_URL });

  test('where /media redirects to a bucket without CORS, the equalizer says it is unavailable (and the track still plays)', async ({ page, context }) => {
    await skipTermsModal(context);
    const signUp = await page.request.post('/api/auth/sign-up/email', { data: newAccount('Sam Bucket'), headers: { origin: S3_APP_URL } });
    expect(signUp.status(), await signUp.text()).toBe(200);
    const title = unique('E2E Sound Bucket');
    await uploadTone(page, title, 10, S3_APP_URL);
    await page.goto('/home');
    await page.getByRole('searchbox', { name: 'Filter tracks' }).fill(title);
    await expect(trackRows(page)).toHaveCount(1);
    await playFromList(page, title);
    await waitForPlaybackPast(page, 1);
    const dialog = await openSound(page);
    await expect(dialog.locator('[data-eq-status]')).toHaveAttribute('data-eq-status', 'unavailable');
    await expect(dialog.getByTestId('eq-unavailable')).toHaveText(/The equalizer cannot process this audio/);
    // The speed does not need Web Audio: it still applies.
    await dialog.getByLabel('Playback speed').selectOption('1.5');
    await expect.poll(() => page.evaluate(() => document.querySelector('audio')?.playbackRate)).toBe(1.5);
  });
});
