import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeMp3 } from './support/audio-fixtures.js';
import { Client } from './support/http-client.js';
import { makePng } from './support/images.js';
import { type TestApp, dialect, startTestApp } from './support/test-app.js';
import { uploadTrack } from './support/uploads.js';

const ADMIN_EMAIL = 'label-admin@platter.test';

type Track = { id: string; title: string; duration: number | null; tags?: string[]; release?: { id: string; title: string; image: string | null } | null };
type Release = {
  id: string;
  title: string;
  type: string;
  artistId: string;
  artist: string;
  image: string | null;
  releaseDate: string;
  trackCount: number;
  durationSeconds: number;
  likes: number;
  description: string;
  tracks: Track[];
  liked: boolean;
  canEdit: boolean;
};
type TrackList = { items: Track[]; total: number; totalCapped?: boolean; page: number; pageSize: number };

describe(`releases and tags (${dialect})`, () => {
  let t: TestApp;
  let artist: Client;
  let other: Client;
  let admin: Client;
  let anonymous: Client;
  let mp3: Buffer;
  let artistId: string;

  beforeAll(async () => {
    t = await startTestApp({ ADMIN_EMAILS: ADMIN_EMAIL });
    artist = new Client(t.baseUrl);
    other = new Client(t.baseUrl);
    admin = new Client(t.baseUrl);
    anonymous = new Client(t.baseUrl);
    await artist.signUp('Label Artist');
    await other.signUp('Someone Else');
    await admin.signUp('Label Admin', ADMIN_EMAIL);
    artistId = (await artist.json<{ profile: { id: string } }>('GET', '/api/me')).body.profile.id;
    mp3 = await makeMp3(2);
  });
  afterAll(() => t.close());

  const upload = (client: Client, title: string, tags?: string[]) => uploadTrack(client, mp3, { title, ...(tags ? { tags } : {}) } as { title: string }) as unknown as Promise<Track>;
  const create = async (client: Client, body: Record<string, unknown>) => client.json<Release>('POST', '/api/releases', body);
  const titles = (r: { tracks: Track[] }) => r.tracks.map((x) => x.title);
  const sum = (tracks: Track[]) => tracks.reduce((s, x) => s + (x.duration ?? 0), 0);

  it('makes an EP of several files uploaded at once, in order, with counters, a page and the album on each track', async () => {
    const files = await Promise.all(['Intro', 'Middle', 'Outro'].map((title) => upload(artist, title)));
    const created = await create(artist, { title: 'First EP', type: 'ep', releaseDate: '2026-11-20', description: 'Three songs', trackIds: files.map((f) => f.id) });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ title: 'First EP', type: 'ep', releaseDate: '2026-11-20', description: 'Three songs', trackCount: 3, artistId, artist: 'Label Artist', canEdit: true, liked: false });
    expect(titles(created.body)).toEqual(['Intro', 'Middle', 'Outro']);
    expect(created.body.durationSeconds).toBeCloseTo(sum(files), 3);
    expect(created.body.durationSeconds).toBeGreaterThan(5);

    const page = await anonymous.json<Release>('GET', `/api/releases/${created.body.id}`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ id: created.body.id, trackCount: 3, canEdit: false });
    expect(titles(page.body)).toEqual(['Intro', 'Middle', 'Outro']);
    const track = await anonymous.json<Track>('GET', `/api/tracks/${files[0]!.id}`);
    expect(track.body.release).toEqual({ id: created.body.id, title: 'First EP', image: null });

    const listed = await anonymous.json<{ items: Release[] }>('GET', `/api/artists/${artistId}/releases`);
    expect(listed.body.items.map((r) => r.id)).toContain(created.body.id);
  });

  it('gathers existing tracks, reorders, adds and removes them, keeping the counters right', async () => {
    const [a, b, c, d] = [await upload(artist, 'Alpha'), await upload(artist, 'Beta'), await upload(artist, 'Gamma'), await upload(artist, 'Delta')];
    const created = (await create(artist, { title: 'Gathered', type: 'album', trackIds: [a!.id, b!.id] })).body;
    expect(created.releaseDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const reordered = await artist.json<Release>('PUT', `/api/releases/${created.id}/tracks`, { trackIds: [c!.id, b!.id, a!.id, d!.id] });
    expect(reordered.status).toBe(200);
    expect(titles(reordered.body)).toEqual(['Gamma', 'Beta', 'Alpha', 'Delta']);
    expect(reordered.body.trackCount).toBe(4);
    const removed = await artist.json<Release>('PUT', `/api/releases/${created.id}/tracks`, { trackIds: [d!.id, a!.id] });
    expect(titles(removed.body)).toEqual(['Delta', 'Alpha']);
    expect(removed.body.trackCount).toBe(2);
    expect(removed.body.durationSeconds).toBeCloseTo(sum([a!, d!]), 3);
    // A track taken off stays, as a single.
    expect((await anonymous.json<Track>('GET', `/api/tracks/${b!.id}`)).body.release).toBeNull();

    // A track is on one release at most; a release holds only the artist's own tracks.
    const taken = await create(artist, { title: 'Again', type: 'single', trackIds: [a!.id] });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ error: 'track_on_other_release' });
    const foreign = await upload(other, 'Not yours');
    const stolen = await artist.json<{ error: string; message: string }>('PUT', `/api/releases/${created.id}/tracks`, { trackIds: [foreign.id] });
    expect(stolen.status).toBe(403);
    expect(stolen.body.message).toMatch(/own tracks/);

    // Deleting a track of the release moves the counters and closes the gap.
    expect((await artist.request('DELETE', `/api/tracks/${d!.id}`)).status).toBe(204);
    const after = (await artist.json<Release>('GET', `/api/releases/${created.id}`)).body;
    expect(titles(after)).toEqual(['Alpha']);
    expect(after.trackCount).toBe(1);
    expect(after.durationSeconds).toBeCloseTo(a!.duration ?? 0, 3);
  });

  it('edits and covers a release; only its artist may, and bad input is a clear 400', async () => {
    const track = await upload(artist, 'Edit me');
    const created = (await create(artist, { title: 'Draft', type: 'single', trackIds: [track.id] })).body;
    const edited = await artist.json<Release>('PATCH', `/api/releases/${created.id}`, { title: 'Final', type: 'ep', releaseDate: '2025-01-31', description: 'Done' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ title: 'Final', type: 'ep', releaseDate: '2025-01-31', description: 'Done' });
    expect((await anonymous.json<Track>('GET', `/api/tracks/${track.id}`)).body.release?.title).toBe('Final');

    const cover = await artist.request('PUT', `/api/releases/${created.id}/cover`, { body: new Uint8Array(await makePng(64, 64)), headers: { 'content-type': 'image/png' } });
    expect(cover.status).toBe(200);
    const covered = (await cover.json()) as Release;
    expect(covered.image).toMatch(/^\/media\/images\//);
    expect((await anonymous.request('GET', covered.image!)).status).toBe(200);
    // Issue 29: its track, without a cover of its own, shows the release's wherever a track cover shows.
    const coveredTrack = (await anonymous.json<Track & { image: string | null }>('GET', `/api/tracks/${track.id}`)).body;
    expect(coveredTrack.image).toBe(covered.image);
    expect((await anonymous.json<Release & { tracks: Array<{ image: string | null }> }>('GET', `/api/releases/${created.id}`)).body.tracks[0]?.image).toBe(covered.image);

    for (const [client, expected] of [
      [other, 403],
      [admin, 403],
      [anonymous, 401],
    ] as const) {
      const res = await client.json<{ error: string; message: string }>('PATCH', `/api/releases/${created.id}`, { title: 'Hijacked' });
      expect(res.status).toBe(expected);
      expect(res.body.message).toBeTruthy();
    }
    const badType = await artist.json<{ error: string; message: string }>('PATCH', `/api/releases/${created.id}`, { type: 'mixtape' });
    expect(badType.status).toBe(400);
    expect(badType.body.message).toMatch(/album, ep, single/);
    const badDate = await artist.json<{ message: string }>('POST', '/api/releases', { title: 'X', type: 'album', releaseDate: '2026-13-45', trackIds: [] });
    expect(badDate.status).toBe(400);
    expect((await artist.json<Release>('GET', `/api/releases/${created.id}`)).body.title).toBe('Final');
  });

  it('deletes a release keeping its tracks, or with them when asked; an admin may delete, another user may not', async () => {
    const [a, b] = [await upload(artist, 'Keep A'), await upload(artist, 'Keep B')];
    const kept = (await create(artist, { title: 'Short lived', type: 'ep', trackIds: [a!.id, b!.id] })).body;
    expect((await other.request('DELETE', `/api/releases/${kept.id}`)).status).toBe(403);
    expect((await artist.request('DELETE', `/api/releases/${kept.id}`)).status).toBe(204);
    expect((await anonymous.request('GET', `/api/releases/${kept.id}`)).status).toBe(404);
    const stays = await anonymous.json<Track>('GET', `/api/tracks/${a!.id}`);
    expect(stays.status).toBe(200);
    expect(stays.body.release).toBeNull();

    const [c, d] = [await upload(artist, 'Gone C'), await upload(artist, 'Gone D')];
    const doomed = (await create(artist, { title: 'Doomed', type: 'ep', trackIds: [c!.id, d!.id] })).body;
    const tracksBefore = (await anonymous.json<{ tracks: number }>('GET', `/api/profiles/${artistId}`)).body.tracks;
    expect((await admin.request('DELETE', `/api/releases/${doomed.id}?deleteTracks=true`)).status).toBe(204);
    expect((await anonymous.request('GET', `/api/tracks/${c!.id}`)).status).toBe(404);
    expect((await anonymous.request('GET', `/api/tracks/${d!.id}`)).status).toBe(404);
    expect((await anonymous.json<{ tracks: number }>('GET', `/api/profiles/${artistId}`)).body.tracks).toBe(tracksBefore - 2);
  });

  it('lists a release only while it has a visible track; its page shows hidden tracks to the artist and admins only', async () => {
    const [a, b] = [await upload(artist, 'Seen'), await upload(artist, 'Unseen')];
    const release = (await create(artist, { title: 'Half hidden', type: 'ep', trackIds: [a!.id, b!.id] })).body;
    expect((await admin.json('PUT', `/api/admin/tracks/${b!.id}/hidden`, { hidden: true })).status).toBe(200);
    const publicView = (await anonymous.json<Release>('GET', `/api/releases/${release.id}`)).body;
    expect(titles(publicView)).toEqual(['Seen']);
    expect(publicView.trackCount).toBe(1);
    expect(titles((await artist.json<Release>('GET', `/api/releases/${release.id}`)).body)).toEqual(['Seen', 'Unseen']);

    expect((await admin.json('PUT', `/api/admin/tracks/${a!.id}/hidden`, { hidden: true })).status).toBe(200);
    expect((await anonymous.request('GET', `/api/releases/${release.id}`)).status).toBe(404);
    expect((await anonymous.json<{ items: Release[] }>('GET', `/api/artists/${artistId}/releases`)).body.items.map((r) => r.id)).not.toContain(release.id);
    expect((await artist.json<{ items: Release[] }>('GET', '/api/me/releases')).body.items.map((r) => r.id)).toContain(release.id);
    expect((await admin.json('PUT', `/api/admin/tracks/${a!.id}/hidden`, { hidden: false })).status).toBe(200);
    expect((await anonymous.json<Release>('GET', `/api/releases/${release.id}`)).body.trackCount).toBe(1);
  });

  it('likes a release once per listener, with a counter', async () => {
    const track = await upload(artist, 'Lovable');
    const release = (await create(artist, { title: 'Lovable EP', type: 'ep', trackIds: [track.id] })).body;
    expect((await anonymous.request('PUT', `/api/releases/${release.id}/like`)).status).toBe(401);
    expect((await other.json('PUT', `/api/releases/${release.id}/like`)).body).toEqual({ releaseId: release.id, liked: true, likes: 1 });
    expect((await other.json('PUT', `/api/releases/${release.id}/like`)).body).toEqual({ releaseId: release.id, liked: true, likes: 1 });
    expect((await artist.json('PUT', `/api/releases/${release.id}/like`)).body).toMatchObject({ likes: 2 });
    expect((await other.json<Release>('GET', `/api/releases/${release.id}`)).body).toMatchObject({ liked: true, likes: 2 });
    expect((await other.json('DELETE', `/api/releases/${release.id}/like`)).body).toEqual({ releaseId: release.id, liked: false, likes: 1 });
  });

  it('finds albums in search by title and by artist', async () => {
    const track = await upload(artist, 'Searchable');
    const release = (await create(artist, { title: 'Zephyrine Nights', type: 'album', trackIds: [track.id] })).body;
    const byTitle = await anonymous.json<{ albums: Release[] }>('GET', '/api/search?q=zephyrine');
    expect(byTitle.body.albums.map((a) => a.title)).toEqual(['Zephyrine Nights']);
    const byArtist = await anonymous.json<{ albums: Release[] }>('GET', `/api/search?q=${encodeURIComponent('label artist')}`);
    expect(byArtist.body.albums.map((a) => a.id)).toContain(release.id);
  });

  it('normalises tags, refuses a sixth with a clear message, and edits them', async () => {
    const tagged = await upload(artist, 'Tagged', ['  Lo-Fi ', 'NIGHT   drive', 'лето', 'lo-fi']);
    expect(tagged.tags).toEqual(['lo-fi', 'night drive', 'лето']);

    const urls = await artist.json<{ uploadURL: string; fileUrl: string }>('POST', '/api/get-upload-url', { fileName: 'a.mp3', fileType: 'audio/mpeg', fileSize: mp3.length });
    await artist.request('PUT', urls.body.uploadURL, { body: new Uint8Array(mp3), headers: { 'content-type': 'audio/mpeg' } });
    const six = await artist.json<{ error: string; message: string; field?: string }>('POST', '/api/tracks', { title: 'Six', url: urls.body.fileUrl, tags: ['a', 'b', 'c', 'd', 'e', 'f'] });
    expect(six.status).toBe(400);
    expect(six.body.message).toBe('A track can have at most 5 tags besides its genre');
    const badChars = await artist.json<{ message: string }>('POST', '/api/tracks', { title: 'Bad', url: urls.body.fileUrl, tags: ['no#way'] });
    expect(badChars.status).toBe(400);
    expect(badChars.body.message).toMatch(/letters, digits, spaces and hyphens/);
    const tooLong = await artist.json<{ message: string }>('PATCH', `/api/tracks/${tagged.id}`, { tags: ['x'.repeat(31)] });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toMatch(/at most 30/);

    const edited = await artist.json<Track>('PATCH', `/api/tracks/${tagged.id}`, { tags: ['Summer', 'лето'] });
    expect(edited.status).toBe(200);
    expect(edited.body.tags).toEqual(['summer', 'лето']);
    expect((await other.json('PATCH', `/api/tracks/${tagged.id}`, { tags: ['mine'] })).status).toBe(403);
    const page = await anonymous.json<TrackList>('GET', `/api/tags/${encodeURIComponent('lo-fi')}/tracks`);
    expect(page.body.items.map((x) => x.id)).not.toContain(tagged.id);
  });

  it('lists a tag page newest first in pages, and search finds tracks by tag', async () => {
    const made: Track[] = [];
    for (let i = 0; i < 5; i++) made.push(await upload(artist, `Vapor ${i}`, ['Вейпорвейв', 'retro']));
    const hidden = await upload(artist, 'Vapor hidden', ['вейпорвейв']);
    expect((await admin.json('PUT', `/api/admin/tracks/${hidden.id}/hidden`, { hidden: true })).status).toBe(200);
    const tag = encodeURIComponent('вейпорвейв');
    const first = await anonymous.json<TrackList>('GET', `/api/tags/${tag}/tracks?page=1&pageSize=2`);
    expect(first.status).toBe(200);
    expect(first.body.items.map((x) => x.title)).toEqual(['Vapor 4', 'Vapor 3']);
    const third = await anonymous.json<TrackList>('GET', `/api/tags/${tag}/tracks?page=3&pageSize=2`);
    expect(third.body.items.map((x) => x.title)).toEqual(['Vapor 0']);
    expect(first.body.total).toBeGreaterThanOrEqual(5);
    // Same tag spelled another way.
    const upper = await anonymous.json<TrackList>('GET', `/api/tags/${encodeURIComponent(' ВЕЙПОРВЕЙВ ')}/tracks?pageSize=10`);
    expect(upper.body.items.map((x) => x.title)).toEqual(['Vapor 4', 'Vapor 3', 'Vapor 2', 'Vapor 1', 'Vapor 0']);
    const bad = await anonymous.json<{ error: string; message: string }>('GET', `/api/tags/${encodeURIComponent('#!')}/tracks`);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/letters, digits/);

    const found = await anonymous.json<{ tracks: Track[] }>('GET', `/api/search?q=${tag}`);
    expect(found.body.tracks.map((x) => x.title).sort()).toEqual(['Vapor 0', 'Vapor 1', 'Vapor 2', 'Vapor 3', 'Vapor 4']);
    const listed = await anonymous.json<TrackList>('GET', `/api/tracks?q=retro`);
    expect(listed.body.items.length).toBe(5);
  });
});
