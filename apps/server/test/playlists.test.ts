import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeMp3, withId3Tags } from './support/audio-fixtures.js';
import { imageInfo, makePng } from './support/images.js';
import { Client } from './support/http-client.js';
import { openEventStream } from './support/sse.js';
import { type TestApp, dialect, startTestApp } from './support/test-app.js';
import { uploadTrack } from './support/uploads.js';
import { up as numberPlaylistPlaces } from '../src/db/migrations/2026-11-25T10-00_playlist-places.js';
import { up as addPlaylistLength } from '../src/db/migrations/2026-11-25T10-30_playlist-length.js';

type Playlist = { id: string; name: string; ownerId: string; isPublic: boolean; trackCount: number; covers?: string[]; image: string | null };
type Detail = Playlist & {
  entries: Array<{ entryId: string; position: number; track: { id: string; title: string; duration: number | null } }>;
  durationSeconds: number;
  page?: { number: number; size: number; pages: number };
};

describe(`playlists (${dialect})`, () => {
  let t: TestApp;
  let owner: Client;
  let other: Client;
  const trackIds: string[] = [];

  beforeAll(async () => {
    t = await startTestApp();
    owner = new Client(t.baseUrl);
    other = new Client(t.baseUrl);
    await owner.signUp('Owner');
    await other.signUp('Other');
    const mp3 = await makeMp3(1);
    for (const title of ['One', 'Two', 'Three']) trackIds.push((await uploadTrack(owner, mp3, { title })).id);
  });
  afterAll(() => t.close());

  const create = async (name: string) => {
    const created = await owner.json<Playlist>('POST', '/api/playlists', { name });
    expect(created.status).toBe(201);
    return created.body;
  };
  const titles = (d: Detail) => d.entries.map((e) => e.track.title);

  it('lists each playlist with the covers of its first four tracks that have one, in play order', async () => {
    const mp3 = await makeMp3(1);
    const covered: Array<{ id: string; image: string }> = [];
    for (let i = 0; i < 5; i++) covered.push((await uploadTrack(owner, withId3Tags(mp3, { cover: await makePng(40 + i, 40) }), { title: `Cover ${i}` })) as unknown as { id: string; image: string });
    const p = await create('Mosaic');
    // A track without a cover first, then five with: the mosaic skips the bare one and stops at four.
    for (const id of [trackIds[0] as string, ...covered.map((c) => c.id).reverse()]) await owner.json('POST', `/api/playlists/${p.id}/tracks`, { trackId: id });
    const expected = covered.map((c) => c.image).reverse().slice(0, 4);
    const listed = (await owner.json<{ items: Array<Playlist & { covers: string[] }> }>('GET', '/api/playlists')).body.items.find((i) => i.id === p.id);
    expect(listed?.covers).toEqual(expected);
    expect((await owner.json<{ covers: string[] }>('GET', `/api/playlists/${p.id}`)).body.covers).toEqual(expected);
    expect((await create('Empty')).covers).toEqual([]);
  });

  it('gives a playlist its own cover (a 600×600 WebP) that wins over the mosaic, replaces and removes it, deleting old files', async () => {
    const mp3 = await makeMp3(1);
    const covered = (await uploadTrack(owner, withId3Tags(mp3, { cover: await makePng(50, 50) }), { title: 'Covered' })) as unknown as { id: string; image: string };
    const p = await create('Own cover');
    expect(p.image).toBeNull();
    await owner.json('POST', `/api/playlists/${p.id}/tracks`, { trackId: covered.id });
    const put = (body: Uint8Array | string, client = owner) => client.request('PUT', `/api/playlists/${p.id}/cover`, { body, headers: { 'content-type': 'image/png' } });
    const keyOf = (url: string) => decodeURIComponent(url.replace('/media/', ''));

    const set = await put(new Uint8Array(await makePng(900, 500)));
    expect(set.status).toBe(200);
    const first = ((await set.json()) as Detail).image as string;
    expect(first).toMatch(/^\/media\/images\//);
    const file = await owner.get(first);
    expect(file.headers.get('content-type')).toBe('image/webp');
    expect(await imageInfo(Buffer.from(await file.arrayBuffer()))).toEqual({ width: 600, height: 600, format: 'webp' });
    // The own cover is on the list and the detail; the mosaic is still sent alongside it.
    const listed = (await owner.json<{ items: Playlist[] }>('GET', '/api/playlists')).body.items.find((i) => i.id === p.id);
    expect(listed).toMatchObject({ image: first, covers: [covered.image] });
    expect((await owner.json<Detail>('GET', `/api/playlists/${p.id}`)).body.image).toBe(first);

    const replaced = ((await (await put(new Uint8Array(await makePng(64, 64)))).json()) as Detail).image as string;
    expect(replaced).not.toBe(first);
    expect(await t.context.storage.stat(keyOf(first))).toBeUndefined();

    const removed = await owner.json<Detail>('DELETE', `/api/playlists/${p.id}/cover`);
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ image: null, covers: [covered.image] });
    expect(await t.context.storage.stat(keyOf(replaced))).toBeUndefined();
    expect((await owner.json<Detail>('DELETE', `/api/playlists/${p.id}/cover`)).status).toBe(200);

    // Deleting the playlist deletes its cover file.
    const last = ((await (await put(new Uint8Array(await makePng(64, 64)))).json()) as Detail).image as string;
    expect(await t.context.storage.stat(keyOf(last))).toBeDefined();
    expect((await owner.request('DELETE', `/api/playlists/${p.id}`)).status).toBe(204);
    expect(await t.context.storage.stat(keyOf(last))).toBeUndefined();
  });

  it('refuses a playlist cover that is not an image (415) or too large (413), keeping the old one', async () => {
    const p = await create('Picky');
    const put = (body: Uint8Array | string) => owner.request('PUT', `/api/playlists/${p.id}/cover`, { body, headers: { 'content-type': 'image/png' } });
    const good = ((await (await put(new Uint8Array(await makePng(64, 64)))).json()) as Detail).image;
    const text = await put('hello');
    expect(text.status).toBe(415);
    expect(((await text.json()) as { message: string }).message).toMatch(/not an image.*JPEG, PNG, WebP, GIF or AVIF/);
    const huge = await put(new Uint8Array(Buffer.concat([await makePng(64, 64), Buffer.alloc(9 * 1024 * 1024)])));
    expect(huge.status).toBe(413);
    expect(((await huge.json()) as { message: string }).message).toBe('The image is larger than 8 MB. Choose a smaller one.');
    expect((await owner.json<Detail>('GET', `/api/playlists/${p.id}`)).body.image).toBe(good);
  });

  it('creates, lists, renames and deletes, with a trimmed non-empty name', async () => {
    const p = await create('  Road trip  ');
    expect(p).toMatchObject({ name: 'Road trip', isPublic: false, trackCount: 0 });
    expect((await owner.json<{ items: Playlist[] }>('GET', '/api/playlists')).body.items.map((i) => i.name)).toContain('Road trip');
    const blank = await owner.json<{ message: string }>('POST', '/api/playlists', { name: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toContain('Playlist name is required');
    expect((await owner.json('PATCH', `/api/playlists/${p.id}`, { name: '  ' })).status).toBe(400);
    expect((await owner.json<Playlist>('PATCH', `/api/playlists/${p.id}`, { name: 'Night drive' })).body.name).toBe('Night drive');
    expect((await owner.request('DELETE', `/api/playlists/${p.id}`)).status).toBe(204);
    expect((await owner.json('GET', `/api/playlists/${p.id}`)).status).toBe(404);
  });

  it('adds, orders, reorders and removes tracks, keeping the count on the row', async () => {
    const p = await create('Mix');
    for (const id of [trackIds[0], trackIds[1], trackIds[0]]) await owner.json('POST', `/api/playlists/${p.id}/tracks`, { trackId: id });
    let detail = (await owner.json<Detail>('GET', `/api/playlists/${p.id}`)).body;
    expect(titles(detail)).toEqual(['One', 'Two', 'One']);
    expect(detail.trackCount).toBe(3);
    const [a, b, c] = detail.entries.map((e) => e.entryId);
    detail = (await owner.json<Detail>('PUT', `/api/playlists/${p.id}/order`, { entryIds: [c, a, b] })).body;
    expect(titles(detail)).toEqual(['One', 'One', 'Two']);
    expect((await owner.json('PUT', `/api/playlists/${p.id}/order`, { entryIds: [a, b] })).status).toBe(400);
    detail = (await owner.json<Detail>('DELETE', `/api/playlists/${p.id}/tracks/${a}`)).body;
    expect(detail.entries.map((e) => e.entryId)).toEqual([c, b]);
    expect(detail.trackCount).toBe(2);
    expect((await owner.json('DELETE', `/api/playlists/${p.id}/tracks/${a}`)).status).toBe(404);
    expect((await owner.json('POST', `/api/playlists/${p.id}/tracks`, { trackId: 'no-such-track' })).status).toBe(404);
  });

  it('answers one page of a long playlist by place, and moves one entry without sending the whole order', async () => {
    const p = await create('Long');
    // Seven entries: One Two Three One Two Three One.
    for (let i = 0; i < 7; i++) await owner.json('POST', `/api/playlists/${p.id}/tracks`, { trackId: trackIds[i % 3] });
    const all = (await owner.json<Detail>('GET', `/api/playlists/${p.id}`)).body;
    expect(all.page).toBeUndefined();
    expect(all.entries.map((e) => e.position)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    const seconds = all.entries.reduce((sum, e) => sum + (e.track.duration ?? 0), 0);
    expect(seconds).toBeGreaterThan(6);
    expect(all.durationSeconds).toBeCloseTo(seconds, 6);
    const ids = all.entries.map((e) => e.entryId);

    const page = async (n: number, query = `page=${n}&pageSize=3`) => (await owner.json<Detail>('GET', `/api/playlists/${p.id}?${query}`)).body;
    const second = await page(2);
    expect(second.entries.map((e) => e.entryId)).toEqual(ids.slice(3, 6));
    expect(second.page).toEqual({ number: 2, size: 3, pages: 3 });
    // The header is the whole playlist's, whichever page.
    expect(second).toMatchObject({ trackCount: 7, durationSeconds: all.durationSeconds, covers: all.covers });
    expect((await page(3)).entries.map((e) => e.entryId)).toEqual(ids.slice(6));
    expect((await page(4)).entries).toEqual([]);
    expect((await page(1, 'page=1')).page).toEqual({ number: 1, size: 50, pages: 1 });
    for (const bad of ['page=0', 'page=x', 'pageSize=501', 'pageSize=0']) {
      const refused = await owner.json<{ message: string }>('GET', `/api/playlists/${p.id}?${bad}`);
      expect(refused.status, bad).toBe(400);
      expect(refused.body.message).toBeTruthy();
    }

    // Moving the entry at place 5 to place 1 shifts places 1–4 down one; the answer is the page asked for.
    const move = (entryId: string, position: unknown, client = owner, query = 'page=1&pageSize=3') =>
      client.json<Detail>('PUT', `/api/playlists/${p.id}/tracks/${entryId}/position?${query}`, { position });
    const moved = await move(ids[5]!, 1);
    expect(moved.status).toBe(200);
    expect(moved.body.entries.map((e) => e.entryId)).toEqual([ids[0], ids[5], ids[1]]);
    expect(moved.body.page).toEqual({ number: 1, size: 3, pages: 3 });
    let order = [ids[0], ids[5], ids[1], ids[2], ids[3], ids[4], ids[6]];
    const full = async () => (await owner.json<Detail>('GET', `/api/playlists/${p.id}`)).body.entries;
    expect((await full()).map((e) => e.entryId)).toEqual(order);
    // Down, and past the end (last place).
    await move(ids[0]!, 3);
    order = [ids[5], ids[1], ids[2], ids[0], ids[3], ids[4], ids[6]];
    expect((await full()).map((e) => e.entryId)).toEqual(order);
    await move(ids[1]!, 1000);
    order = [ids[5], ids[2], ids[0], ids[3], ids[4], ids[6], ids[1]];
    expect((await full()).map((e) => e.entryId)).toEqual(order);
    expect((await full()).map((e) => e.position)).toEqual([0, 1, 2, 3, 4, 5, 6]);

    for (const bad of [-1, 1.5, 'first', null]) expect((await move(ids[2]!, bad)).status, String(bad)).toBe(400);
    expect((await move('no-such-entry', 0)).status).toBe(404);
    expect((await move(ids[2]!, 0, other)).status).toBe(404);
    expect((await move(ids[2]!, 0, new Client(t.baseUrl))).status).toBe(401);
    expect((await full()).map((e) => e.entryId)).toEqual(order);

    // Removing an entry moves the ones after it up a place: pages stay full.
    const removed = await owner.json<Detail>('DELETE', `/api/playlists/${p.id}/tracks/${ids[0]}?page=1&pageSize=3`);
    expect(removed.body.entries.map((e) => e.entryId)).toEqual([ids[5], ids[2], ids[3]]);
    order = order.filter((id) => id !== ids[0]);
    expect((await full()).map((e) => [e.entryId, e.position])).toEqual(order.map((id, i) => [id, i]));
    expect((await page(2)).entries.map((e) => e.entryId)).toEqual(order.slice(3, 6));
    // An addition takes the next place.
    const added = await owner.json<Detail>('POST', `/api/playlists/${p.id}/tracks?page=3&pageSize=3`, { trackId: trackIds[1] });
    expect(added.body.entries.map((e) => e.position)).toEqual([6]);
    expect(added.body).toMatchObject({ trackCount: 7, page: { number: 3, size: 3, pages: 3 } });
  });

  it('frees the places of a deleted track’s entries, in every playlist that held it', async () => {
    const mp3 = await makeMp3(1);
    const doomed = (await uploadTrack(owner, mp3, { title: 'Doomed' })).id;
    const p = await create('Holes');
    for (const id of [doomed, trackIds[0], doomed, trackIds[1], doomed]) await owner.json('POST', `/api/playlists/${p.id}/tracks`, { trackId: id });
    expect((await owner.json('DELETE', `/api/tracks/${doomed}`)).status).toBe(204);
    const detail = (await owner.json<Detail>('GET', `/api/playlists/${p.id}?page=1&pageSize=2`)).body;
    expect(detail.entries.map((e) => [e.track.title, e.position])).toEqual([
      ['One', 0],
      ['Two', 1],
    ]);
    expect(detail).toMatchObject({ trackCount: 2, page: { number: 1, size: 2, pages: 1 } });
  });

  it('keeps the length truthful as tracks are added, removed, hidden, shown and deleted', async () => {
    const mp3 = await makeMp3(2);
    const [a, b] = [(await uploadTrack(owner, mp3, { title: 'Long A' })).id, (await uploadTrack(owner, mp3, { title: 'Long B' })).id];
    const p = await create('Lengths');
    for (const id of [a, b, a]) await owner.json('POST', `/api/playlists/${p.id}/tracks`, { trackId: id });
    const detail = async () => (await owner.json<Detail>('GET', `/api/playlists/${p.id}?page=1`)).body;
    const first = await detail();
    const seconds = Object.fromEntries(first.entries.map((e) => [e.track.id, e.track.duration ?? 0]));
    expect(seconds[a]).toBeGreaterThan(1.5);
    expect(first.durationSeconds).toBeCloseTo(2 * seconds[a]! + seconds[b]!, 6);
    const { repositories, database } = t.context;
    const hide = (id: string, hidden: boolean) => database.db.transaction().execute((trx) => repositories.tracks.setHidden(trx, id, hidden));
    await hide(a, true);
    expect((await detail()).durationSeconds).toBeCloseTo(seconds[b]!, 6);
    await hide(a, false);
    expect((await detail()).durationSeconds).toBeCloseTo(2 * seconds[a]! + seconds[b]!, 6);
    await owner.json('DELETE', `/api/playlists/${p.id}/tracks/${first.entries[1]!.entryId}`);
    expect((await detail()).durationSeconds).toBeCloseTo(2 * seconds[a]!, 6);
    // A hidden track's entry removed takes nothing off (its seconds were already off).
    await hide(a, true);
    await owner.json('DELETE', `/api/playlists/${p.id}/tracks/${first.entries[0]!.entryId}`);
    await hide(a, false);
    expect((await detail()).durationSeconds).toBeCloseTo(seconds[a]!, 6);
    expect((await owner.json('DELETE', `/api/tracks/${a}`)).status).toBe(204);
    expect(await detail()).toMatchObject({ trackCount: 0, entries: [] });
    expect((await detail()).durationSeconds).toBeCloseTo(0, 6);
  });

  it('numbers the places of playlists written before places had no gaps, and adds up their lengths (the migrations)', async () => {
    const p = await create('Old');
    for (let i = 0; i < 4; i++) await owner.json('POST', `/api/playlists/${p.id}/tracks`, { trackId: trackIds[i % 3] });
    const { db } = t.context.database;
    const before = (await owner.json<Detail>('GET', `/api/playlists/${p.id}`)).body.entries.map((e) => e.entryId);
    // As earlier code could leave them: gaps from removals, two entries on one place, a wrong counter.
    const old = [3, 7, 7, 20];
    for (const [i, entryId] of before.entries()) await db.updateTable('playlist_tracks').set({ position: old[i]!, added_at: `2026-01-01T00:00:0${i}.000Z` }).where('id', '=', entryId).execute();
    await db.updateTable('playlists').set({ track_count: 9 }).where('id', '=', p.id).execute();
    // The migration adds the length column and fills it in: run it as on a database without it.
    await db.schema.alterTable('playlists').dropColumn('duration_seconds').execute();
    await numberPlaylistPlaces(db);
    await addPlaylistLength(db);
    const after = (await owner.json<Detail>('GET', `/api/playlists/${p.id}`)).body;
    expect(after.entries.map((e) => [e.entryId, e.position])).toEqual(before.map((id, i) => [id, i]));
    expect(after.trackCount).toBe(4);
    expect(after.durationSeconds).toBeCloseTo(after.entries.reduce((sum, e) => sum + (e.track.duration ?? 0), 0), 6);
    expect(after.durationSeconds).toBeGreaterThan(3);
  });

  it('keeps private playlists private and refuses every change by anyone but the owner', async () => {
    const p = await create('Secret');
    await owner.json('POST', `/api/playlists/${p.id}/tracks`, { trackId: trackIds[2] });
    const entryId = (await owner.json<Detail>('GET', `/api/playlists/${p.id}`)).body.entries[0]?.entryId;
    const anon = new Client(t.baseUrl);
    expect((await other.json('GET', `/api/playlists/${p.id}`)).status).toBe(404);
    expect((await anon.json('GET', `/api/playlists/${p.id}`)).status).toBe(404);
    expect((await other.json('PATCH', `/api/playlists/${p.id}`, { name: 'Mine' })).status).toBe(404);
    expect((await other.json('POST', `/api/playlists/${p.id}/tracks`, { trackId: trackIds[0] })).status).toBe(404);
    expect((await other.json('DELETE', `/api/playlists/${p.id}/tracks/${entryId}`)).status).toBe(404);
    expect((await other.json('PUT', `/api/playlists/${p.id}/order`, { entryIds: [entryId] })).status).toBe(404);
    expect((await other.request('DELETE', `/api/playlists/${p.id}`)).status).toBe(404);
    expect((await other.request('PUT', `/api/playlists/${p.id}/cover`, { body: new Uint8Array(await makePng(8, 8)) })).status).toBe(404);
    expect((await other.request('DELETE', `/api/playlists/${p.id}/cover`)).status).toBe(404);
    expect((await anon.request('PUT', `/api/playlists/${p.id}/cover`, { body: new Uint8Array(await makePng(8, 8)) })).status).toBe(401);
    expect((await anon.json('POST', '/api/playlists', { name: 'x' })).status).toBe(401);
    expect((await anon.json('GET', '/api/playlists')).status).toBe(401);
    expect((await anon.request('DELETE', `/api/playlists/${p.id}`)).status).toBe(401);
    // Nothing changed.
    const detail = (await owner.json<Detail>('GET', `/api/playlists/${p.id}`)).body;
    expect(detail).toMatchObject({ name: 'Secret', trackCount: 1, image: null });
    expect((await other.json<{ items: Playlist[] }>('GET', '/api/playlists')).body.items).toEqual([]);
  });

  it('shares a public playlist read-only', async () => {
    const p = await create('Shared');
    await owner.json('POST', `/api/playlists/${p.id}/tracks`, { trackId: trackIds[1] });
    expect((await owner.json<Playlist>('PATCH', `/api/playlists/${p.id}`, { isPublic: true })).body.isPublic).toBe(true);
    const seen = await new Client(t.baseUrl).json<Detail>('GET', `/api/playlists/${p.id}`);
    expect(seen.status).toBe(200);
    expect(titles(seen.body)).toEqual(['Two']);
    expect((await other.json('PATCH', `/api/playlists/${p.id}`, { name: 'Taken' })).status).toBe(404);
    expect((await other.request('PUT', `/api/playlists/${p.id}/cover`, { body: new Uint8Array(await makePng(8, 8)) })).status).toBe(404);
    expect((await other.request('DELETE', `/api/playlists/${p.id}/cover`)).status).toBe(404);
  });

  it('tells the owner’s other sessions about changes, live, and nobody else', async () => {
    const laptop = new Client(t.baseUrl);
    await laptop.request('POST', '/api/auth/sign-in/email', { json: { email: (await owner.json<{ user: { email: string } }>('GET', '/api/me')).body.user.email, password: 'correct-horse-battery' } });
    const ownerStream = await openEventStream(t.baseUrl, laptop.cookieHeader());
    const otherStream = await openEventStream(t.baseUrl, other.cookieHeader());
    const anonStream = await openEventStream(t.baseUrl);
    try {
      const p = await create('Live one');
      await ownerStream.waitFor((e) => e.type === 'playlists.changed' && e.playlistId === p.id);
      await owner.json('PUT', `/api/tracks/${trackIds[0]}/like`);
      await ownerStream.waitFor((e) => e.type === 'likes.changed');
      await anonStream.waitFor((e) => e.type === 'track.stats' && e.trackId === trackIds[0] && e.likes === 1);
      await otherStream.waitFor((e) => e.type === 'track.stats');
      expect(otherStream.events.filter((e) => e.type === 'playlists.changed' || e.type === 'likes.changed')).toEqual([]);
      expect(anonStream.events.filter((e) => e.type === 'playlists.changed' || e.type === 'likes.changed')).toEqual([]);
    } finally {
      await Promise.all([ownerStream.close(), otherStream.close(), anonStream.close()]);
    }
  });
  it('limits playlist changes per listener (120 a minute), not per address shared by many', async () => {
    const [heavy, neighbour] = [new Client(t.baseUrl), new Client(t.baseUrl)];
    await heavy.signUp('Heavy');
    await neighbour.signUp('Neighbour');
    const mine = (await heavy.json<Playlist>('POST', '/api/playlists', { name: 'Busy' })).body;
    const theirs = (await neighbour.json<Playlist>('POST', '/api/playlists', { name: 'Calm' })).body;
    const statuses: number[] = [];
    for (let i = 0; i < 121; i++) statuses.push((await heavy.json('PATCH', `/api/playlists/${mine.id}`, { name: `Busy ${i}` })).status);
    expect(statuses.slice(0, 120).every((status) => status === 200)).toBe(true);
    expect(statuses[120]).toBe(429);
    // Same address, another listener: their own budget.
    expect((await neighbour.json('PATCH', `/api/playlists/${theirs.id}`, { name: 'Calm 2' })).status).toBe(200);
  });
});
