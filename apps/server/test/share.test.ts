import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAYLIST_PAGE_SIZE } from '@platter/shared';
import { makeMp3, withId3Tags } from './support/audio-fixtures.js';
import { Client } from './support/http-client.js';
import { makePng } from './support/images.js';
import { type TestApp, dialect, startTestApp } from './support/test-app.js';
import { uploadTrack } from './support/uploads.js';

/**
 * Whether an answer a page carried is what the API answers now: lists by their items' ids (a
 * just-uploaded track's audio job may still be filling in its fields), anything else whole.
 */
function sameAnswer(carried: unknown, now: unknown): boolean {
  const ids = (answer: unknown) => ((answer as { items?: unknown }).items as Array<{ id: string }>).map((item) => item.id);
  if (carried && now && Array.isArray((now as { items?: unknown }).items)) return JSON.stringify(ids(carried)) === JSON.stringify(ids(now));
  // A track's waveform turns from pending to ready when its job ends, between the page and the check.
  const settled = (answer: unknown) => JSON.stringify(answer, (key, value: unknown) => (key === 'waveform' ? undefined : value));
  return settled(carried) === settled(now);
}

const INDEX = `<!doctype html><html><head><meta charset="UTF-8" /><meta name="description" content="Platter" /><title>Platter</title></head><body><div id="root"></div></body></html>`;
/** A public page's first frame as the web build writes it (page-track.html…): the shell in both languages, each with the page's place. */
const FRAMED = INDEX.replace('<div id="root">', '<div id="home-shell"><div lang="en"><!--platter-frame--></div><div lang="ru"><!--platter-frame--></div></div><div id="root">');

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
    for (const page of ['track', 'artist', 'release', 'playlist']) fs.writeFileSync(path.join(webDist, `page-${page}.html`), FRAMED);
    fs.writeFileSync(path.join(webDist, 'home.html'), FRAMED);
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
    // The tracks' audio jobs fill in their entries' fields (duration, renditions, waveform): let them
    // end first, or the page's carried answer and the check's differ by a job (seen on PostgreSQL).
    await t.context.jobs.idle();

    const hidden = await fetch(`${t.baseUrl}/playlist/${playlist.id}`);
    expect(hidden.status).toBe(404);
    expect(meta(await hidden.text(), 'og:title')).toBeUndefined();

    await listener.json('PATCH', `/api/playlists/${playlist.id}`, { isPublic: true });
    const response = await fetch(`${t.baseUrl}/playlist/${playlist.id}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<div id="root"></div>');
    // Its first frame (page-playlist.html): its header, in both languages' copies of the shell, the cover preloaded.
    expect(html.split('<h2 class="playlist-details__name">Late &amp; Loud</h2><p class="playlist-details__meta">Mix Maker</p>')).toHaveLength(3);
    expect(html).toContain(`<span class="playlist-cover playlist-cover--large"><img class="image image--loaded playlist-cover__image" src="${covered.image}" alt="" fetchpriority="high" /></span>`);
    expect(html).toContain(`<link rel="preload" as="image" href="${covered.image}" fetchpriority="high" />`);
    // And the first page of entries it starts from, as the playlist's page asks it.
    const asked = `/api/playlists/${playlist.id}?page=1&pageSize=${PLAYLIST_PAGE_SIZE}`;
    const answers = JSON.parse(/<script type="application\/json" id="initial-data">([^<]*)<\/script>/.exec(html)?.[1] ?? '{}') as Record<string, unknown>;
    expect(Object.keys(answers).sort()).toEqual([asked, '/api/config', '/api/me'].sort());
    expect(sameAnswer(answers[asked], await (await fetch(`${t.baseUrl}${asked}`)).json())).toBe(true);
    expect(meta(html, 'og:title')).toBe('Late & Loud');
    expect(meta(html, 'og:description')).toMatch(/^Playlist by Mix Maker on Platter: 2 tracks/);
    expect(meta(html, 'og:type')).toBe('music.playlist');
    expect(meta(html, 'og:url')).toBe(`https://platter.example/playlist/${playlist.id}`);
    expect(meta(html, 'og:image')).toBe(`https://platter.example${covered.image}`);
    // The playlist's own cover wins over its tracks' covers.
    const own = await listener.request('PUT', `/api/playlists/${playlist.id}/cover`, { body: new Uint8Array(await makePng(64, 64)) });
    const image = ((await own.json()) as { image: string }).image;
    const withOwn = await (await fetch(`${t.baseUrl}/playlist/${playlist.id}`)).text();
    expect(meta(withOwn, 'og:image')).toBe(`https://platter.example${image}`);
    expect(withOwn).toContain(`<img class="image image--loaded playlist-cover__image" src="${image}" alt="" fetchpriority="high" />`);
  });

  it("starts a public page from its first frame: its heading and cover, escaped, the cover preloaded; a private track's page has none", async () => {
    const cover = await makePng(60, 60);
    const track = (await uploadTrack(artist, withId3Tags(await makeMp3(1), { cover }), { title: '</script><b>Loud</b> $& Clear' })) as unknown as { id: string; image: string };
    const html = await (await fetch(`${t.baseUrl}/track/${track.id}`)).text();
    const heading = '<h1 class="track-page__title">&lt;/script&gt;&lt;b&gt;Loud&lt;/b&gt; $&amp; Clear</h1>';
    // Both languages' copies of the shell hold the page.
    expect(html.split(heading)).toHaveLength(3);
    expect(html).toContain('<span class="track-page__artist">Ли &amp; &lt;The&gt; &quot;Quotes&quot;</span>');
    expect(html).toContain(`<img class="image image--loaded track-page__cover" src="${track.image}" alt="" fetchpriority="high" />`);
    expect(html).toContain(`<link rel="preload" as="image" href="${track.image}" fetchpriority="high" />`);
    expect(html).not.toContain('<b>');
    expect(html).not.toContain('<!--platter-frame-->');
    // A signed-out visitor's page carries the public answer the page starts from, escaped against `</script>`.
    const data = /<script type="application\/json" id="initial-data">([^<]*)<\/script>/.exec(html)?.[1];
    expect(data).toContain('\\u003c/script\\u003e');
    const answers = JSON.parse(data ?? '{}') as Record<string, unknown>;
    // Everything the track page asks first, and who the visitor is (nobody) and the server's settings.
    const asked = ['', '/repost', '/waveform', '/similar', '/comments'].map((rest) => `/api/tracks/${track.id}${rest}`);
    expect(Object.keys(answers).sort()).toEqual([...asked, '/api/config', '/api/me'].sort());
    // (The waveform of a just-uploaded track may be computed between the page and this check.)
    for (const url of [...asked, '/api/config', '/api/me'].filter((url) => !url.endsWith('/waveform'))) expect(sameAnswer(answers[url], await (await fetch(`${t.baseUrl}${url}`)).json()), url).toBe(true);
    expect(answers[`/api/tracks/${track.id}/waveform`]).toMatchObject({ status: expect.any(String) });
    expect(answers['/api/me']).toBeNull();
    // Never a signed-in visitor's (the page asks as them).
    const own = await artist.request('GET', `/track/${track.id}`, { headers: { accept: 'text/html' } });
    expect(await own.text()).not.toContain('id="initial-data"');

    const artistPage = await (await fetch(`${t.baseUrl}/artist/${artistId}`)).text();
    expect(artistPage).toContain('<h1 class="artist-header__name">Ли &amp; &lt;The&gt; &quot;Quotes&quot;</h1>');
    expect(artistPage).toMatch(/<img class="image image--loaded artist-header__avatar" src="\/media\/images\/[^"]+"/);
    // As the artist page asks: the profile, all its tracks in one page, releases, posts and reposts.
    const artistAnswers = JSON.parse(/<script type="application\/json" id="initial-data">([^<]*)<\/script>/.exec(artistPage)?.[1] ?? '{}') as Record<string, unknown>;
    const artistAsked = [`/api/artists/${artistId}`, `/api/tracks?artistId=${artistId}&page=1&pageSize=100`, ...['releases', 'posts', 'reposts'].map((list) => `/api/artists/${artistId}/${list}`)];
    expect(Object.keys(artistAnswers).sort()).toEqual([...artistAsked, '/api/config', '/api/me'].sort());
    for (const url of artistAsked) expect(sameAnswer(artistAnswers[url], await (await fetch(`${t.baseUrl}${url}`)).json()), url).toBe(true);

    const secret = (await uploadTrack(artist, await makeMp3(1), { title: 'Not for you' })) as unknown as { id: string };
    expect((await artist.json('PATCH', `/api/tracks/${secret.id}/visibility`, { visibility: 'private' })).status).toBe(200);
    const hidden = await fetch(`${t.baseUrl}/track/${secret.id}`);
    expect(hidden.status).toBe(404);
    const hiddenHtml = await hidden.text();
    expect(hiddenHtml).toBe(INDEX);
    expect(hiddenHtml).not.toContain('Not for you');
    // Its artist opens it (a 200), from index.html: no frame, nothing inlined.
    const mine = await artist.request('GET', `/track/${secret.id}`, { headers: { accept: 'text/html' } });
    expect(mine.status).toBe(200);
    expect(await mine.text()).toBe(INDEX);
  });

  it("starts a signed-out visitor's /home from what the catalogue shows first; a signed-in one, and another tab, get the plain file", async () => {
    const html = await (await fetch(`${t.baseUrl}/home`, { headers: { accept: 'text/html', 'accept-encoding': 'br' } })).text();
    const answers = JSON.parse(/<script type="application\/json" id="initial-data">([^<]*)<\/script>/.exec(html)?.[1] ?? '{}') as Record<string, unknown>;
    const asked = ['/api/releases/new', '/api/charts/trending', '/api/genres', '/api/tracks?page=1&pageSize=9', '/api/config', '/api/me'];
    expect(Object.keys(answers).sort()).toEqual(asked.toSorted());
    for (const url of asked) expect(sameAnswer(answers[url], await (await fetch(`${t.baseUrl}${url}`)).json()), url).toBe(true);
    expect((answers['/api/tracks?page=1&pageSize=9'] as { items: unknown[] }).items.length).toBeGreaterThan(0);
    expect(html.replace(/<script type="application\/json" id="initial-data">[^<]*<\/script>/, '')).toBe(FRAMED);
    const signedIn = await artist.request('GET', '/home', { headers: { accept: 'text/html' } });
    expect(await signedIn.text()).toBe(FRAMED);
    expect(await (await fetch(`${t.baseUrl}/home?tab=search`, { headers: { accept: 'text/html' } })).text()).toBe(FRAMED);
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
