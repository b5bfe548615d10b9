import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WAVEFORM_BARS } from '@platter/shared';
import { makeMp3, makeWav, withId3Tags } from './support/audio-fixtures.js';
import { Client } from './support/http-client.js';
import { imageInfo, makePng } from './support/images.js';
import { openEventStream } from './support/sse.js';
import { type TestApp, dialect, startTestApp } from './support/test-app.js';
import { getUploadUrl, put, uploadTrack } from './support/uploads.js';

type Track = { id: string; url: string; image: string | null; genre: string; waveform: string; hidden: boolean; duration: number | null };
type Waveform = { trackId: string; status: string; peaks: number[]; duration: number | null };

describe(`studio: uploads with tags and waveforms, covers, profile, deleting (${dialect})`, () => {
  let t: TestApp;
  let artist: Client;
  let fan: Client;
  let mp3: Buffer;

  beforeAll(async () => {
    t = await startTestApp();
    artist = new Client(t.baseUrl);
    fan = new Client(t.baseUrl);
    await artist.signUp('Studio Artist');
    await fan.signUp('Studio Fan');
    mp3 = await makeMp3(3);
  });
  afterAll(() => t.close());

  const waitForWaveform = async (id: string): Promise<Waveform> => {
    await t.context.jobs.idle();
    for (let i = 0; i < 100; i++) {
      const { body } = await fan.json<Waveform>('GET', `/api/tracks/${id}/waveform`);
      if (body.status !== 'pending') return body;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('waveform still pending');
  };

  it('lists a new track at once and makes its waveform off the request path', async () => {
    const track = (await uploadTrack(artist, mp3, { title: 'Peaks' })) as unknown as Track;
    expect(track.waveform).toBe('pending');
    expect((await fan.json<{ items: Track[] }>('GET', '/api/tracks')).body.items.map((i) => i.id)).toContain(track.id);
    const waveform = await waitForWaveform(track.id);
    expect(waveform.status).toBe('ready');
    expect(waveform.peaks).toHaveLength(WAVEFORM_BARS);
    expect(Math.max(...waveform.peaks)).toBe(1);
    // The arpeggio decays within each quarter second: the peaks are not flat.
    expect(Math.min(...waveform.peaks)).toBeLessThan(0.5);
    expect(waveform.duration).toBeCloseTo(3, 0);
    expect((await fan.json<Track>('GET', `/api/tracks/${track.id}`)).body.waveform).toBe('ready');
  });

  it('makes waveforms of WAV files too, streamed through the same worker', async () => {
    // One second of a 440 Hz tone that fades in: the peaks rise from left to right.
    const rate = 8000;
    const pcm = Buffer.alloc(rate * 2);
    for (let i = 0; i < rate; i++) pcm.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * i) / rate) * (i / rate) * 30000), i * 2);
    const wav = Buffer.concat([makeWav(0, rate).subarray(0, 40), Buffer.from(new Uint32Array([pcm.length]).buffer), pcm]);
    wav.writeUInt32LE(36 + pcm.length, 4);
    const urls = await getUploadUrl(artist, wav, 'fade.wav', 'audio/wav');
    expect((await put(artist, urls.uploadURL, wav, 'audio/wav')).status).toBe(200);
    const track = (await artist.json<Track>('POST', '/api/tracks', { title: 'Fade in', url: urls.fileUrl })).body;
    const waveform = await waitForWaveform(track.id);
    expect(waveform.status).toBe('ready');
    const peaks = waveform.peaks;
    expect(peaks[peaks.length - 1]).toBeGreaterThan(0.9);
    expect(peaks[Math.floor(peaks.length / 10)]).toBeLessThan(0.25);
  });

  it('reads the genre and the embedded cover art from the file tags', async () => {
    const cover = await makePng(300, 200);
    const tagged = withId3Tags(mp3, { genre: 'Hip Hop', cover });
    const track = (await uploadTrack(artist, tagged, { title: 'Tagged' })) as unknown as Track;
    expect(track.genre).toBe('Hip-Hop');
    expect(track.image).toMatch(/^\/media\/images\//);
    const image = await fan.get(track.image as string);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
    expect(await imageInfo(Buffer.from(await image.arrayBuffer()))).toEqual({ width: 600, height: 600, format: 'webp' });
    // A genre chosen in the form wins over the tag.
    const chosen = (await uploadTrack(artist, tagged, { title: 'Chosen', genre: 'Pop' })) as unknown as Track;
    expect(chosen.genre).toBe('Pop');
  });

  it('replaces a track cover (owner only) and refuses non-images and oversize images clearly', async () => {
    const track = (await uploadTrack(artist, mp3, { title: 'Covered' })) as unknown as Track;
    const png = await makePng(800, 800);
    const ok = await artist.request('PUT', `/api/tracks/${track.id}/cover`, { body: new Uint8Array(png), headers: { 'content-type': 'image/png' } });
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as Track).image).toMatch(/^\/media\/images\//);

    const notMine = await fan.request('PUT', `/api/tracks/${track.id}/cover`, { body: new Uint8Array(png), headers: { 'content-type': 'image/png' } });
    expect(notMine.status).toBe(403);

    const text = await artist.request('PUT', `/api/tracks/${track.id}/cover`, { body: 'hello', headers: { 'content-type': 'image/png' } });
    expect(text.status).toBe(415);
    expect(((await text.json()) as { message: string }).message).toMatch(/not an image.*JPEG, PNG, WebP, GIF or AVIF/);

    const huge = Buffer.concat([png, Buffer.alloc(9 * 1024 * 1024)]);
    const tooLarge = await artist.request('PUT', `/api/me/images/avatar`, { body: new Uint8Array(huge), headers: { 'content-type': 'image/png' } });
    expect(tooLarge.status).toBe(413);
    expect(((await tooLarge.json()) as { message: string }).message).toBe('The image is larger than 8 MB. Choose a smaller one.');
  });

  it('edits a track after upload: title and genre, found by search under the new ones, live to every list', async () => {
    const track = (await uploadTrack(artist, mp3, { title: 'Draft Name', genre: 'Pop' })) as unknown as Track;
    const stream = await openEventStream(t.baseUrl);
    try {
      const edited = await artist.json<Track & { title: string }>('PATCH', `/api/tracks/${track.id}`, { title: '  Final Zephyr ', genre: 'Phonk' });
      expect(edited.status).toBe(200);
      expect(edited.body).toMatchObject({ id: track.id, title: 'Final Zephyr', genre: 'Phonk' });
      await stream.waitFor((e) => e.type === 'track.updated' && e.trackId === track.id);
    } finally {
      stream.close();
    }
    expect((await fan.json<{ title: string; genre: string }>('GET', `/api/tracks/${track.id}`)).body).toMatchObject({ title: 'Final Zephyr', genre: 'Phonk' });
    const search = async (q: string) => (await fan.json<{ tracks: Array<{ id: string }> }>('GET', `/api/search?q=${encodeURIComponent(q)}`)).body.tracks.map((x) => x.id);
    expect(await search('zephyr')).toContain(track.id);
    expect(await search('draft name')).not.toContain(track.id);
    const onlyGenre = await artist.json<{ title: string; genre: string }>('PATCH', `/api/tracks/${track.id}`, { genre: 'Trap' });
    expect(onlyGenre.body).toMatchObject({ title: 'Final Zephyr', genre: 'Trap' });

    const empty = await artist.json<{ message: string }>('PATCH', `/api/tracks/${track.id}`, {});
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Give a new title, genre or tags');
    const blank = await artist.json<{ message: string; field?: string }>('PATCH', `/api/tracks/${track.id}`, { title: '   ' });
    expect(blank.body).toMatchObject({ message: 'Track title is required', field: 'title' });
    expect((await artist.json('PATCH', `/api/tracks/${track.id}`, { genre: 'Polka' })).status).toBe(400);
    expect((await fan.json('PATCH', `/api/tracks/${track.id}`, { title: 'Mine now' })).status).toBe(403);
    expect((await artist.json('PATCH', '/api/tracks/nope', { title: 'x' })).status).toBe(404);
  });

  it('edits the profile: name, bio, avatar and cover resized on the server', async () => {
    const patched = await artist.json<{ displayName: string; bio: string }>('PATCH', '/api/me/profile', { displayName: '  Renamed Artist ', bio: 'Makes noise.' });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ displayName: 'Renamed Artist', bio: 'Makes noise.' });
    // Track search follows the new name.
    const search = await fan.json<{ tracks: Array<{ artist: string }> }>('GET', '/api/search?q=renamed%20artist');
    expect(search.body.tracks.length).toBeGreaterThan(0);

    expect((await artist.json('PATCH', '/api/me/profile', { displayName: '   ' })).status).toBe(400);
    expect((await artist.json('PATCH', '/api/me/profile', {})).status).toBe(400);
    expect((await new Client(t.baseUrl).json('PATCH', '/api/me/profile', { bio: 'x' })).status).toBe(401);

    const avatar = await artist.request('PUT', '/api/me/images/avatar', { body: new Uint8Array(await makePng(1000, 500)), headers: { 'content-type': 'image/png' } });
    expect(avatar.status).toBe(200);
    const profile = (await avatar.json()) as { photoURL: string };
    const stored = await fan.get(profile.photoURL);
    expect(await imageInfo(Buffer.from(await stored.arrayBuffer()))).toEqual({ width: 400, height: 400, format: 'webp' });

    const cover = await artist.request('PUT', '/api/me/images/cover', { body: new Uint8Array(await makePng(2000, 1000)), headers: { 'content-type': 'image/png' } });
    const coverUrl = ((await cover.json()) as { coverURL: string }).coverURL;
    expect(await imageInfo(Buffer.from(await (await fan.get(coverUrl)).arrayBuffer()))).toEqual({ width: 1600, height: 600, format: 'webp' });
    expect((await artist.request('PUT', '/api/me/images/banner', { body: 'x', headers: { 'content-type': 'image/png' } })).status).toBe(400);
  });

  it('deletes a track with its file, likes, comments, playlist entries, listens, history and reports', async () => {
    const track = (await uploadTrack(artist, mp3, { title: 'Doomed' })) as unknown as Track;
    const keep = (await uploadTrack(artist, mp3, { title: 'Kept' })) as unknown as Track;
    await fan.json('PUT', `/api/tracks/${track.id}/like`);
    await fan.json('POST', `/api/tracks/${track.id}/listens`);
    await fan.json('POST', '/api/me/history', { trackId: track.id });
    await fan.json('POST', `/api/tracks/${track.id}/comments`, { text: 'bye' });
    await fan.json('POST', `/api/tracks/${track.id}/reports`, { reason: 'test' });
    const playlist = (await fan.json<{ id: string }>('POST', '/api/playlists', { name: 'Mix' })).body;
    await fan.json('POST', `/api/playlists/${playlist.id}/tracks`, { trackId: track.id });
    await fan.json('POST', `/api/playlists/${playlist.id}/tracks`, { trackId: keep.id });
    await fan.json('POST', `/api/playlists/${playlist.id}/tracks`, { trackId: track.id });
    const before = (await artist.json<{ profile: { tracks: number } }>('GET', '/api/me')).body.profile.tracks;

    expect((await fan.json('DELETE', `/api/tracks/${track.id}`)).status).toBe(403);
    expect((await new Client(t.baseUrl).json('DELETE', `/api/tracks/${track.id}`)).status).toBe(401);
    expect((await artist.json('DELETE', `/api/tracks/${track.id}`)).status).toBe(204);
    expect((await artist.json('DELETE', `/api/tracks/${track.id}`)).status).toBe(404);

    expect((await fan.json('GET', `/api/tracks/${track.id}`)).status).toBe(404);
    expect((await fan.get(track.url)).status).toBe(404);
    expect(await t.context.storage.stat(decodeURIComponent(track.url.replace('/media/', '')))).toBeUndefined();
    expect((await fan.json<{ ids: string[] }>('GET', '/api/me/liked-ids')).body.ids).not.toContain(track.id);
    const detail = (await fan.json<{ trackCount: number; entries: Array<{ track: { id: string } }> }>('GET', `/api/playlists/${playlist.id}`)).body;
    expect(detail.trackCount).toBe(1);
    expect(detail.entries.map((e) => e.track.id)).toEqual([keep.id]);
    const db = t.context.database.db;
    for (const table of ['track_likes', 'comments', 'listens', 'history', 'reports', 'playlist_tracks'] as const) {
      const rows = await db.selectFrom(table).select('track_id').where('track_id', '=', track.id).execute();
      expect(rows, table).toEqual([]);
    }
    const me = (await artist.json<{ profile: { tracks: number } }>('GET', '/api/me')).body;
    expect(me.profile.tracks).toBe(before - 1);
    expect((await artist.json<{ items: Track[] }>('GET', '/api/me/tracks')).body.items.map((i) => i.id)).not.toContain(track.id);
  });
});
