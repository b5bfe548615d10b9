import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeMp3 } from './support/audio-fixtures.js';
import { Client } from './support/http-client.js';
import { type TestApp, dialect, startTestApp } from './support/test-app.js';
import { XMLParser } from 'fast-xml-parser';
import { runMpv, tempFile } from './support/mpv.js';
import { uploadTrack } from './support/uploads.js';

type Playlist = { id: string; name: string; trackCount?: number };
type Detail = { entries: Array<{ track: { id: string } }> };
type Report = { playlist: Playlist; format: string; total: number; matched: number; unmatched: Array<{ position: number; title: string | null; artist: string | null; reason: string }>; unmatchedTotal: number };

describe(`playlist import and export (${dialect})`, () => {
  let t: TestApp;
  let owner: Client;
  let other: Client;
  const ids: Record<string, string> = {};
  let playlistId: string;

  const importFile = (c: Client, body: string, query = '') => c.request('POST', `/api/playlists/import${query}`, { body, headers: { 'content-type': 'audio/x-mpegurl' } });
  const entriesOf = async (c: Client, id: string) => (await c.json<Detail>('GET', `/api/playlists/${id}`)).body.entries.map((e) => e.track.id);

  beforeAll(async () => {
    t = await startTestApp();
    const mp3 = await makeMp3(2);
    const kino = new Client(t.baseUrl);
    await kino.signUp('Kino');
    ids.krovi = ((await uploadTrack(kino, mp3, { title: 'Gruppa Krovi' })) as { id: string }).id;
    ids.kukushka = ((await uploadTrack(kino, mp3, { title: 'Kukushka' })) as { id: string }).id;
    const polina = new Client(t.baseUrl);
    await polina.signUp('Polina');
    ids.cover = ((await uploadTrack(polina, mp3, { title: 'Kukushka' })) as { id: string }).id;
    ids.amp = ((await uploadTrack(polina, mp3, { title: 'Rock & Roll <live>' })) as { id: string }).id;
    owner = new Client(t.baseUrl);
    await owner.signUp('Owner');
    other = new Client(t.baseUrl);
    await other.signUp('Other');
    playlistId = (await owner.json<Playlist>('POST', '/api/playlists', { name: 'Road / trip' })).body.id;
    for (const id of [ids.amp, ids.krovi, ids.cover]) expect((await owner.json('POST', `/api/playlists/${playlistId}/tracks`, { trackId: id })).status).toBeLessThan(300);
  });
  afterAll(() => t.close());

  it('exports M3U8 and XSPF as attachments, each entry the track\'s audio (a media URL); a private playlist only to its owner', async () => {
    const m3u = await owner.request('GET', `/api/playlists/${playlistId}/export`);
    expect(m3u.status).toBe(200);
    expect(m3u.headers.get('content-type')).toMatch(/^audio\/x-mpegurl/);
    expect(m3u.headers.get('content-disposition')).toContain('filename="Road trip.m3u8"');
    const text = await m3u.text();
    expect(text.split('\n').slice(0, 3)).toEqual(['#EXTM3U', '#PLAYLIST:Road / trip', '#EXTINF:2,Polina - Rock & Roll <live>']);
    const locations = text.split('\n').filter((line) => line && !line.startsWith('#'));
    expect(locations).toHaveLength(3);
    for (const location of locations) expect(location).toMatch(new RegExp(`^${t.baseUrl}/media/`));
    // Each is the audio itself, with no session.
    for (const location of locations) {
      const audio = await fetch(location);
      expect(audio.status).toBe(200);
      expect(audio.headers.get('content-type')).toMatch(/^audio\//);
    }
    expect(text).not.toContain('/track/');

    const xspf = await owner.request('GET', `/api/playlists/${playlistId}/export?format=xspf`);
    expect(xspf.headers.get('content-type')).toMatch(/^application\/xspf\+xml/);
    const xml = await xspf.text();
    expect(xml).toContain('<title>Rock &amp; Roll &lt;live&gt;</title>');
    expect(xml.match(/<track>/g)).toHaveLength(3);
    // The track page is named too, as the entry's <info>.
    expect(xml).toContain(`<info>${t.baseUrl}/track/${ids.krovi}</info>`);

    expect((await other.request('GET', `/api/playlists/${playlistId}/export`)).status).toBe(404);
    expect((await owner.request('GET', `/api/playlists/${playlistId}/export?format=pls`)).status).toBe(400);
  });

  it('imports an exported file as a new playlist with the same tracks in order', async () => {
    await owner.json('PATCH', `/api/playlists/${playlistId}`, { isPublic: true });
    const file = await (await other.request('GET', `/api/playlists/${playlistId}/export?format=xspf`)).text();
    const imported = await importFile(other, file);
    expect(imported.status).toBe(201);
    const report = (await imported.json()) as Report;
    expect(report).toMatchObject({ format: 'xspf', total: 3, matched: 3, unmatched: [], unmatchedTotal: 0, playlist: { name: 'Road / trip' } });
    expect(await entriesOf(other, report.playlist.id)).toEqual([ids.amp, ids.krovi, ids.cover]);
  });

  it('exports files that Debian\'s mpv plays: it opens and decodes every entry of the M3U8, and of the XSPF given its locations', async () => {
    const m3u = await (await owner.request('GET', `/api/playlists/${playlistId}/export`)).text();
    const expected = m3u.split('\n').filter((line) => line && !line.startsWith('#'));
    const played = await runMpv([`--playlist=${tempFile('Road trip.m3u8', m3u)}`]);
    expect(played.code, played.output).toBe(0);
    expect(played.entries.map((e) => e.playing), played.output).toEqual(expected);
    expect(played.entries.every((e) => e.audioOutput), played.output).toBe(true);

    // mpv has no XSPF reader (it says "Failed to recognize file format"): VLC's format; its locations are what mpv must play.
    const xml = await (await owner.request('GET', `/api/playlists/${playlistId}/export?format=xspf`)).text();
    const doc = new XMLParser({ isArray: (name) => name === 'track' }).parse(xml) as { playlist: { trackList: { track: Array<{ location: string }> } } };
    const locations = doc.playlist.trackList.track.map((track) => track.location);
    expect(locations).toEqual(expected);
    const fromXspf = await runMpv(locations);
    expect(fromXspf.code, fromXspf.output).toBe(0);
    expect(fromXspf.entries.map((e) => e.playing)).toEqual(locations);
    expect(fromXspf.entries.every((e) => e.audioOutput), fromXspf.output).toBe(true);
  });

  it("exports the owner's unlisted track by its secret link (it plays without a session), leaves their private one out, and imports both the new media URLs and the old track-page links", async () => {
    const mp3 = await makeMp3(2);
    const hidden = ((await uploadTrack(owner, mp3, { title: 'Demo Take' })) as { id: string }).id;
    const secretOnly = ((await uploadTrack(owner, mp3, { title: 'Only Mine' })) as { id: string }).id;
    const mine = (await owner.json<Playlist>('POST', '/api/playlists', { name: 'Mine' })).body.id;
    for (const id of [ids.krovi, hidden, secretOnly]) expect((await owner.json('POST', `/api/playlists/${mine}/tracks`, { trackId: id })).status).toBeLessThan(300);
    // Hidden after they were added.
    expect((await owner.json('PATCH', `/api/tracks/${hidden}/visibility`, { visibility: 'unlisted' })).status).toBe(200);
    expect((await owner.json('PATCH', `/api/tracks/${secretOnly}/visibility`, { visibility: 'private' })).status).toBe(200);
    const m3u = await (await owner.request('GET', `/api/playlists/${mine}/export`)).text();
    const locations = m3u.split('\n').filter((line) => line && !line.startsWith('#'));
    expect(locations).toHaveLength(2);
    expect(locations[1]).toMatch(/\?s=[A-Za-z0-9_-]{20,}$/);
    expect(m3u).not.toContain('Only Mine');
    const played = await runMpv([`--playlist=${tempFile('Mine.m3u8', m3u)}`]);
    expect(played.code, played.output).toBe(0);
    expect(played.entries.map((e) => e.playing)).toEqual(locations);
    expect(played.entries.every((e) => e.audioOutput), played.output).toBe(true);

    // Import: a new file (media URLs) and an old one (track pages) both match by link, titles aside.
    const exported = await (await owner.request('GET', `/api/playlists/${playlistId}/export`)).text();
    const renamed = exported.replace(/^#EXTINF:.*$/gm, '#EXTINF:2,Someone - Renamed');
    const fromMedia = (await (await importFile(other, renamed)).json()) as Report;
    expect(fromMedia).toMatchObject({ total: 3, matched: 3 });
    expect(await entriesOf(other, fromMedia.playlist.id)).toEqual([ids.amp, ids.krovi, ids.cover]);
    const old = ['#EXTM3U', '#EXTINF:2,Someone - Renamed', `http://platter.example/track/${ids.cover}`, '#EXTINF:2,Someone - Renamed', `${t.baseUrl}/track/${ids.krovi}`].join('\n');
    const fromPages = (await (await importFile(other, old)).json()) as Report;
    expect(fromPages).toMatchObject({ total: 2, matched: 2 });
    expect(await entriesOf(other, fromPages.playlist.id)).toEqual([ids.cover, ids.krovi]);
  });

  it("matches another player's M3U by title and artist, and reports what did not match and why", async () => {
    const file = [
      '#EXTM3U',
      '#EXTINF:200,KINO - kukushka',
      '/music/kino/kukushka.mp3',
      '#EXTINF:180,Nobody - Not Here',
      '/music/nobody.mp3',
      '#EXTINF:210,Someone Else - Gruppa Krovi',
      '/music/other.mp3',
      'Kino - Gruppa Krovi.flac',
      'https://radio.example/stream',
    ].join('\r\n');
    const imported = await importFile(other, file, '?name=From%20my%20phone');
    expect(imported.status).toBe(201);
    const report = (await imported.json()) as Report;
    expect(report).toMatchObject({ format: 'm3u8', total: 5, matched: 2, unmatchedTotal: 3, playlist: { name: 'From my phone' } });
    expect(report.unmatched).toEqual([
      { position: 2, title: 'Not Here', artist: 'Nobody', location: '/music/nobody.mp3', reason: 'not_found' },
      { position: 3, title: 'Gruppa Krovi', artist: 'Someone Else', location: '/music/other.mp3', reason: 'artist_differs' },
      { position: 5, title: null, artist: null, location: 'https://radio.example/stream', reason: 'no_title' },
    ]);
    // Kino's Kukushka, not Polina's, in the file's order.
    expect(await entriesOf(other, report.playlist.id)).toEqual([ids.kukushka, ids.krovi]);
  });

  it('refuses what it cannot use, with a reason, and makes no playlist then', async () => {
    const before = (await other.json<{ items: Playlist[] }>('GET', '/api/playlists')).body.items.length;
    const none = await importFile(other, '#EXTM3U\n#EXTINF:1,Nobody - Nothing\nx.mp3\n');
    expect(none.status).toBe(400);
    expect(((await none.json()) as { message: string }).message).toMatch(/None of the 1 tracks/);
    const broken = await importFile(other, '<playlist><trackList><track></playlist>');
    expect(broken.status).toBe(400);
    expect(((await broken.json()) as { message: string }).message).toMatch(/well-formed/);
    const huge = await importFile(other, `#EXTM3U\n${'a.mp3\n'.repeat(400_000)}`);
    expect(huge.status).toBe(413);
    const notUtf8 = await other.request('POST', '/api/playlists/import', { body: Buffer.from([0x23, 0x45, 0xff, 0xfe, 0x0a]), headers: { 'content-type': 'audio/x-mpegurl' } });
    expect(notUtf8.status).toBe(400);
    const binary = await other.request('POST', '/api/playlists/import', { body: Buffer.alloc(4096), headers: { 'content-type': 'application/octet-stream' } });
    expect(binary.status).toBe(400);
    expect(((await binary.json()) as { message: string }).message).toMatch(/binary data/);
    expect((await other.json<{ items: Playlist[] }>('GET', '/api/playlists')).body.items.length).toBe(before);
    expect((await new Client(t.baseUrl).request('POST', '/api/playlists/import', { body: '#EXTM3U\n', headers: { 'content-type': 'audio/x-mpegurl' } })).status).toBe(401);
  });
});
