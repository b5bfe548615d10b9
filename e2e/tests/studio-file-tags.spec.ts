import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '../support/test.js';
import { newAccount, signUpViaApi, skipTermsModal, unique } from '../support/app.js';
import { removeUploadedTracks } from '../support/library.js';
import { addSylt, ffmpegMp3, flacFile, lameMp3, m4aFile, makeCover, oggFile, tempDir } from '../support/tagged-audio.js';

/*
 * Issue 29 point 7: the studio reads the file's tags in the browser. Picking a file made by a real
 * encoder fills the upload form (title, genre, release, track number, lyrics, cover), which the
 * artist may still edit; a folder of three files makes a release in the order of their tags.
 */

test.afterEach(removeUploadedTracks);

test.beforeEach(async ({ context, page }) => {
  await skipTermsModal(context);
  await context.addInitScript(() => window.localStorage.setItem('acceptedCopyright', 'true'));
  await signUpViaApi(page, { ...newAccount('Tara Tagger'), email: `${unique('tagger')}@example.com` });
});

async function openUploadForm(page: Page): Promise<Locator> {
  await page.goto('/home?tab=menu');
  await page.getByRole('button', { name: 'Upload Track' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload track' });
  await expect(dialog).toBeVisible();
  return dialog.getByRole('form', { name: 'Upload track' });
}

/** The decoded size of the cover preview: the file's embedded 96×96 picture, not a placeholder. */
const naturalSize = (image: Locator) => image.evaluate((img: HTMLImageElement) => (img.complete ? `${img.naturalWidth}x${img.naturalHeight}` : 'loading'));

const FORMATS = [
  { label: 'MP3 by lame (ID3v2)', make: lameMp3, file: 'lame.mp3', lyrics: null },
  { label: 'MP3 by ffmpeg (ID3v2.3, SYLT synced lyrics)', make: ffmpegMp3, file: 'ffmpeg.mp3', lyrics: '[00:01.00]First light\n[00:02.50]Second wind' },
  { label: 'FLAC by flac (Vorbis comments, LYRICS)', make: flacFile, file: 'tags.flac', lyrics: 'Line one\nLine two' },
  { label: 'Ogg Vorbis by oggenc (UNSYNCEDLYRICS)', make: oggFile, file: 'tags.ogg', lyrics: 'Line one\nLine two' },
  { label: 'M4A by ffmpeg (AAC, ©lyr)', make: m4aFile, file: 'tags.m4a', lyrics: 'Line one\nLine two' },
] as const;

for (const format of FORMATS) {
  test(`the file's tags fill the upload form: ${format.label}`, async ({ page }, testInfo) => {
    const dir = tempDir('tags');
    const cover = await makeCover(dir);
    const album = unique('Harbour Lights');
    const title = `Lighthouse ${format.file}`;
    const file = await format.make(dir, format.file, { title, album, genre: 'Hip Hop', track: 4, lyrics: 'Line one\nLine two' }, cover);
    if (format.file === 'ffmpeg.mp3') addSylt(file, [{ ms: 1000, text: 'First light' }, { ms: 2500, text: 'Second wind' }]);

    const form = await openUploadForm(page);
    await form.getByLabel('Track file').setInputFiles(file);
    await expect(form.getByLabel('Track title')).toHaveValue(title);
    // "Hip Hop" in the file is Platter's Hip-Hop.
    await expect(form.getByLabel('Genre')).toHaveValue('Hip-Hop');
    await expect(form.getByLabel('Release (album)')).toHaveValue(album);
    await expect(form.getByLabel('Track number')).toHaveValue('4');
    if (format.lyrics) await expect(form.getByLabel('Lyrics')).toHaveValue(format.lyrics);
    const preview = form.getByTestId('upload-cover-preview');
    await expect(preview).toBeVisible();
    await expect.poll(() => naturalSize(preview)).toBe('96x96');
    await expect(form.getByTestId('upload-tags-state')).toHaveText("Filled in from the file's tags: check and edit before uploading.");
    if (format.file === 'ffmpeg.mp3') {
      await page.screenshot({ path: testInfo.outputPath('upload-form-tags-desktop.png') });
      await page.setViewportSize({ width: 375, height: 812 });
      await form.getByLabel('Lyrics').scrollIntoViewIfNeeded();
      await page.screenshot({ path: testInfo.outputPath('upload-form-tags-375.png') });
      await page.setViewportSize({ width: 1280, height: 800 });
    }

    // Everything stays editable, and what is submitted is what the form shows.
    await form.getByLabel('Track title').fill(`${title} (edit)`);
    await form.getByRole('button', { name: 'Upload Track' }).click();
    await expect(form.getByRole('status').filter({ hasText: 'Track uploaded successfully!' })).toBeVisible({ timeout: 30_000 });
    const mine = (await (await page.request.get('/api/me/tracks')).json()) as { items: Array<{ id: string; title: string; genre: string; image: string | null; release: { title: string } | null; hasLyrics?: boolean }> };
    const track = mine.items.find((item) => item.title === `${title} (edit)`);
    expect(track, JSON.stringify(mine.items.map((item) => item.title))).toBeTruthy();
    expect(track!.genre).toBe('Hip-Hop');
    expect(track!.image).not.toBeNull();
    expect(track!.release?.title).toBe(album);
    if (format.lyrics) {
      const lyrics = (await (await page.request.get(`/api/tracks/${track!.id}/lyrics`)).json()) as { kind: string; text: string };
      expect(lyrics.text).toBe(format.lyrics);
      expect(lyrics.kind).toBe(format.lyrics.startsWith('[') ? 'synced' : 'plain');
    }
  });
}

test('a folder of three files makes a release in the order of their tags, titled and covered by them', async ({ page }, testInfo) => {
  const dir = tempDir('folder');
  const folder = path.join(dir, 'Night Drive Tapes');
  fs.mkdirSync(folder);
  const cover = await makeCover(dir, '0xcc3366');
  const album = unique('Night Drive Tapes');
  // File names sort the other way round from the tags: disc 2 last, then track numbers.
  await ffmpegMp3(folder, '01 Zeta.mp3', { title: 'Dawn (disc 2)', album, genre: 'Trap', track: 1, disc: 2 });
  await ffmpegMp3(folder, '02 Alpha.mp3', { title: 'Midnight', album, genre: 'Trap', track: 2, disc: 1 }, cover);
  await ffmpegMp3(folder, '03 Mid.mp3', { title: 'Dusk', album, genre: 'Trap', track: 1, disc: 1 });
  fs.writeFileSync(path.join(folder, 'notes.txt'), 'not audio');
  const before = await page.request.get('/api/me/releases');
  expect(before.status()).toBe(200);

  await page.goto('/home?tab=menu');
  await page.getByRole('button', { name: 'New release' }).click();
  const form = page.getByRole('dialog', { name: 'New release' }).getByRole('form', { name: 'New release' });
  await form.getByLabel('Or a whole folder').setInputFiles(folder);
  const items = form.getByTestId('release-item');
  await expect(items).toHaveCount(3);
  for (const [index, title] of ['Dusk', 'Midnight', 'Dawn (disc 2)'].entries()) await expect(items.nth(index).getByRole('textbox')).toHaveValue(title);
  await expect(form.getByLabel('Release title')).toHaveValue(album);
  await expect(form.getByLabel('Genre')).toHaveValue('Trap');
  await expect.poll(() => naturalSize(form.getByTestId('release-cover-preview'))).toBe('96x96');
  await items.nth(2).scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('release-from-folder-desktop.png') });
  await page.setViewportSize({ width: 375, height: 812 });
  await items.nth(2).scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('release-from-folder-375.png') });
  await page.setViewportSize({ width: 1280, height: 800 });

  await form.getByRole('button', { name: 'Create release' }).click();
  // Each file reports its own progress, then is in.
  for (let index = 0; index < 3; index += 1) await expect(items.nth(index).getByTestId('release-item-status')).toHaveText('Uploaded', { timeout: 30_000 });
  await expect(form.getByRole('status')).toContainText('Release created.');
  await form.getByTestId('release-form-link').click();
  const release = page.getByTestId('release-page');
  await expect(release.getByRole('heading', { level: 1, name: album })).toBeVisible();
  const rows = release.getByTestId('track-row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText('Dusk');
  await expect(rows.nth(1)).toContainText('Midnight');
  await expect(rows.nth(2)).toContainText('Dawn (disc 2)');
  // The embedded picture became the release's cover (stored resized, not the placeholder).
  const releaseCover = release.locator('.release-page__cover');
  await expect(releaseCover).toHaveAttribute('src', /^\/media\//);
  await expect.poll(() => naturalSize(releaseCover)).toMatch(/^[1-9]\d*x[1-9]\d*$/);
});

test('several files picked at once join in the order of their tags', async ({ page }) => {
  const dir = tempDir('files');
  const album = unique('Loose Files');
  const files = [
    await flacFile(dir, 'a.flac', { title: 'Third', album, genre: 'Pop', track: 3 }),
    await oggFile(dir, 'b.ogg', { title: 'First', album, genre: 'Pop', track: 1 }),
    await m4aFile(dir, 'c.m4a', { title: 'Second', album, genre: 'Pop', track: 2 }),
  ];
  await page.goto('/home?tab=menu');
  await page.getByRole('button', { name: 'New release' }).click();
  const form = page.getByRole('dialog', { name: 'New release' }).getByRole('form', { name: 'New release' });
  await form.getByLabel('Upload files').setInputFiles(files);
  const items = form.getByTestId('release-item');
  await expect(items).toHaveCount(3);
  for (const [index, title] of ['First', 'Second', 'Third'].entries()) await expect(items.nth(index).getByRole('textbox')).toHaveValue(title);
  await expect(form.getByLabel('Release title')).toHaveValue(album);
});

test('in Russian the form says where its values came from, and fills them all the same (FLAC)', async ({ page, context }, testInfo) => {
  await context.addInitScript(() => window.localStorage.setItem('language', 'ru'));
  const dir = tempDir('tags-ru');
  const cover = await makeCover(dir);
  const album = unique('Северный свет');
  const file = await flacFile(dir, 'север.flac', { title: 'Кира Север — Маяк', album, genre: 'Pop', track: 2, lyrics: 'Первая строка\nВторая строка' }, cover);
  await page.goto('/home?tab=menu');
  await page.getByRole('button', { name: 'Загрузить трек' }).click();
  const form = page.getByRole('dialog', { name: 'Загрузка трека' }).getByRole('form', { name: 'Загрузка трека' });
  await form.getByLabel('Файл трека').setInputFiles(file);
  await expect(form.getByLabel('Название трека')).toHaveValue('Кира Север — Маяк');
  await expect(form.getByLabel('Жанр')).toHaveValue('Pop');
  await expect(form.getByLabel('Релиз (альбом)')).toHaveValue(album);
  await expect(form.getByLabel('Номер трека')).toHaveValue('2');
  await expect(form.getByLabel('Текст песни')).toHaveValue('Первая строка\nВторая строка');
  await expect(form.getByTestId('upload-tags-state')).toHaveText('Заполнено по тегам файла: проверьте и при необходимости исправьте перед загрузкой.');
  await expect(form.getByRole('img', { name: 'Обложка из файла' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('upload-form-tags-ru-desktop.png') });
  await page.setViewportSize({ width: 375, height: 812 });
  await form.getByLabel('Текст песни').scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('upload-form-tags-ru-375.png') });
});
