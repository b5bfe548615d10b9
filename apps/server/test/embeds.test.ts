import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeMp3, withId3Tags } from './support/audio-fixtures.js';
import { Client } from './support/http-client.js';
import { makePng } from './support/images.js';
import { type TestApp, dialect, startTestApp } from './support/test-app.js';
import { getUploadUrl, put, uploadTrack } from './support/uploads.js';

const PUBLIC = 'https://platter.example';
const ADMIN_EMAIL = 'embed-admin@platter.test';
const INDEX = `<!doctype html><html><head><meta charset="UTF-8" /><meta name="description" content="Platter" /><title>Platter</title></head><body><div id="root"></div></body></html>`;
/** The built embed.html's shape (apps/web/embed.html): markers where the server writes, and the bundle. */
const EMBED_TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <!--embed-head-->
    <script type="module" crossorigin src="/assets/embed-test.js"></script>
  </head>
  <body>
    <!--embed-->
  </body>
</html>`;

type Track = { id: string; url: string; title: string; image: string | null; artistId: string };

/**
 * What the oEmbed spec (https://oembed.com, sections 2.3.4 and 2.3.4.4) asks of a rich answer, as
 * a list of what is wrong with one (empty when it conforms): `version` "1.0", `type`, and for
 * `rich` the `html`, `width` and `height` (pixels); the optional fields are strings (cache_age a
 * number of seconds); a thumbnail comes with its width and height or not at all, and respects
 * maxwidth and maxheight like the embed itself.
 */
function oembedProblems(answer: Record<string, unknown>, limits: { maxwidth?: number; maxheight?: number } = {}): string[] {
  const problems: string[] = [];
  const isPixels = (v: unknown) => typeof v === 'number' && Number.isInteger(v) && v > 0;
  if (answer.version !== '1.0') problems.push(`version is ${JSON.stringify(answer.version)}, not "1.0"`);
  if (answer.type !== 'rich') problems.push(`type is ${JSON.stringify(answer.type)}, not "rich"`);
  if (typeof answer.html !== 'string' || answer.html.length === 0) problems.push('html is missing');
  for (const key of ['width', 'height']) if (!isPixels(answer[key])) problems.push(`${key} is not a number of pixels: ${JSON.stringify(answer[key])}`);
  for (const key of ['title', 'author_name', 'author_url', 'provider_name', 'provider_url', 'thumbnail_url']) {
    if (key in answer && typeof answer[key] !== 'string') problems.push(`${key} is not a string`);
  }
  if ('cache_age' in answer && !(typeof answer.cache_age === 'number' && answer.cache_age >= 0)) problems.push('cache_age is not a number of seconds');
  const thumbnail = ['thumbnail_url', 'thumbnail_width', 'thumbnail_height'].filter((key) => key in answer);
  if (thumbnail.length !== 0 && thumbnail.length !== 3) problems.push(`thumbnail fields come together, not only ${thumbnail.join(', ')}`);
  for (const key of ['thumbnail_width', 'thumbnail_height']) if (key in answer && !isPixels(answer[key])) problems.push(`${key} is not a number of pixels`);
  if (limits.maxwidth !== undefined) {
    if ((answer.width as number) > limits.maxwidth) problems.push(`width ${String(answer.width)} > maxwidth ${limits.maxwidth}`);
    if ((answer.thumbnail_width as number) > limits.maxwidth) problems.push('thumbnail wider than maxwidth');
  }
  if (limits.maxheight !== undefined) {
    if ((answer.height as number) > limits.maxheight) problems.push(`height ${String(answer.height)} > maxheight ${limits.maxheight}`);
    if ((answer.thumbnail_height as number) > limits.maxheight) problems.push('thumbnail higher than maxheight');
  }
  return problems;
}

/** An attribute of the first element of `tag` in some HTML, unescaped. */
function attribute(html: string, tag: string, name: string): string | undefined {
  const element = new RegExp(`<${tag}\\b[^>]*>`).exec(html)?.[0];
  const value = element && new RegExp(`\\s${name}="([^"]*)"`).exec(element)?.[1];
  return value?.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&#39;/g, "'");
}

const frameAncestors = (response: Response) => /frame-ancestors ([^;]+)/.exec(response.headers.get('content-security-policy') ?? '')?.[1];

describe(`embeds: the embed player page and oEmbed (${dialect})`, () => {
  let t: TestApp;
  let webDist: string;
  let artist: Client;
  let admin: Client;
  let artistId: string;
  let covered: Track;
  let plain: Track;

  const oembed = async (query: Record<string, string>) => {
    const response = await fetch(`${t.baseUrl}/api/oembed?${new URLSearchParams(query).toString()}`);
    return { response, body: (await response.json()) as Record<string, unknown> };
  };

  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'platter-web-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), INDEX);
    fs.writeFileSync(path.join(webDist, 'embed.html'), EMBED_TEMPLATE);
    t = await startTestApp({ WEB_DIST: webDist, PUBLIC_URL: PUBLIC, ADMIN_EMAILS: ADMIN_EMAIL });
    artist = new Client(t.baseUrl);
    admin = new Client(t.baseUrl);
    artistId = (await artist.signUp('Ann & <The> "Embeds"')).id;
    await admin.signUp('Moderator', ADMIN_EMAIL);
    covered = (await uploadTrack(artist, withId3Tags(await makeMp3(2), { cover: await makePng(80, 80) }), { title: 'Night <b>Drive</b>' })) as unknown as Track;
    plain = (await uploadTrack(artist, await makeMp3(1), { title: 'No Cover' })) as unknown as Track;
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('answers oEmbed for a track page with the rich type: the iframe, sizes, title, author, provider and cover', async () => {
    const { response, body } = await oembed({ url: `${PUBLIC}/track/${covered.id}`, format: 'json' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(oembedProblems(body)).toEqual([]);
    expect(body).toMatchObject({
      version: '1.0',
      type: 'rich',
      width: 600,
      height: 166,
      title: 'Night <b>Drive</b>',
      author_name: 'Ann & <The> "Embeds"',
      author_url: `${PUBLIC}/artist/${artistId}`,
      provider_name: 'Platter',
      provider_url: `${PUBLIC}/`,
      thumbnail_url: `${PUBLIC}${covered.image}`,
      thumbnail_width: 600,
      thumbnail_height: 600,
    });
    expect(body.cache_age).toBeGreaterThan(0);
    const html = body.html as string;
    expect(attribute(html, 'iframe', 'src')).toBe(`${PUBLIC}/embed/track/${covered.id}`);
    expect(attribute(html, 'iframe', 'width')).toBe('600');
    expect(attribute(html, 'iframe', 'height')).toBe('166');
    // The title is an attribute's text, never markup of the consumer's page.
    expect(html).not.toContain('<b>');
    expect(html.match(/<iframe/g)).toHaveLength(1);

    // The embed's own address and no format (JSON is the default) answer the same.
    const fromEmbed = await oembed({ url: `${PUBLIC}/embed/track/${plain.id}?theme=dark` });
    expect(fromEmbed.response.status).toBe(200);
    expect(oembedProblems(fromEmbed.body)).toEqual([]);
    expect(fromEmbed.body.title).toBe('No Cover');
    // No cover: no thumbnail fields at all.
    expect(Object.keys(fromEmbed.body).filter((key) => key.startsWith('thumbnail'))).toEqual([]);
  });

  it('honours maxwidth and maxheight in the sizes, the iframe and the thumbnail', async () => {
    const small = await oembed({ url: `${PUBLIC}/track/${covered.id}`, maxwidth: '320', maxheight: '120' });
    expect(small.response.status).toBe(200);
    expect(oembedProblems(small.body, { maxwidth: 320, maxheight: 120 })).toEqual([]);
    expect(small.body).toMatchObject({ width: 320, height: 120 });
    expect(attribute(small.body.html as string, 'iframe', 'width')).toBe('320');
    expect(attribute(small.body.html as string, 'iframe', 'height')).toBe('120');
    // The 600-pixel cover does not fit: no thumbnail rather than one over the limit.
    expect(small.body.thumbnail_url).toBeUndefined();

    const large = await oembed({ url: `${PUBLIC}/track/${covered.id}`, maxwidth: '1200', maxheight: '900' });
    expect(oembedProblems(large.body, { maxwidth: 1200, maxheight: 900 })).toEqual([]);
    expect(large.body).toMatchObject({ width: 600, height: 166, thumbnail_width: 600 });

    const narrow = await oembed({ url: `${PUBLIC}/track/${covered.id}`, maxwidth: '250' });
    expect(oembedProblems(narrow.body, { maxwidth: 250 })).toEqual([]);
    expect(narrow.body).toMatchObject({ width: 250, height: 166 });
  });

  it('answers 404 for an address that is not a visible Platter track, 501 for xml and 400 for a missing or unreadable url', async () => {
    const cases: Array<[Record<string, string>, number, string]> = [
      [{ url: `https://elsewhere.example/track/${covered.id}` }, 404, 'not_embeddable'],
      [{ url: `${PUBLIC}/artist/${artistId}` }, 404, 'not_embeddable'],
      [{ url: `${PUBLIC}/track/no-such-track` }, 404, 'not_embeddable'],
      [{ url: `${PUBLIC}/track/${covered.id}/extra` }, 404, 'not_embeddable'],
      [{ url: `${PUBLIC}/track/%00` }, 404, 'not_embeddable'],
      [{ url: `${PUBLIC}/track/%ff` }, 404, 'not_embeddable'],
      [{ url: `${PUBLIC}/track/${'x'.repeat(300)}` }, 404, 'not_embeddable'],
      [{ url: `${PUBLIC}/track/${covered.id}`, format: 'xml' }, 501, 'format_not_implemented'],
      [{}, 400, 'validation_failed'],
      [{ url: '' }, 400, 'validation_failed'],
      [{ url: 'not an address' }, 400, 'invalid_url'],
      [{ url: `ftp://platter.example/track/${covered.id}` }, 400, 'invalid_url'],
      [{ url: `${PUBLIC}/track/${covered.id}`, maxwidth: 'wide' }, 400, 'validation_failed'],
      [{ url: `${PUBLIC}/track/${covered.id}`, maxheight: '0' }, 400, 'validation_failed'],
    ];
    for (const [query, status, error] of cases) {
      const { response, body } = await oembed(query);
      expect({ query, status: response.status, error: body.error }).toEqual({ query, status, error });
      expect(typeof body.message === 'string' && body.message.length > 0, JSON.stringify(query)).toBe(true);
    }
  });

  it('serves the embed page with the track rendered in, framable by any site (frame-ancestors *), light or dark', async () => {
    const response = await fetch(`${t.baseUrl}/embed/track/${covered.id}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(frameAncestors(response)).toBe('*');
    expect(response.headers.get('x-frame-options')).toBeNull();
    // Only framing is loosened: scripts still come from Platter alone.
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await response.text();
    expect(html).toContain('<script type="module" crossorigin src="/assets/embed-test.js"></script>');
    expect(html).not.toContain('<!--embed');
    expect(html).toContain('Night &lt;b&gt;Drive&lt;/b&gt;');
    expect(html).toContain('Ann &amp; &lt;The&gt; &quot;Embeds&quot;');
    expect(html).not.toContain('<b>Drive');
    expect(attribute(html, 'html', 'data-theme')).toBeUndefined();
    // The high-quality rendition once the media engine made it, the original until then.
    const now = (await (await fetch(`${t.baseUrl}/api/tracks/${covered.id}`)).json()) as { audio?: { high: string | null } };
    expect([covered.url, now.audio?.high]).toContain(attribute(html, 'audio', 'src'));
    expect(attribute(html, 'img', 'src')).toBe(covered.image);
    // The link back opens the track on Platter, outside the frame.
    expect(attribute(html, 'a', 'href')).toBe(`${PUBLIC}/track/${covered.id}`);
    expect(attribute(html, 'a', 'target')).toBe('_blank');
    expect(html).toMatch(new RegExp(`<a class="embed__brand" href="${PUBLIC.replace(/\./g, '\\.')}/track/${covered.id}" target="_blank"`));
    const data = JSON.parse(/<script type="application\/json" id="embed-data">([^<]*)<\/script>/.exec(html)?.[1] ?? 'null') as { tracks: Array<{ id: string; src: string }> };
    expect(data.tracks).toEqual([expect.objectContaining({ id: covered.id, src: attribute(html, 'audio', 'src') })]);

    for (const theme of ['dark', 'light'] as const) {
      const themed = await (await fetch(`${t.baseUrl}/embed/track/${covered.id}?theme=${theme}`)).text();
      expect(attribute(themed, 'html', 'data-theme')).toBe(theme);
      expect(themed).toContain(`<meta name="color-scheme" content="${theme}" />`);
    }
    const russian = await (await fetch(`${t.baseUrl}/embed/track/${covered.id}`, { headers: { 'accept-language': 'ru-RU,ru;q=0.9' } })).text();
    expect(attribute(russian, 'html', 'lang')).toBe('ru');
    expect(attribute(russian, 'button', 'aria-label')).toBe('Слушать');
  });

  it("keeps frame-ancestors 'none' and X-Frame-Options on every other page and the API", async () => {
    for (const url of [`/track/${covered.id}`, '/home', '/api/tracks', `/api/oembed?url=${encodeURIComponent(`${PUBLIC}/track/${covered.id}`)}`]) {
      const response = await fetch(`${t.baseUrl}${url}`, { headers: { accept: 'text/html' } });
      expect(response.status, url).toBe(200);
      expect(frameAncestors(response), url).toBe("'none'");
      expect(response.headers.get('x-frame-options'), url).toBe('SAMEORIGIN');
      await response.body?.cancel();
    }
  });

  it('names the oEmbed answer on the track share page (discovery), and the link answers', async () => {
    const html = await (await fetch(`${t.baseUrl}/track/${covered.id}`)).text();
    const link = /<link rel="alternate" type="application\/json\+oembed" href="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, '&');
    expect(link).toBe(`${PUBLIC}/api/oembed?url=${encodeURIComponent(`${PUBLIC}/track/${covered.id}`)}&format=json`);
    const discovered = new URL(link ?? '');
    const response = await fetch(`${t.baseUrl}${discovered.pathname}${discovered.search}`);
    const body = (await response.json()) as Record<string, unknown>;
    expect(response.status).toBe(200);
    expect(oembedProblems(body)).toEqual([]);
    expect(body.title).toBe('Night <b>Drive</b>');
    // An artist page has no embed, so no discovery link.
    expect(await (await fetch(`${t.baseUrl}/artist/${artistId}`)).text()).not.toContain('json+oembed');
  });

  it('answers a hidden or missing track with a 404 embed page (still framable) and a 404 oEmbed', async () => {
    const track = (await uploadTrack(artist, await makeMp3(1), { title: 'Soon Hidden' })) as unknown as Track;
    expect((await fetch(`${t.baseUrl}/embed/track/${track.id}`)).status).toBe(200);
    expect((await admin.json('PUT', `/api/admin/tracks/${track.id}/hidden`, { hidden: true })).status).toBe(200);

    for (const id of [track.id, 'no-such-track']) {
      const page = await fetch(`${t.baseUrl}/embed/track/${id}`);
      expect(page.status).toBe(404);
      expect(page.headers.get('content-type')).toContain('text/html');
      expect(frameAncestors(page)).toBe('*');
      const html = await page.text();
      expect(html).toContain('This track is not available');
      expect(html).not.toContain('Soon Hidden');
      expect(html).not.toContain('embed-data');
      const answer = await oembed({ url: `${PUBLIC}/track/${id}` });
      expect(answer.response.status).toBe(404);
      expect(answer.body.error).toBe('not_embeddable');
    }
    // Not even its owner's oEmbed: an embed is what anybody sees.
    const own = await artist.json<{ error: string }>('GET', `/api/oembed?url=${encodeURIComponent(`${PUBLIC}/track/${track.id}`)}`);
    expect(own.status).toBe(404);
  });

  it('counts a play from the embed page as an anonymous listen, the way the page posts it', async () => {
    const before = (await (await fetch(`${t.baseUrl}/api/tracks/${plain.id}`)).json()) as { listens: number };
    // The embed page is Platter's own origin wherever it is framed: its POST carries that Origin and no session.
    const response = await fetch(`${t.baseUrl}/api/tracks/${plain.id}/listens`, { method: 'POST', headers: { origin: PUBLIC } });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ trackId: plain.id, counted: true, listens: before.listens + 1 });
  });

  describe('a release: its embed page and oEmbed', () => {
    type Release = { id: string; title: string };
    let release: Release;
    let unlistedTrack: { id: string; secret: string };

    const embedData = (html: string) =>
      JSON.parse(/<script type="application\/json" id="embed-data">([^<]*)<\/script>/.exec(html)?.[1] ?? 'null') as {
        kind: string;
        tracks: Array<{ id: string; title: string; src: string; peaks?: number[] }>;
      };

    beforeAll(async () => {
      const created = await artist.json<Release>('POST', '/api/releases', { title: 'Tape <One>', type: 'ep', trackIds: [covered.id, plain.id] });
      expect(created.status).toBe(201);
      release = created.body;
      const mp3 = await makeMp3(1);
      const urls = await getUploadUrl(artist, mp3);
      expect((await put(artist, urls.uploadURL, mp3)).status).toBe(200);
      const track = await artist.json<{ id: string; secret: string }>('POST', '/api/tracks', { title: 'Unlisted cut', visibility: 'unlisted', url: urls.fileUrl });
      expect(track.status).toBe(201);
      expect(track.body.secret).toBeTruthy();
      unlistedTrack = track.body;
    });

    it('answers oEmbed for a release page with the rich type and the release iframe, as the spec asks', async () => {
      for (const url of [`${PUBLIC}/release/${release.id}`, `${PUBLIC}/embed/release/${release.id}?theme=dark`]) {
        const { response, body } = await oembed({ url, format: 'json' });
        expect(response.status, url).toBe(200);
        expect(oembedProblems(body)).toEqual([]);
        // The spec's required fields and the ones a consumer shows.
        expect(body).toMatchObject({ version: '1.0', type: 'rich', width: 600, height: 380, title: 'Tape <One>', author_name: 'Ann & <The> "Embeds"', provider_name: 'Platter', provider_url: `${PUBLIC}/` });
        const html = body.html as string;
        expect(attribute(html, 'iframe', 'src')).toBe(`${PUBLIC}/embed/release/${release.id}`);
        expect(attribute(html, 'iframe', 'height')).toBe('380');
        expect(html).not.toContain('<One>');
      }
      const small = await oembed({ url: `${PUBLIC}/release/${release.id}`, maxwidth: '300', maxheight: '200' });
      expect(oembedProblems(small.body, { maxwidth: 300, maxheight: 200 })).toEqual([]);
      expect(small.body).toMatchObject({ width: 300, height: 200 });
      expect((await oembed({ url: `${PUBLIC}/release/no-such-release` })).response.status).toBe(404);
    });

    it('serves the release embed: framable, cover, title, artist, its tracks in order with their waveforms, and the link back', async () => {
      const response = await fetch(`${t.baseUrl}/embed/release/${release.id}`);
      expect(response.status).toBe(200);
      expect(frameAncestors(response)).toBe('*');
      expect(response.headers.get('x-frame-options')).toBeNull();
      const html = await response.text();
      expect(html).toContain('Tape &lt;One&gt;');
      expect(html).not.toContain('<One>');
      expect(attribute(html, 'main', 'data-kind')).toBe('release');
      expect(attribute(html, 'a', 'href')).toBe(`${PUBLIC}/release/${release.id}`);
      const data = embedData(html);
      expect(data.kind).toBe('release');
      expect(data.tracks.map((tr) => tr.id)).toEqual([covered.id, plain.id]);
      expect(data.tracks.map((tr) => tr.title)).toEqual(['Night <b>Drive</b>', 'No Cover']);
      for (const tr of data.tracks) expect(Array.isArray(tr.peaks)).toBe(true);
      // The list: one button per track, the first current.
      expect(html.match(/class="embed__item"/g)).toHaveLength(2);
      expect(html).toMatch(/data-index="0" aria-current="true"/);
      expect(attribute(html, 'audio', 'src')).toBe(data.tracks[0]?.src);
      // The share page names the oEmbed answer.
      const share = await (await fetch(`${t.baseUrl}/release/${release.id}`)).text();
      const link = /<link rel="alternate" type="application\/json\+oembed" href="([^"]+)"/.exec(share)?.[1]?.replace(/&amp;/g, '&');
      expect(link).toBe(`${PUBLIC}/api/oembed?url=${encodeURIComponent(`${PUBLIC}/release/${release.id}`)}&format=json`);
    });

    it('embeds an unlisted release only with its secret, passed on to the iframe and the audio; a private one never', async () => {
      const secret = 'release-secret-0123456789abcdef';
      const unlisted = (await artist.json<Release>('POST', '/api/releases', { title: 'Hidden Tape', type: 'single', trackIds: [unlistedTrack.id] })).body;
      await t.context.database.db.updateTable('releases').set({ visibility: 'unlisted', secret }).where('id', '=', unlisted.id).execute();

      expect((await fetch(`${t.baseUrl}/embed/release/${unlisted.id}`)).status).toBe(404);
      expect((await fetch(`${t.baseUrl}/embed/release/${unlisted.id}?s=wrong-secret`)).status).toBe(404);
      expect((await oembed({ url: `${PUBLIC}/release/${unlisted.id}` })).response.status).toBe(404);

      const page = await fetch(`${t.baseUrl}/embed/release/${unlisted.id}?s=${secret}`);
      expect(page.status).toBe(200);
      const html = await page.text();
      const data = embedData(html);
      expect(data.tracks.map((tr) => tr.id)).toEqual([unlistedTrack.id]);
      // The audio carries the track's own secret: the media route lets it through, and not without it.
      const src = data.tracks[0]!.src;
      expect(src).toContain(`?s=${unlistedTrack.secret}`);
      expect((await fetch(`${t.baseUrl}${src}`, { headers: { range: 'bytes=0-1' } })).status).toBe(206);
      expect((await fetch(`${t.baseUrl}${src.slice(0, src.indexOf('?'))}`, { headers: { range: 'bytes=0-1' } })).status).toBe(404);
      expect(attribute(html, 'a', 'href')).toBe(`${PUBLIC}/release/${unlisted.id}?s=${secret}`);

      const answer = await oembed({ url: `${PUBLIC}/release/${unlisted.id}?s=${secret}` });
      expect(answer.response.status).toBe(200);
      expect(oembedProblems(answer.body)).toEqual([]);
      expect(attribute(answer.body.html as string, 'iframe', 'src')).toBe(`${PUBLIC}/embed/release/${unlisted.id}?s=${secret}`);

      // An unlisted track the same way.
      expect((await fetch(`${t.baseUrl}/embed/track/${unlistedTrack.id}`)).status).toBe(404);
      const trackPage = await fetch(`${t.baseUrl}/embed/track/${unlistedTrack.id}?s=${unlistedTrack.secret}`);
      expect(trackPage.status).toBe(200);
      expect(embedData(await trackPage.text()).tracks[0]?.src).toContain(`?s=${unlistedTrack.secret}`);
      const trackAnswer = await oembed({ url: `${PUBLIC}/track/${unlistedTrack.id}?s=${unlistedTrack.secret}` });
      expect(trackAnswer.response.status).toBe(200);
      expect(attribute(trackAnswer.body.html as string, 'iframe', 'src')).toBe(`${PUBLIC}/embed/track/${unlistedTrack.id}?s=${unlistedTrack.secret}`);
      expect((await oembed({ url: `${PUBLIC}/track/${unlistedTrack.id}` })).response.status).toBe(404);

      // Private: not even with the secret.
      await t.context.database.db.updateTable('releases').set({ visibility: 'private' }).where('id', '=', unlisted.id).execute();
      const privatePage = await fetch(`${t.baseUrl}/embed/release/${unlisted.id}?s=${secret}`);
      expect(privatePage.status).toBe(404);
      expect(await privatePage.text()).toContain('This release is not available');
      expect((await oembed({ url: `${PUBLIC}/release/${unlisted.id}?s=${secret}` })).response.status).toBe(404);
    });
  });
});

