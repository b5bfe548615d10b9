import { expect, test, type Page } from '../support/test.js';
import { newAccount, playerBar, signUpViaApi, skipTermsModal, unique, type ApiTrack } from '../support/app.js';
import { APP_URL } from '../support/env.js';
import { main, openSession, removeUploadedTracks, rowOf, signedInAccount } from '../support/library.js';

/** Synced lyrics (issue 14): an artist writes LRC in the studio; a listener's player follows and seeks by it. */

test.afterEach(removeUploadedTracks);

/** Uploads a 20-second track through the API as the account signed in on `page`. */
async function uploadTrack(page: Page, title: string): Promise<ApiTrack> {
  const { makeMp3 } = await import('../../apps/server/test/support/audio-fixtures.js');
  const headers = { origin: APP_URL };
  const audio = await makeMp3(20);
  const grant = await page.request.post('/api/get-upload-url', { data: { fileName: `${title}.mp3`, fileType: 'audio/mpeg', fileSize: audio.length }, headers });
  expect(grant.status(), await grant.text()).toBe(200);
  const { uploadURL, fileUrl } = (await grant.json()) as { uploadURL: string; fileUrl: string };
  expect((await page.request.put(uploadURL, { data: audio, headers: { ...headers, 'content-type': 'audio/mpeg' } })).status()).toBe(200);
  const created = await page.request.post('/api/tracks', { data: { title, genre: 'Pop', url: fileUrl }, headers });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()) as ApiTrack;
}

const LRC = ['[ti:Counting]', '[00:00.00]Line zero', '[00:04.00]Line four', '[00:08.00]Line eight', '[00:12.00]Line twelve', '[00:16.00]Line sixteen'].join('\n');

/** The player's time and the highlighted line, read together in the page. */
async function lyricsState(page: Page): Promise<{ currentMs: number; highlighted: string | null; highlightedStart: number | null; starts: number[] }> {
  return page.evaluate(() => {
    const audio = document.querySelector('audio');
    if (!audio) throw new Error('no <audio> element on the page');
    const lines = [...document.querySelectorAll<HTMLElement>('[data-testid="lyrics-line"]')];
    const current = lines.find((line) => line.getAttribute('aria-current') === 'true') ?? null;
    return {
      currentMs: audio.currentTime * 1000,
      highlighted: current?.textContent ?? null,
      highlightedStart: current ? Number(current.dataset.startMs) : null,
      starts: lines.map((line) => Number(line.dataset.startMs)),
    };
  });
}

/** Waits until the audio is past `fromMs` (and before `toMs`) with `text` highlighted. */
async function waitForHighlight(page: Page, text: string, fromMs: number, toMs: number): Promise<void> {
  await page.waitForFunction(
    ({ text, fromMs, toMs }) => {
      const audio = document.querySelector('audio');
      const current = document.querySelector('[data-testid="lyrics-line"][aria-current="true"]');
      const ms = (audio?.currentTime ?? 0) * 1000;
      return !!audio && ms >= fromMs && ms < toMs && current?.textContent === text;
    },
    { text, fromMs, toMs },
    { timeout: 20_000 },
  );
}

test('an artist adds LRC lyrics in the studio; the listener sees the playing line highlighted as the audio advances and seeks by clicking a line', async ({ browser }) => {
  const artist = await openSession(browser);
  const listener = await openSession(browser);
  try {
    await artist.context.addInitScript(() => window.localStorage.setItem('acceptedCopyright', 'true'));
    await signUpViaApi(artist.page, newAccount('Lyra Lyricist'));
    const title = unique('E2E Sung');
    const track = await uploadTrack(artist.page, title);
    expect(track).toMatchObject({ hasLyrics: false });

    await test.step('the artist writes LRC in the lyrics editor, sees the preview and saves', async () => {
      await artist.page.goto('/home?tab=menu');
      const mine = artist.page.getByRole('list', { name: 'My tracks' });
      await mine.getByRole('button', { name: `Lyrics of ${title}` }).click();
      const dialog = artist.page.getByRole('dialog', { name: `Lyrics of ${title}` });
      await expect(dialog).toBeVisible();
      const text = dialog.getByLabel('Lyrics (plain text or LRC)');
      // A malformed stamp is named, with its line, before anything is sent.
      await text.fill('[00:01.00]ok\n[00:75.00]bad');
      await expect(dialog.getByTestId('lyrics-preview-error')).toContainText('Line 2');
      await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
      await text.fill(LRC);
      const preview = dialog.getByTestId('lyrics-preview');
      await expect(preview).toContainText('Synced: each line has its time');
      await expect(preview.getByRole('listitem')).toHaveText(['[00:00.00] Line zero', '[00:04.00] Line four', '[00:08.00] Line eight', '[00:12.00] Line twelve', '[00:16.00] Line sixteen']);
      const saved = artist.page.waitForResponse((response) => response.request().method() === 'PUT' && response.url().endsWith('/lyrics'));
      await dialog.getByRole('button', { name: 'Save' }).click();
      expect((await saved).status()).toBe(200);
      await expect(dialog).toBeHidden();
    });

    await test.step('the listener plays the track and opens the lyrics panel', async () => {
      await signedInAccount(listener.page, 'Lena Listener');
      await listener.page.goto(`/track/${encodeURIComponent(track.id)}`);
      await expect(main(listener.page).getByRole('heading', { level: 1, name: title })).toBeVisible();
      await main(listener.page).getByRole('button', { name: 'Play', exact: true }).click();
      const button = playerBar(listener.page).getByRole('button', { name: 'Lyrics', exact: true });
      await expect(button).toBeVisible();
      await button.click();
      const panel = playerBar(listener.page).getByRole('dialog', { name: 'Lyrics' });
      await expect(panel.getByTestId('lyrics-line')).toHaveText(['Line zero', 'Line four', 'Line eight', 'Line twelve', 'Line sixteen']);
    });

    await test.step('the highlighted line follows the audio element', async () => {
      await waitForHighlight(listener.page, 'Line zero', 200, 3_800);
      await waitForHighlight(listener.page, 'Line four', 4_300, 7_800);
      // Read together: the highlighted line is the last one started at the element's time (the
      // player hears the time at each timeupdate, a quarter of a second apart at most).
      const state = await lyricsState(listener.page);
      expect(state.highlighted).toBe('Line four');
      expect(state.highlightedStart).toBe(4000);
      expect(state.currentMs).toBeGreaterThanOrEqual(4000);
      expect(state.currentMs).toBeLessThan(8000 + 500);
    });

    await test.step('a click on a line seeks the audio there, and that line is highlighted', async () => {
      await playerBar(listener.page).getByRole('button', { name: 'Line twelve', exact: true }).click();
      await waitForHighlight(listener.page, 'Line twelve', 12_000, 15_800);
      const state = await lyricsState(listener.page);
      expect(state.highlightedStart).toBe(12_000);
      expect(state.currentMs).toBeGreaterThanOrEqual(12_000);
      await playerBar(listener.page).getByRole('button', { name: 'Line zero', exact: true }).click();
      await waitForHighlight(listener.page, 'Line zero', 0, 3_800);
    });
  } finally {
    await artist.context.close();
    await listener.context.close();
  }
});

test('a track without lyrics shows no lyrics button', async ({ page, context }) => {
  await skipTermsModal(context);
  await signUpViaApi(page, newAccount('Nolan Nolyrics'));
  const title = unique('E2E Instrumental');
  const track = await uploadTrack(page, title);
  await page.goto(`/track/${encodeURIComponent(track.id)}`);
  await main(page).getByRole('button', { name: 'Play', exact: true }).click();
  await expect(playerBar(page).getByTestId('player-art')).toBeVisible();
  await page.waitForFunction(() => {
    const audio = document.querySelector('audio');
    return !!audio && !audio.paused && audio.currentTime > 0.2;
  });
  await expect(playerBar(page).getByRole('button', { name: 'Lyrics', exact: true })).toHaveCount(0);
});

test('tap to time: the artist stamps each line at the audio element’s time, steps back, and saves the lines as LRC', async ({ page, context }) => {
  await skipTermsModal(context);
  await context.addInitScript(() => window.localStorage.setItem('acceptedCopyright', 'true'));
  await signUpViaApi(page, newAccount('Tapio Tapper'));
  const title = unique('E2E Tapped');
  const track = await uploadTrack(page, title);
  await page.goto('/home?tab=menu');
  await page.getByRole('list', { name: 'My tracks' }).getByRole('button', { name: `Lyrics of ${title}` }).click();
  const dialog = page.getByRole('dialog', { name: `Lyrics of ${title}` });
  await dialog.getByLabel('Lyrics (plain text or LRC)').fill('First words\nSecond words\n\nThird words');
  await expect(dialog.getByTestId('lyrics-preview')).toContainText('Plain: not synced');
  await dialog.getByRole('button', { name: 'Tap to time' }).click();

  const tap = dialog.getByTestId('lyrics-tap');
  const audio = tap.getByTestId('lyrics-tap-audio');
  await dialog.getByRole('button', { name: 'Play', exact: true }).click();
  await page.waitForFunction(() => {
    const element = document.querySelector<HTMLAudioElement>('[data-testid="lyrics-tap-audio"]');
    return !!element && !element.paused && element.currentTime > 0.2;
  });
  await dialog.getByRole('button', { name: 'Pause' }).click();
  /** Puts the (paused) element at a time, so each stamp is known exactly. */
  const at = async (seconds: number) => {
    await audio.evaluate((element: HTMLAudioElement, to) => {
      element.currentTime = to;
    }, seconds);
    await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => element.currentTime)).toBeCloseTo(seconds, 2);
  };

  await expect(tap.getByTestId('lyrics-tap-next')).toHaveText('Next line: First words');
  await at(1.5);
  await dialog.getByRole('button', { name: 'Stamp line' }).click();
  await at(4.25);
  await dialog.getByRole('button', { name: 'Stamp line' }).click();
  await expect(tap.getByTestId('lyrics-tap-next')).toHaveText('Next line: Third words');
  // A stamp too late: step back takes it off and returns the element to the line before.
  await at(9);
  await dialog.getByRole('button', { name: 'Stamp line' }).click();
  await expect(dialog.getByRole('button', { name: 'Done' })).toBeEnabled();
  await dialog.getByRole('button', { name: 'Step back' }).click();
  await expect(tap.getByTestId('lyrics-tap-next')).toHaveText('Next line: Third words');
  await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => element.currentTime)).toBeCloseTo(4.25, 2);
  await expect(dialog.getByRole('button', { name: 'Done' })).toBeDisabled();
  // Space stamps too, wherever the focus is: a focused button (Step back) is not also pressed.
  await at(7);
  await dialog.getByRole('button', { name: 'Step back' }).focus();
  await page.keyboard.press('Space');
  await expect(tap.getByTestId('lyrics-tap-next')).toHaveText('Every line is stamped.');
  await dialog.getByRole('button', { name: 'Done' }).click();

  await expect(dialog.getByLabel('Lyrics (plain text or LRC)')).toHaveValue('[00:01.50]First words\n[00:04.25]Second words\n[00:07.00]Third words');
  await expect(dialog.getByTestId('lyrics-preview')).toContainText('Synced: each line has its time');
  const saved = page.waitForResponse((response) => response.request().method() === 'PUT' && response.url().endsWith('/lyrics'));
  await dialog.getByRole('button', { name: 'Save' }).click();
  expect((await saved).status()).toBe(200);
  const lyrics = await page.request.get(`/api/tracks/${encodeURIComponent(track.id)}/lyrics`);
  expect(await lyrics.json()).toMatchObject({
    kind: 'synced',
    lines: [
      { startMs: 1500, text: 'First words' },
      { startMs: 4250, text: 'Second words' },
      { startMs: 7000, text: 'Third words' },
    ],
  });
});

test('a listener searches a phrase of the lyrics and finds the track under "In lyrics", the line shown with the phrase marked; a private track’s lyrics stay out', async ({ browser }, testInfo) => {
  const artist = await openSession(browser);
  const listener = await openSession(browser);
  try {
    await signUpViaApi(artist.page, newAccount('Lyra Searchable'));
    // A word no other track has, so the journey sees only its own tracks among the results.
    const word = `zq${Date.now().toString(36)}`;
    const title = unique('E2E Lanterns');
    const track = await uploadTrack(artist.page, title);
    const hiddenTitle = unique('E2E Drawer');
    const hidden = await uploadTrack(artist.page, hiddenTitle);
    const headers = { origin: APP_URL };
    const text = `[00:00.00]Morning comes slow\n[00:04.00]Amber ${word} lanterns over the bay\n[00:08.00]Снег идёт над городом`;
    expect((await artist.page.request.put(`/api/tracks/${track.id}/lyrics`, { data: { text }, headers })).status()).toBe(200);
    expect((await artist.page.request.put(`/api/tracks/${hidden.id}/lyrics`, { data: { text: `${word} lanterns in a drawer` }, headers })).status()).toBe(200);
    expect((await artist.page.request.patch(`/api/tracks/${hidden.id}/visibility`, { data: { visibility: 'private' }, headers })).status()).toBe(200);

    const { page } = listener;
    await page.goto('/home?tab=search');
    await page.getByRole('searchbox', { name: 'Search' }).fill(`${word} lanterns`);
    const inLyrics = page.getByRole('list', { name: 'Tracks whose lyrics match' });
    await expect(main(page).getByRole('heading', { name: 'In lyrics' })).toBeVisible();
    const row = rowOf(inLyrics, title);
    await expect(row.getByTestId('lyrics-snippet')).toHaveText(`Amber ${word} lanterns over the bay`);
    await expect(row.locator('mark')).toHaveText([`${word} lanterns`]);
    await expect(rowOf(inLyrics, hiddenTitle)).toHaveCount(0);
    await expect(inLyrics.getByTestId('track-row')).toHaveCount(1);
    await page.screenshot({ path: testInfo.outputPath('lyrics-search-desktop.png') });
    await page.screenshot({ path: '/tmp/h3-lyrics-search.png' });

    await test.step('Russian lyrics are found as typed, ё or е alike', async () => {
      await page.getByRole('searchbox', { name: 'Search' }).fill('снег идет над');
      await expect(rowOf(inLyrics, title).locator('mark')).toHaveText(['Снег идёт над']);
      await page.setViewportSize({ width: 375, height: 812 });
      await page.screenshot({ path: '/tmp/h3-lyrics-search-375.png' });
      await page.setViewportSize({ width: 1280, height: 800 });
    });

    await test.step('picking the row plays the track', async () => {
      await rowOf(inLyrics, title).click();
      await expect(playerBar(page)).toContainText(title);
    });
  } finally {
    await artist.context.close();
    await listener.context.close();
  }
});
