import { expect, test, type Page } from '../support/test.js';
// The same in-memory audio fixtures as the server's integration tests: no binary files committed.
import { makeMp3 } from '../../apps/server/test/support/audio-fixtures.js';
import { makePng } from '../../apps/server/test/support/images.js';
import { newAccount, signUpViaApi, skipTermsModal, unique, type ApiTrack } from '../support/app.js';
import { main, openSession, removeUploadedTracks, screenshotBoth, signedInAccount, uploadShortTrack } from '../support/library.js';
import { APP_URL } from '../support/env.js';

// Uploads would lead the home list of the journeys after this one: remove them.
test.afterEach(removeUploadedTracks);

/** Upload bandwidth while the file goes up: slow enough for the progress bar to be seen moving. */
const UPLOAD_BYTES_PER_SECOND = 192 * 1024;

/**
 * Throttles the browser's uploads (Chromium's own network emulation, as DevTools does): the bytes
 * still go to the real server, only slower. Returns a function that lifts the throttle.
 */
async function throttleUploads(page: Page, bytesPerSecond: number): Promise<() => Promise<void>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
  return async () => {
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await cdp.detach();
  };
}

/** Records every aria-valuenow the upload progress bar shows, from before the upload starts. */
async function recordProgress(page: Page): Promise<() => Promise<number[]>> {
  await page.evaluate(() => {
    const seen: number[] = [];
    (window as unknown as { __uploadProgress: number[] }).__uploadProgress = seen;
    const read = () => {
      const bar = document.querySelector('[role="progressbar"][aria-label="Upload progress"]');
      const value = bar ? Number(bar.getAttribute('aria-valuenow')) : Number.NaN;
      if (!Number.isNaN(value) && seen.at(-1) !== value) seen.push(value);
    };
    new MutationObserver(read).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['aria-valuenow'],
    });
  });
  return () => page.evaluate(() => (window as unknown as { __uploadProgress: number[] }).__uploadProgress);
}

test.beforeEach(async ({ context }) => {
  await skipTermsModal(context);
});

/** For journeys about something else: the copyright notice counts as accepted. */
async function skipCopyrightNotice(page: Page): Promise<void> {
  await page.context().addInitScript(() => window.localStorage.setItem('acceptedCopyright', 'true'));
}

async function myTracksViaApi(page: Page): Promise<ApiTrack[]> {
  const response = await page.request.get('/api/me/tracks');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { items: ApiTrack[] }).items;
}

test('an artist uploads with a progress bar, sees the track and its waveform, posts, and deletes the track', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const artist = newAccount('Stella Studio');
  await signUpViaApi(page, artist);
  await page.goto('/home?tab=menu');

  // The copyright notice shows until accepted, and not again after a reload.
  const notice = page.getByRole('dialog', { name: 'Copyright notice' });
  await expect(notice).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('1-copyright-notice.png') });
  await notice.getByRole('button', { name: 'Accept' }).click();
  await expect(notice).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('acceptedCopyright'))).toBe('true');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Edit profile' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Copyright notice' })).toBeHidden();

  // A new artist: zeros on the stat cards and no tracks yet.
  const stats = main(page).getByRole('list', { name: 'Statistics' });
  await expect(stats.getByRole('listitem').filter({ hasText: 'Total Listens' })).toContainText('0');
  await expect(stats.getByRole('listitem').filter({ hasText: 'Total Subscribers' })).toContainText('0');
  await expect(stats.getByRole('listitem').filter({ hasText: 'Total Likes' })).toContainText('0');
  await expect(main(page).getByText('No tracks yet. Upload your first one!')).toBeVisible();

  // Upload a 60-second MP3 through the modal, with the upload throttled so that its progress shows.
  const title = unique('Studio upload');
  const mp3 = await makeMp3(60);
  await main(page).getByRole('button', { name: 'Upload Track' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload track' });
  await expect(dialog).toBeVisible();
  const form = dialog.getByRole('form', { name: 'Upload track' });
  await form.getByLabel('Track title').fill(title);
  await form.getByLabel('Genre').selectOption('Dance');
  await form.getByLabel('Track file').setInputFiles({ name: 'studio.mp3', mimeType: 'audio/mpeg', buffer: mp3 });

  const progressSeen = await recordProgress(page);
  const unthrottle = await throttleUploads(page, UPLOAD_BYTES_PER_SECOND);
  const put = page.waitForResponse((response) => response.request().method() === 'PUT');
  await form.getByRole('button', { name: 'Upload Track' }).click();
  await expect(form.getByRole('button', { name: 'Uploading...' })).toBeDisabled();
  const bar = form.getByRole('progressbar', { name: 'Upload progress' });
  await expect(bar).toBeVisible();
  await expect(form.getByRole('button', { name: 'Cancel' })).toBeVisible();
  // Part-way: some bytes are sent, not all.
  await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow'))).toBeGreaterThan(0);
  await page.screenshot({ path: testInfo.outputPath('2-uploading-progress.png') });
  expect((await put).status()).toBe(200);
  await unthrottle();

  await expect(form.getByRole('status')).toHaveText('Track uploaded successfully!', { timeout: 30_000 });
  const seen = await progressSeen();
  testInfo.annotations.push({ type: 'progress', description: seen.join(' → ') });
  expect(seen.some((value) => value > 0 && value < 100), `progress values seen: ${seen.join(', ')}`).toBe(true);
  expect(seen).toEqual([...seen].sort((a, b) => a - b));
  await expect(form.getByLabel('Track title')).toHaveValue('');
  await expect(bar).toBeHidden();
  await page.screenshot({ path: testInfo.outputPath('3-uploaded.png') });
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  // The track is in My tracks at once, linking to its own page.
  const myTracks = main(page).getByRole('list', { name: 'My tracks' });
  const row = myTracks.getByTestId('studio-track').filter({ hasText: title });
  await expect(row).toHaveCount(1);
  const href = await row.getByRole('link', { name: title }).getAttribute('href');
  expect(href).toMatch(/^\/track\/.+/);
  const trackId = decodeURIComponent(href!.replace('/track/', ''));

  // Its waveform is computed off the request path and appears when ready.
  await page.goto(href!);
  await expect(page.locator('[data-testid="waveform"][data-status="ready"]').first()).toBeVisible({ timeout: 30_000 });
  const waveform = await page.request.get(`/api/tracks/${encodeURIComponent(trackId)}/waveform`);
  expect(waveform.status()).toBe(200);
  const peaks = ((await waveform.json()) as { status: string; peaks: number[] }).peaks;
  expect(peaks.some((peak) => peak > 0)).toBe(true);
  await page.screenshot({ path: testInfo.outputPath('4-waveform-ready.png') });

  // Create Post: a live counter; 181 characters cannot be published; a real post appears in My posts.
  await page.goto('/home?tab=menu');
  await main(page).getByRole('button', { name: 'Create Post' }).click();
  const postDialog = page.getByRole('dialog', { name: 'Create post' });
  const text = postDialog.getByLabel('Post text');
  const publish = postDialog.getByRole('button', { name: 'Publish' });
  await expect(postDialog.getByText('0/180')).toBeVisible();
  await expect(publish).toBeDisabled();
  await text.fill('x'.repeat(181));
  await expect(postDialog.getByText('181/180')).toBeVisible();
  await expect(publish).toBeDisabled();
  const postText = `New track out now: ${title}`;
  await text.fill(postText);
  await expect(postDialog.getByText(`${postText.length}/180`)).toBeVisible();
  await expect(publish).toBeEnabled();
  await publish.click();
  await expect(postDialog).toBeHidden();
  await expect(main(page).getByRole('list', { name: 'My posts' }).getByTestId('studio-post').filter({ hasText: postText })).toHaveCount(1);

  // Delete the track: the confirm dialog asks first; Cancel keeps it, Delete removes it.
  await row.getByRole('button', { name: `Delete ${title}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this track?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: `Delete ${title}` }).click();
  await page.getByRole('dialog', { name: 'Delete this track?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(row).toHaveCount(0);
  await expect(main(page).getByText('No tracks yet. Upload your first one!')).toBeVisible();
  const gone = await page.request.get(`/api/tracks/${encodeURIComponent(trackId)}/waveform`);
  expect(gone.status()).toBe(404);
  await page.screenshot({ path: testInfo.outputPath('5-after-delete.png') });
});

test('Cancel stops an upload part-way; a cover image goes up with the next one', async ({ page }, testInfo) => {
  await skipCopyrightNotice(page);
  await signUpViaApi(page, newAccount('Cora Cover'));
  await page.goto('/home?tab=menu');
  await main(page).getByRole('button', { name: 'Upload Track' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload track' });
  const form = dialog.getByRole('form', { name: 'Upload track' });
  const title = unique('Cancelled then covered');
  await form.getByLabel('Track title').fill(title);
  await form.getByLabel('Track file').setInputFiles({ name: 'long.mp3', mimeType: 'audio/mpeg', buffer: await makeMp3(60) });

  // Slow enough that the upload is surely still going when Cancel is pressed.
  const unthrottle = await throttleUploads(page, 32 * 1024);
  await form.getByRole('button', { name: 'Upload Track' }).click();
  const bar = form.getByRole('progressbar', { name: 'Upload progress' });
  await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow'))).toBeGreaterThan(0);
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(form.getByRole('alert')).toHaveText('Upload cancelled.');
  await expect(bar).toBeHidden();
  await expect(form.getByRole('button', { name: 'Upload Track' })).toBeEnabled();
  await expect(form.getByLabel('Track title')).toHaveValue(title);
  await unthrottle();
  expect(await myTracksViaApi(page)).toEqual([]);

  // Again, with a cover: the track is created, then its cover is set from the picked image.
  await form.getByLabel('Cover image').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: await makePng(320, 320) });
  const cover = page.waitForResponse((response) => response.request().method() === 'PUT' && response.url().endsWith('/cover'));
  await form.getByRole('button', { name: 'Upload Track' }).click();
  await expect(form.getByRole('status')).toHaveText('Track uploaded successfully!', { timeout: 30_000 });
  expect((await cover).status()).toBe(200);
  await expect(form.getByLabel('Cover image')).toHaveValue('');
  const [track] = await myTracksViaApi(page);
  expect(track).toMatchObject({ title });
  expect((track as ApiTrack & { image: string | null }).image).toBeTruthy();
  await page.screenshot({ path: testInfo.outputPath('uploaded-with-cover.png') });
});

test('the profile editor saves name, bio and avatar; comments on my tracks and listens reach the studio', async ({ page, browser }, testInfo) => {
  await skipCopyrightNotice(page);
  await signUpViaApi(page, newAccount('Pat Profile'));
  const title = unique('Commented');
  const track = await uploadShortTrack(page, title);

  // A listener comments and listens.
  const listener = await openSession(browser);
  try {
    await signedInAccount(listener.page, 'Lena Listener');
    const headers = { origin: APP_URL };
    const first = await listener.page.request.post(`/api/tracks/${track.id}/comments`, { data: { text: 'First!' }, headers });
    expect(first.status(), await first.text()).toBe(201);
    expect((await listener.page.request.post(`/api/tracks/${track.id}/listens`, { headers })).status()).toBe(200);

    await page.goto('/home?tab=menu');
    const stats = main(page).getByRole('list', { name: 'Statistics' });
    await expect(stats.getByRole('listitem').filter({ hasText: 'Total Listens' })).toContainText('1');
    const comments = main(page).getByRole('list', { name: 'Comments' });
    const firstRow = comments.getByTestId('studio-comment').filter({ hasText: 'First!' });
    await expect(firstRow).toContainText('Lena Listener');
    await expect(firstRow.getByRole('link', { name: title })).toHaveAttribute('href', `/track/${track.id}`);

    // A new comment arrives live, on top (newest first).
    const second = await listener.page.request.post(`/api/tracks/${track.id}/comments`, { data: { text: 'Still listening' }, headers });
    expect(second.status(), await second.text()).toBe(201);
    await expect(comments.getByTestId('studio-comment').first()).toContainText('Still listening');
    await expect(comments.getByTestId('studio-comment')).toHaveCount(2);
  } finally {
    await listener.context.close();
  }

  // The gear opens 'Profile edit': an oversize image is refused with the server's message; a real one is kept.
  await main(page).getByRole('button', { name: 'Edit profile' }).click();
  const editor = page.getByRole('dialog', { name: 'Profile edit' });
  await expect(editor.getByLabel('Display Name')).toHaveValue('Pat Profile');
  const tooBig = page.waitForResponse((response) => response.url().endsWith('/api/me/images/avatar'));
  await editor
    .getByLabel('Avatar')
    .setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.concat([await makePng(8, 8), Buffer.alloc(9 * 1024 * 1024, 1)]) });
  expect((await tooBig).status()).toBe(413);
  await expect(editor.getByRole('alert')).not.toBeEmpty();
  testInfo.annotations.push({ type: '413 message', description: await editor.getByRole('alert').innerText() });
  const avatar = page.waitForResponse((response) => response.url().endsWith('/api/me/images/avatar'));
  await editor.getByLabel('Avatar').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await makePng(400, 400) });
  expect((await avatar).status()).toBe(200);
  await expect(editor.getByRole('alert')).toHaveCount(0);
  await editor.getByLabel('Display Name').fill('Pat the Producer');
  await editor.getByLabel('Bio').fill('Beats from the basement.');
  await page.screenshot({ path: testInfo.outputPath('profile-editor.png') });
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor).toBeHidden();
  await expect(main(page).getByText('Pat the Producer', { exact: true })).toBeVisible();
  const me = (await (await page.request.get('/api/me')).json()) as { profile: { displayName: string; bio: string; photoURL: string | null } };
  expect(me.profile).toMatchObject({ displayName: 'Pat the Producer', bio: 'Beats from the basement.' });
  expect(me.profile.photoURL).toBeTruthy();
  await screenshotBoth(page, (name) => testInfo.outputPath(name), 'studio');
});

test('signed out, the studio asks to sign in', async ({ page }) => {
  await page.goto('/home?tab=menu');
  await expect(main(page).getByText('Please sign in to open your studio')).toBeVisible();
  await expect(main(page).getByRole('button', { name: 'Upload Track' })).toHaveCount(0);
});
