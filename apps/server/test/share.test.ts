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

  it('answers unknown ids with the app (which shows its not-found page) and a 404 status', async () => {
    for (const url of ['/track/nope', '/artist/nope']) {
      const response = await fetch(`${t.baseUrl}${url}`);
      expect(response.status).toBe(404);
      const html = await response.text();
      expect(html).toContain('<div id="root"></div>');
      expect(meta(html, 'og:title')).toBeUndefined();
    }
  });
});
