import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { XMLParser } from 'fast-xml-parser';
import Parser from 'rss-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { podcastGuid } from '../src/lib/uuid-v5.js';
import { makeMp3 } from './support/audio-fixtures.js';
import { Client } from './support/http-client.js';
import { type TestApp, dialect, startTestApp } from './support/test-app.js';
import { getUploadUrl, put } from './support/uploads.js';

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'feeds');
const RSS_SCHEMA = path.join(FIXTURES, 'rss-2.0-podcast.rng');
const ATOM_SCHEMA = path.join(FIXTURES, 'atom.rng');
const run = promisify(execFile);
const PUBLIC = 'https://platter.example';
const ADMIN_EMAIL = 'feeds-admin@platter.test';
const INDEX = `<!doctype html><html><head><meta charset="UTF-8" /><meta name="description" content="Platter" /><title>Platter</title></head><body><div id="root"></div></body></html>`;

/** xmllint validates the feeds: CI installs it (.ci/run) and fails without it; a machine without it skips those checks. */
const hasXmllint = (() => {
  try {
    execFileSync('xmllint', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    if (process.env.CI) throw new Error('xmllint is missing: install libxml2-utils (.ci/run does) to validate the feeds.');
    return false;
  }
})();

type Visibility = 'public' | 'unlisted' | 'private';
type Track = { id: string; title: string };
type Release = { id: string; secret?: string | null; tracks: Track[] };

/** A feed item as rss-parser reads it, with the iTunes fields it knows. */
type Item = { title?: string; link?: string; guid?: string; id?: string; pubDate?: string; enclosure?: { url: string; length?: string; type?: string }; itunes?: { duration?: string; episode?: string; explicit?: string; image?: string; author?: string } };

const TRICKY_TITLE = 'Night <b>Drive</b> & "Ёлка" 🎧 ]]> Ночь';
const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

describe(`RSS and Atom feeds of artists and releases (${dialect})`, () => {
  let t: TestApp;
  let webDist: string;
  let scratch: string;
  let artist: Client;
  let artistId: string;
  const parser = new Parser<Record<string, unknown>, Item>({ customFields: { feed: ['podcast:guid', 'podcast:locked'] } });
  let publicTrack: Track;
  let unlistedTrack: Track;
  let privateTrack: Track;
  let scheduledTrack: Track;
  let album: Release;
  let unlistedRelease: Release;
  let privateRelease: Release;
  let scheduledRelease: Release;
  let secretHome: Release;

  /** The same address on the test server: a feed's URLs name PUBLIC_URL, and tests talk only to loopback. */
  const local = (url: string) => {
    const parsed = new URL(url);
    expect(parsed.origin).toBe(PUBLIC);
    return `${t.baseUrl}${parsed.pathname}${parsed.search}`;
  };
  const get = (pathname: string, headers: Record<string, string> = {}) => fetch(`${t.baseUrl}${pathname}`, { headers });

  const createTrack = async (title: string, visibility: Visibility, extra: Record<string, unknown> = {}): Promise<Track> => {
    const bytes = await makeMp3(1);
    const urls = await getUploadUrl(artist, bytes);
    expect((await put(artist, urls.uploadURL, bytes)).status).toBe(200);
    const created = await artist.json<Track>('POST', '/api/tracks', { title, genre: 'Dance', visibility, url: urls.fileUrl, ...extra });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body;
  };
  const createRelease = async (title: string, fields: { visibility: Visibility; publishAt?: string }, titles: string[]): Promise<Release> => {
    const tracks: Track[] = [];
    for (const name of titles) tracks.push(await createTrack(name, 'private'));
    const made = await artist.json<Release>('POST', '/api/releases', { title, type: 'album', trackIds: tracks.map((x) => x.id), ...fields });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    return made.body;
  };

  /** Validates a feed with xmllint against a RELAX NG schema: 'valid', or what xmllint says is wrong. */
  const validate = async (xml: string, schema: string): Promise<string> => {
    const file = path.join(scratch, `${Math.random().toString(36).slice(2)}.xml`);
    fs.writeFileSync(file, xml);
    return run('xmllint', ['--noout', '--relaxng', schema, file]).then(
      () => 'valid',
      (error: { stderr?: string }) => error.stderr ?? String(error),
    );
  };

  /** Every enclosure's stated length and type against what an anonymous GET of its URL (as a podcast app downloads it) sends. */
  const expectEnclosuresServed = async (enclosures: Array<{ url: string; length: string | undefined; type: string | undefined }>) => {
    expect(enclosures.length).toBeGreaterThan(0);
    for (const enclosure of enclosures) {
      const response = await fetch(local(enclosure.url));
      expect(response.status, enclosure.url).toBe(200);
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(bytes.length).toBeGreaterThan(0);
      expect(Number(enclosure.length), enclosure.url).toBe(bytes.length);
      expect(response.headers.get('content-type')).toBe(enclosure.type);
    }
  };

  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'platter-web-'));
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'platter-feeds-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), INDEX);
    // No transcoding: the enclosures are the uploaded files, and a rendition finished between two reads cannot change a feed under a test.
    t = await startTestApp({ WEB_DIST: webDist, PUBLIC_URL: PUBLIC, MEDIA_ENGINE: 'none', ADMIN_EMAILS: ADMIN_EMAIL });
    artist = new Client(t.baseUrl);
    artistId = (await artist.signUp('Аня & <The> "Feeds" 🎵')).id;
    publicTrack = await createTrack(TRICKY_TITLE, 'public');
    unlistedTrack = await createTrack('Unlisted Secret Song', 'unlisted');
    privateTrack = await createTrack('Private Diary Song', 'private');
    scheduledTrack = await createTrack('Scheduled Later Song', 'private', { publishAt: inAnHour() });
    album = await createRelease('Первый альбом & <Friends>', { visibility: 'public' }, ['Album One', 'Album Two', 'Album Three']);
    unlistedRelease = await createRelease('Hidden Unlisted Album', { visibility: 'unlisted' }, ['Unlisted Album Song']);
    privateRelease = await createRelease('Hidden Private Album', { visibility: 'private' }, ['Private Album Song']);
    scheduledRelease = await createRelease('Hidden Scheduled Album', { visibility: 'private', publishAt: inAnHour() }, ['Scheduled Album Song']);
    // One track of an unlisted release made public on its own: listed, its release never named.
    secretHome = await createRelease('Secret Home Album', { visibility: 'unlisted' }, ['Out In The Open', 'Still Behind The Link']);
    const opened = await artist.json('PATCH', `/api/tracks/${secretHome.tracks[0]!.id}/visibility`, { visibility: 'public' });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  it('serves a release as RSS 2.0 with the iTunes and podcast namespaces, valid against the schema, its tracks in order with exact enclosures', async () => {
    const response = await get(`/release/${album.id}/feed.rss`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
    const xml = await response.text();
    if (hasXmllint) expect(await validate(xml, RSS_SCHEMA)).toBe('valid');

    const feed = await parser.parseString(xml);
    const self = `${PUBLIC}/release/${album.id}/feed.rss`;
    expect(feed.title).toBe('Первый альбом & <Friends>');
    expect(feed.link).toBe(`${PUBLIC}/release/${album.id}`);
    expect(feed['podcast:guid']).toBe(podcastGuid(self));
    expect(feed['podcast:locked']).toBe('no');
    expect(xml).toContain(`<atom:link href="${self}" rel="self" type="application/rss+xml"/>`);
    expect(xml).toContain('<itunes:type>serial</itunes:type>');
    expect(feed.itunes).toMatchObject({ author: 'Аня & <The> "Feeds" 🎵', explicit: 'false', categories: ['Music'] });
    expect(feed.items.map((item) => item.title)).toEqual(['Album One', 'Album Two', 'Album Three']);
    expect(feed.items.map((item) => item.itunes?.episode)).toEqual(['1', '2', '3']);
    expect(feed.items.map((item) => item.link)).toEqual(album.tracks.map((track) => `${PUBLIC}/track/${track.id}`));
    for (const item of feed.items) {
      expect(item.guid).toMatch(/^urn:uuid:[0-9a-f-]{36}$/);
      expect(Number.isNaN(Date.parse(item.pubDate ?? ''))).toBe(false);
      expect(Number(item.itunes?.duration)).toBeGreaterThan(0);
    }
    expect(new Set(feed.items.map((item) => item.guid)).size).toBe(3);
    expect(xml).toContain('isPermaLink="false"');
    await expectEnclosuresServed(feed.items.map((item) => ({ url: item.enclosure!.url, length: item.enclosure!.length, type: item.enclosure!.type })));
  });

  it('lists only an artist’s public tracks (never unlisted, private or scheduled ones, nor those of a release that is not public), titles escaped', async () => {
    const response = await get(`/artist/${artistId}/feed.rss`);
    expect(response.status).toBe(200);
    const xml = await response.text();
    if (hasXmllint) expect(await validate(xml, RSS_SCHEMA)).toBe('valid');
    const feed = await parser.parseString(xml);
    expect(feed.title).toBe('Аня & <The> "Feeds" 🎵');
    const titles = feed.items.map((item) => item.title).sort();
    expect(titles).toEqual([TRICKY_TITLE, 'Album One', 'Album Two', 'Album Three', 'Out In The Open'].sort());
    expect(feed.items.find((item) => item.title === TRICKY_TITLE)?.link).toBe(`${PUBLIC}/track/${publicTrack.id}`);
    // Nothing of the others anywhere in the feed: not a title, not a link, not a file.
    for (const hidden of [unlistedTrack, privateTrack, scheduledTrack, ...unlistedRelease.tracks, ...privateRelease.tracks, ...scheduledRelease.tracks]) {
      expect(xml).not.toContain(hidden.id);
      expect(xml).not.toContain(hidden.title);
    }
    expect(xml).not.toContain('Hidden');
    expect(xml).not.toContain('Secret Home');
    expect(xml).not.toContain(secretHome.tracks[1]!.id);
    expect(xml).not.toContain(secretHome.secret!);
    // The markup of a title is text, never markup of the feed; its characters arrive as written.
    expect(xml).not.toContain('<b>');
    expect(xml).toContain('Night &lt;b&gt;Drive&lt;/b&gt; &amp;');
    expect(xml).toContain('<itunes:type>episodic</itunes:type>');
    // One track, one guid, whichever feed lists it.
    const release = await parser.parseString(await (await get(`/release/${album.id}/feed.rss`)).text());
    const guidOf = (items: Item[], title: string) => items.find((item) => item.title === title)?.guid;
    expect(guidOf(feed.items, 'Album Two')).toBe(guidOf(release.items, 'Album Two'));
    await expectEnclosuresServed(feed.items.map((item) => ({ url: item.enclosure!.url, length: item.enclosure!.length, type: item.enclosure!.type })));
  });

  it('serves the same entries as Atom 1.0, valid against RFC 4287’s schema, each with an enclosure link of exact length', async () => {
    for (const pathname of [`/release/${album.id}/feed.atom`, `/artist/${artistId}/feed.atom`]) {
      const response = await get(pathname);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
      const xml = await response.text();
      if (hasXmllint) expect(await validate(xml, ATOM_SCHEMA)).toBe('valid');
      const read = await parser.parseString(xml);
      const rss = await parser.parseString(await (await get(pathname.replace(/\.atom$/, '.rss'))).text());
      expect(read.items.map((item) => item.title)).toEqual(rss.items.map((item) => item.title));
      expect(read.items.map((item) => item.id)).toEqual(rss.items.map((item) => item.guid));

      const atom = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (name) => name === 'entry' || name === 'link' }).parse(xml) as {
        feed: { id: string; link: Array<Record<string, string>>; entry: Array<{ title: string; link: Array<Record<string, string>> }> };
      };
      expect(atom.feed.link.find((link) => link.rel === 'self')?.href).toBe(`${PUBLIC}${pathname}`);
      expect(atom.feed.id).toBe(`urn:uuid:${podcastGuid(`${PUBLIC}${pathname}`)}`);
      const enclosures = atom.feed.entry.map((entry) => entry.link.find((link) => link.rel === 'enclosure')!);
      expect(enclosures).toHaveLength(rss.items.length);
      await expectEnclosuresServed(enclosures.map((link) => ({ url: link.href!, length: link.length, type: link.type })));
    }
  });

  it('drops a track an admin hides (moderation) from the artist’s and the release’s feeds, and its file with it', async () => {
    const admin = new Client(t.baseUrl);
    await admin.signUp('Feed Moderator', ADMIN_EMAIL);
    const hidden = album.tracks[2]!;
    expect((await admin.json('PUT', `/api/admin/tracks/${hidden.id}/hidden`, { hidden: true })).status).toBe(200);
    try {
      for (const pathname of [`/artist/${artistId}/feed.rss`, `/release/${album.id}/feed.rss`, `/release/${album.id}/feed.atom`]) {
        const xml = await (await get(pathname)).text();
        expect(xml, pathname).not.toContain(hidden.id);
        expect(xml, pathname).not.toContain('Album Three');
      }
    } finally {
      expect((await admin.json('PUT', `/api/admin/tracks/${hidden.id}/hidden`, { hidden: false })).status).toBe(200);
    }
    expect(await (await get(`/release/${album.id}/feed.rss`)).text()).toContain('Album Three');
  });

  it('writes a Russian feed in Russian: its language, and the descriptions Platter writes', async () => {
    const vanya = new Client(t.baseUrl);
    const vanyaId = (await vanya.signUp('Ваня Лентов')).id;
    const bytes = await makeMp3(1);
    const urls = await getUploadUrl(vanya, bytes);
    expect((await put(vanya, urls.uploadURL, bytes)).status).toBe(200);
    expect((await vanya.json('POST', '/api/tracks', { title: 'Зимняя песня', genre: 'Dance', url: urls.fileUrl })).status).toBe(201);

    const rss = await (await get(`/artist/${vanyaId}/feed.rss`)).text();
    if (hasXmllint) expect(await validate(rss, RSS_SCHEMA)).toBe('valid');
    const feed = await parser.parseString(rss);
    expect(feed.language).toBe('ru');
    expect(feed.description).toBe('Треки: Ваня Лентов на Platter.');
    expect(feed.items.map((item) => item.content)).toEqual(['«Зимняя песня»: Ваня Лентов (Dance) на Platter.']);
    const atom = await (await get(`/artist/${vanyaId}/feed.atom`)).text();
    expect(atom).toContain('<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="ru">');
    // The English-named artist's feed stays English.
    expect((await parser.parseString(await (await get(`/release/${album.id}/feed.rss`)).text())).language).toBe('en');
  });

  it('answers 404 for a feed of a missing artist or release, and of a release that is not public, its secret link or not', async () => {
    const cases = [
      `/artist/no-such-artist/feed.rss`,
      `/release/no-such-release/feed.atom`,
      `/release/${unlistedRelease.id}/feed.rss`,
      `/release/${unlistedRelease.id}/feed.rss?s=${encodeURIComponent(unlistedRelease.secret ?? 'x')}`,
      `/release/${privateRelease.id}/feed.rss`,
      `/release/${scheduledRelease.id}/feed.atom`,
    ];
    expect(unlistedRelease.secret).toBeTruthy();
    for (const pathname of cases) {
      const response = await get(pathname);
      const body = (await response.json()) as { error: string; message: string };
      expect({ pathname, status: response.status, error: body.error }).toEqual({ pathname, status: 404, error: 'feed_not_found' });
      expect(body.message.length).toBeGreaterThan(0);
    }
    // Its artist signed in gets the same: a feed is never personal.
    expect((await artist.request('GET', `/release/${privateRelease.id}/feed.rss`)).status).toBe(404);
    expect((await get(`/release/${album.id}/feed.rss?x=${'y'.repeat(300)}`)).status).toBe(200);
    expect((await get(`/artist/${'z'.repeat(101)}/feed.rss`)).status).toBe(400);
  });

  it('answers 304 to a reader that has the current feed (its ETag), and the new feed once a title changes', async () => {
    const first = await get(`/release/${album.id}/feed.rss`);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(first.headers.get('cache-control')).toBe('public, max-age=300');
    expect(Number.isNaN(Date.parse(first.headers.get('last-modified') ?? ''))).toBe(false);

    // HEAD (what some apps ask first) answers the same headers without the body.
    const head = await fetch(`${t.baseUrl}/release/${album.id}/feed.rss`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('etag')).toBe(etag);
    expect(await head.text()).toBe('');

    const again = await get(`/release/${album.id}/feed.rss`, { 'if-none-match': etag! });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    expect((await get(`/release/${album.id}/feed.rss`, { 'if-none-match': `"other", W/${etag!}` })).status).toBe(304);
    // The Atom feed is another document with its own tag.
    expect((await get(`/release/${album.id}/feed.atom`, { 'if-none-match': etag! })).status).toBe(200);

    const renamed = await artist.json('PATCH', `/api/tracks/${album.tracks[1]!.id}`, { title: 'Album Two (Remastered)' });
    expect(renamed.status).toBe(200);
    const changed = await get(`/release/${album.id}/feed.rss`, { 'if-none-match': etag! });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(await changed.text()).toContain('Album Two (Remastered)');
  });

  it('names the feeds in the artist and release pages’ heads (autodiscovery), not in an unlisted release’s', async () => {
    const html = async (pathname: string) => (await get(pathname, { accept: 'text/html' })).text();
    const artistPage = await html(`/artist/${artistId}`);
    expect(artistPage).toContain(`<link rel="alternate" type="application/rss+xml" href="${PUBLIC}/artist/${artistId}/feed.rss"`);
    expect(artistPage).toContain(`<link rel="alternate" type="application/atom+xml" href="${PUBLIC}/artist/${artistId}/feed.atom"`);
    const releasePage = await html(`/release/${album.id}`);
    expect(releasePage).toContain(`<link rel="alternate" type="application/rss+xml" href="${PUBLIC}/release/${album.id}/feed.rss"`);
    const unlistedPage = await html(`/release/${unlistedRelease.id}?s=${encodeURIComponent(unlistedRelease.secret!)}`);
    expect(unlistedPage).toContain('Hidden Unlisted Album');
    expect(unlistedPage).not.toContain('application/rss+xml');
  });
});
