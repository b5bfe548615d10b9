import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeMp3, withId3Tags } from './support/audio-fixtures.js';
import { Client } from './support/http-client.js';
import { makePng } from './support/images.js';
import { type TestApp, dialect, startTestApp } from './support/test-app.js';
import { uploadTrack } from './support/uploads.js';

const INDEX = `<!doctype html><html><head><meta charset="UTF-8" /><meta name="description" content="Platter" /><title>Platter</title></head><body><div id="root"></div></body></html>`;

/** The content of `<meta property|name="key" content="...">` in the page, unescaped. */
function meta(html: string, key: string): string | undefined {
  const match = new RegExp(`<meta (?:property|name)="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)"`).exec(html);
  return match?.[1]?.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&#39;/g, "'");
}

describe(`share links render preview meta tags (${dialect})`, () => {
  let t: TestApp;
  let webDist: string;
  let artist: Client;
  let artistId: string;

  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'platter-web-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), INDEX);
    t = await startTestApp({ WEB_DIST: webDist, PUBLIC_URL: 'https://platter.example' });
    artist = new Client(t.baseUrl);
    artistId = (await artist.signUp('Ли & <The> "Quotes"')).id;
    await artist.json('PATCH', '/api/me/profile', { bio: 'Beats from the basement.' });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('gives a track link its title, artist, cover and audio', async () => {
    const cover = await makePng(100, 100);
    const track = (await uploadTrack(artist, withId3Tags(await makeMp3(1), { cover }), { title: 'Night Drive' })) as unknown as { id: string; url: string; image: string };
    const response = await fetch(`${t.baseUrl}/track/${track.id}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    const html = await response.text();
    expect(html).toContain('<div id="root"></div>');
    expect(meta(html, 'og:title')).toBe('Night Drive – Ли & <The> "Quotes"');
    expect(meta(html, 'og:type')).toBe('music.song');
    expect(meta(html, 'og:url')).toBe(`https://platter.example/track/${track.id}`);
    expect(meta(html, 'og:image')).toBe(`https://platter.example${track.image}`);
    expect(meta(html, 'og:audio')).toBe(`https://platter.example${track.url}`);
    expect(meta(html, 'og:audio:type')).toBe('audio/mpeg');
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    expect(meta(html, 'twitter:title')).toBe(meta(html, 'og:title'));
    // The name is escaped, never injected as markup.
    expect(html).not.toContain('<The>');
    expect(html.match(/<title>/g)).toHaveLength(1);
  });

  it('gives an artist link the name, bio and picture', async () => {
    await artist.request('PUT', '/api/me/images/avatar', { body: new Uint8Array(await makePng(50, 50)), headers: { 'content-type': 'image/png' } });
    const html = await (await fetch(`${t.baseUrl}/artist/${artistId}`)).text();
    expect(meta(html, 'og:title')).toBe('Ли & <The> "Quotes" on Platter');
    expect(meta(html, 'og:description')).toBe('Beats from the basement.');
    expect(meta(html, 'description')).toBe('Beats from the basement.');
    expect(meta(html, 'og:image')).toMatch(/^https:\/\/platter\.example\/media\/images\//);
  });

  it("gives a public playlist link its name, owner, size and its first track's cover; a private one is not found", async () => {
    const listener = new Client(t.baseUrl);
    await listener.signUp('Mix Maker');
    const plain = (await uploadTrack(artist, await makeMp3(1), { title: 'No Cover' })) as unknown as { id: string };
    const covered = (await uploadTrack(artist, withId3Tags(await makeMp3(1), { cover: await makePng(64, 64) }), { title: 'Covered' })) as unknown as { id: string; image: string };
    const playlist = (await listener.json<{ id: string }>('POST', '/api/playlists', { name: 'Late & Loud' })).body;
    for (const trackId of [plain.id, covered.id]) await listener.json('POST', `/api/playlists/${playlist.id}/tracks`, { trackId });

    const hidden = await fetch(`${t.baseUrl}/playlist/${playlist.id}`);
    expect(hidden.status).toBe(404);
    expect(meta(await hidden.text(), 'og:title')).toBeUndefined();

    await listener.json('PATCH', `/api/playlists/${playlist.id}`, { isPublic: true });
    const response = await fetch(`${t.baseUrl}/playlist/${playlist.id}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<div id="root"></div>');
    expect(meta(html, 'og:title')).toBe('Late & Loud');
    expect(meta(html, 'og:description')).toMatch(/^Playlist by Mix Maker on Platter: 2 tracks/);
    expect(meta(html, 'og:type')).toBe('music.playlist');
    expect(meta(html, 'og:url')).toBe(`https://platter.example/playlist/${playlist.id}`);
    expect(meta(html, 'og:image')).toBe(`https://platter.example${covered.image}`);
    // The playlist's own cover wins over its tracks' covers.
    const own = await listener.request('PUT', `/api/playlists/${playlist.id}/cover`, { body: new Uint8Array(await makePng(64, 64)) });
    const image = ((await own.json()) as { image: string }).image;
    expect(meta(await (await fetch(`${t.baseUrl}/playlist/${playlist.id}`)).text(), 'og:image')).toBe(`https://platter.example${image}`);
  });

  it('answers unknown ids with the app (which shows its not-found page) and a 404 status', async () => {
    for (const url of ['/track/nope', '/artist/nope', '/playlist/nope']) {
      const response = await fetch(`${t.baseUrl}${url}`);
      expect(response.status).toBe(404);
      const html = await response.text();
      expect(html).toContain('<div id="root"></div>');
      expect(meta(html, 'og:title')).toBeUndefined();
    }
  });

  it('gives a release link its title, artist, type, length and cover (the first track’s when it has none of its own)', async () => {
    const cover = await makePng(80, 80);
    const first = (await uploadTrack(artist, withId3Tags(await makeMp3(1), { cover }), { title: 'Side A' })) as unknown as { id: string; image: string };
    const second = await uploadTrack(artist, await makeMp3(1), { title: 'Side B' });
    const created = await artist.json<{ id: string; image: string }>('POST', '/api/releases', { title: 'Basement Tapes', type: 'ep', releaseDate: '2026-10-01', trackIds: [first.id, second.id] });
    expect(created.status).toBe(201);
    expect(created.body.image).toBe(first.image);
    const response = await fetch(`${t.baseUrl}/release/${created.body.id}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<div id="root"></div>');
    expect(meta(html, 'og:title')).toBe('Basement Tapes – Ли & <The> "Quotes"');
    expect(meta(html, 'og:type')).toBe('music.album');
    expect(meta(html, 'og:description')).toMatch(/^EP by Ли & <The> "Quotes" on Platter \(2026\): 2 tracks/);
    expect(meta(html, 'og:url')).toBe(`https://platter.example/release/${created.body.id}`);
    expect(meta(html, 'og:image')).toBe(`https://platter.example${first.image}`);
    const missing = await fetch(`${t.baseUrl}/release/nope`);
    expect(missing.status).toBe(404);
    expect(meta(await missing.text(), 'og:title')).toBeUndefined();
  });
});
