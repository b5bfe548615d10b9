import { expect, test, type Page } from '../support/test.js';
// The same in-memory audio fixtures as the server's integration tests: no binary files committed.
import { makeMp3, notAudio } from '../../apps/server/test/support/audio-fixtures.js';
import {
  audioState,
  listTracks,
  newAccount,
  nowPlayingTitle,
  playFromList,
  signUpViaApi,
  trackRows,
  unique,
  waitForPlaybackPast,
  skipTermsModal,
} from '../support/app.js';
import { removeUploadedTracks } from '../support/library.js';

// Uploads would lead the home list of the journeys after this one: remove them.
test.afterEach(removeUploadedTracks);

const uploader = newAccount('Uma Uploader');

/** Opens the studio's Upload track modal and returns its form. */
async function openUploadForm(page: Page) {
  await page.goto('/home?tab=menu');
  await page.getByRole('button', { name: 'Upload Track' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload track' });
  await expect(dialog).toBeVisible();
  return dialog.getByRole('form', { name: 'Upload track' });
}

/** The requests of the upload protocol, in order, as "METHOD path status". */
function recordProtocol(page: Page): string[] {
  const steps: string[] = [];
  page.on('response', (response) => {
    const request = response.request();
    const { pathname } = new URL(request.url());
    const isProtocol =
      (request.method() === 'POST' && (pathname === '/api/get-upload-url' || pathname === '/api/tracks')) ||
      request.method() === 'PUT';
    if (!isProtocol) return;
    const shown = request.method() === 'PUT' ? pathname.replace(/[^/]+$/, ':token') : pathname;
    steps.push(`${request.method()} ${shown} ${response.status()}`);
  });
  return steps;
}

test.beforeEach(async ({ context }) => {
  await skipTermsModal(context);
  // The studio's copyright notice has its own journey (studio.spec.ts).
  await context.addInitScript(() => window.localStorage.setItem('acceptedCopyright', 'true'));
});

test.beforeEach(async ({ page }) => {
  await signUpViaApi(page, { ...uploader, email: `${unique('uploader')}@example.com` });
});

test('uploads an MP3 through the protocol and plays it back', async ({ page, request }, testInfo) => {
  const title = unique('E2E Upload');
  const mp3 = await makeMp3(8);
  const protocol = recordProtocol(page);

  const form = await openUploadForm(page);
  await form.getByLabel('Track title').fill(title);
  await form.getByLabel('Genre').selectOption('Pop');
  await form.getByLabel('Track file').setInputFiles({ name: 'e2e-arpeggio.mp3', mimeType: 'audio/mpeg', buffer: mp3 });
  await page.screenshot({ path: testInfo.outputPath('1-upload-form-filled.png') });

  await form.getByRole('button', { name: 'Upload Track' }).click();
  await expect(form.getByRole('status')).toHaveText('Track uploaded successfully!');

  // On success the form is cleared, and the three protocol steps ran in order.
  await expect(form.getByLabel('Track title')).toHaveValue('');
  await expect(form.getByRole('button', { name: 'Upload Track' })).toBeEnabled();
  expect(protocol).toEqual(['POST /api/get-upload-url 200', expect.stringMatching(/^PUT \/.+ 200$/), 'POST /api/tracks 201']);
  await page.getByRole('dialog', { name: 'Upload track' }).getByRole('button', { name: 'Close' }).click();

  const created = await listTracks(request, { q: title });
  expect(created.items).toHaveLength(1);
  const track = created.items[0]!;
  expect(track).toMatchObject({ title, genre: 'Pop', artist: uploader.name });

  // Find it with the home tab's filter and play it.
  await page.getByRole('navigation', { name: 'Player sections' }).getByRole('link', { name: 'Home' }).click();
  await page.getByRole('searchbox', { name: 'Filter tracks' }).fill(title);
  const rows = trackRows(page);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(title);
  await expect(rows.first()).toContainText(uploader.name);
  await playFromList(page, title);
  await expect(nowPlayingTitle(page)).toHaveText(title);
  await waitForPlaybackPast(page, 0.5);
  expect((await audioState(page)).src).toBe(new URL(track.url, page.url()).href);
  await page.screenshot({ path: testInfo.outputPath('2-uploaded-track-playing.png') });

  // Anyone can fetch the file: the very bytes uploaded, as audio/mpeg.
  const media = await request.get(track.url);
  expect(media.status()).toBe(200);
  expect(media.headers()['content-type']).toMatch(/^audio\/mpeg\b/);
  expect(Buffer.compare(await media.body(), mp3)).toBe(0);
});

test('a non-audio upload is refused with a message', async ({ page, request }, testInfo) => {
  const title = unique('E2E Not audio');
  const protocol = recordProtocol(page);

  const form = await openUploadForm(page);
  await form.getByLabel('Track title').fill(title);
  // A PNG dressed up as an MP3: the name and the declared type both say audio.
  await form.getByLabel('Track file').setInputFiles({ name: 'cover.mp3', mimeType: 'audio/mpeg', buffer: notAudio });

  await form.getByRole('button', { name: 'Upload Track' }).click();
  const alert = form.getByRole('alert');
  // The server's own reason, in the dialog; nothing sends the artist to a console.
  await expect(alert).toContainText('Track upload failed.');
  await expect(alert).toContainText(/not audio/i);
  const message = await alert.innerText();
  expect(message).not.toMatch(/console/i);
  expect(protocol).toEqual(['POST /api/get-upload-url 200', expect.stringMatching(/^PUT \/.+ 415$/)]);
  await expect(form.getByRole('button', { name: 'Upload Track' })).toBeEnabled();
  await page.screenshot({ path: testInfo.outputPath('after-refused-upload.png') });
  testInfo.annotations.push({ type: 'message', description: message });

  expect((await listTracks(request, { q: title })).total).toBe(0);
});
