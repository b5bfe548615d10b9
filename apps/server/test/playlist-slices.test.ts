import { playlistDetailSchema } from '@platter/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { dialectOf } from '../src/db/dialect.js';
import { makeMp3, withId3Tags } from './support/audio-fixtures.js';
import { makePng } from './support/images.js';
import { Client } from './support/http-client.js';
import { type TestApp, dialect, startTestApp } from './support/test-app.js';
import { uploadTrack } from './support/uploads.js';

type Detail = { id: string; covers: string[]; entries: Array<{ entryId: string; position: number; track: { id: string } }>; page?: unknown };

/**
 * The whole playlist (`GET /api/playlists/:id` without `?page=`) is read and sent a slice of
 * ENTRY_SLICE entries at a time: the same bytes as the answer serialized in one piece, the same
 * statuses, and more than one slice for a playlist longer than one.
 */
/** This engine's slice. */
const ENTRY_SLICE = dialectOf(dialect).settings.playlistEntrySlice;

describe(`a whole playlist in slices (${dialect})`, () => {
  let t: TestApp;
  let owner: Client;
  let ownerId: string;
  let other: Client;
  let covered: string;
  /** The long playlist's tracks, place by place. */
  const trackOrder: string[] = [];
  const plain: string[] = [];
  /** A private playlist of 2 × ENTRY_SLICE + 57 entries (and one more, added by the API), with an invite link. */
  let long: { id: string; invite: string; size: number };

  beforeAll(async () => {
    t = await startTestApp();
    owner = new Client(t.baseUrl);
    other = new Client(t.baseUrl);
    ownerId = (await owner.signUp('Owner')).id;
    await other.signUp('Other');
    const mp3 = await makeMp3(1);
    for (const title of ['One', 'Two', 'Three']) plain.push((await uploadTrack(owner, mp3, { title })).id);
    covered = (await uploadTrack(owner, withId3Tags(mp3, { cover: await makePng(40, 40) }), { title: 'Covered' })).id;
    // The uploads' processing done, so no track changes between the answers compared below.
    await t.context.jobs.idle(60_000);

    // One, Two, Three, Covered, One, … in one transaction (what an import does), then one more by the API.
    const order = [...plain, covered];
    const entries = Array.from({ length: 2 * ENTRY_SLICE + 57 }, (_, i) => ({ id: order[i % order.length] as string, duration: 1 }));
    trackOrder.push(...entries.map((e) => e.id), covered);
    const created = await t.context.services.playlists.createWith(ownerId, 'Long', entries);
    expect((await owner.json('POST', `/api/playlists/${created.id}/tracks`, { trackId: covered })).status).toBe(200);
    const invite = await owner.json<{ invite: string }>('POST', `/api/playlists/${created.id}/invite`);
    long = { id: created.id, invite: invite.body.invite, size: entries.length + 1 };
  });
  afterAll(() => t.close());

  /** What the route answered before it streamed: the service's whole detail through Fastify's zod serializer. */
  const serializedAtOnce = async (viewerId: string | undefined, id: string, invite?: string) =>
    JSON.stringify(z.encode(playlistDetailSchema, await t.context.services.playlists.get(viewerId, id, invite === undefined ? {} : { invite })));

  it('answers the same bytes as the answer serialized at once, read in slices of ENTRY_SLICE', async () => {
    // A hidden track in every slice: its entries are left out, so slices hold fewer than ENTRY_SLICE.
    await t.context.database.db.updateTable('tracks').set({ hidden: 1 }).where('id', '=', plain[1] as string).execute();
    const reads = vi.spyOn(t.context.repositories.tracks, 'getManyVisible');
    try {
      const response = await owner.get(`/api/playlists/${long.id}`);
      const text = await response.text();
      const sliceSizes = reads.mock.calls.map(([ids]) => ids.length);
      reads.mockClear();
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
      // Sent as it was read: no length known up front.
      expect(response.headers.get('content-length')).toBeNull();
      expect(response.headers.get('transfer-encoding')).toBe('chunked');
      // The places the covers come from (the first 50) before anything is sent, then slices of ENTRY_SLICE.
      const rest = long.size - 50;
      expect(sliceSizes).toEqual([50, ...Array.from({ length: Math.ceil(rest / ENTRY_SLICE) }, (_, i) => Math.min(ENTRY_SLICE, rest - i * ENTRY_SLICE))]);
      expect(sliceSizes.length).toBeGreaterThan(3);
      expect(text).toBe(await serializedAtOnce(ownerId, long.id));

      const body = JSON.parse(text) as Detail;
      const shown = trackOrder.flatMap((id, position) => (id === plain[1] ? [] : [[position, id]]));
      expect(body.entries.map((e) => [e.position, e.track.id])).toEqual(shown);
      expect(body.covers).toHaveLength(4);
      // The same entries as the pages of the playlist, one after the other.
      const pages: Detail['entries'] = [];
      for (let page = 1; page <= Math.ceil(long.size / 500); page++) pages.push(...(await owner.json<Detail>('GET', `/api/playlists/${long.id}?page=${page}&pageSize=500`)).body.entries);
      expect(body.entries).toEqual(pages);
    } finally {
      reads.mockRestore();
      await t.context.database.db.updateTable('tracks').set({ hidden: 0 }).where('id', '=', plain[1] as string).execute();
    }
  });

  it('answers each reader the same bytes as before: an invite holder, a collaborator and the owner, anyone for a public playlist', async () => {
    const byInvite = await other.get(`/api/playlists/${long.id}?invite=${long.invite}`);
    expect(byInvite.status).toBe(200);
    expect(await byInvite.text()).toBe(await serializedAtOnce(undefined, long.id, long.invite));

    const member = new Client(t.baseUrl);
    const memberId = (await member.signUp('Member')).id;
    expect((await member.json('POST', `/api/playlists/${long.id}/collaborators`, { invite: long.invite })).status).toBe(200);
    for (const [client, id] of [
      [member, memberId],
      [owner, ownerId],
    ] as const) {
      const text = await (await client.get(`/api/playlists/${long.id}`)).text();
      expect(text).toBe(await serializedAtOnce(id, long.id));
      expect(JSON.parse(text)).toMatchObject({ collaborative: true, collaborators: [{ id: memberId, name: 'Member' }] });
    }

    const small = (await owner.json<{ id: string }>('POST', '/api/playlists', { name: 'Small' })).body;
    await owner.json('POST', `/api/playlists/${small.id}/tracks`, { trackId: covered });
    await owner.json('PATCH', `/api/playlists/${small.id}`, { isPublic: true });
    const anon = await new Client(t.baseUrl).get(`/api/playlists/${small.id}`);
    expect(anon.status).toBe(200);
    expect(anon.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await anon.text()).toBe(await serializedAtOnce(undefined, small.id));
    const head = await new Client(t.baseUrl).request('HEAD', `/api/playlists/${small.id}`);
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('application/json; charset=utf-8');

    const empty = (await owner.json<{ id: string }>('POST', '/api/playlists', { name: 'Empty' })).body;
    const none = await owner.get(`/api/playlists/${empty.id}`);
    expect(await none.text()).toBe(await serializedAtOnce(ownerId, empty.id));
  });

  it('answers a change asked without ?page= with the whole playlist after it, streamed in slices like GET', async () => {
    const reads = vi.spyOn(t.context.repositories.tracks, 'getManyVisible');
    /** The answer of a change: streamed, more than one slice read after the change, and the bytes GET sends after it. */
    const expectWhole = async (response: Response, viewerId: string) => {
      const text = await response.text();
      expect(response.status, text).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(response.headers.get('transfer-encoding')).toBe('chunked');
      expect(reads.mock.calls.filter(([ids]) => ids.length === ENTRY_SLICE).length).toBeGreaterThan(1);
      reads.mockClear();
      expect(text).toBe(await serializedAtOnce(viewerId, long.id));
      return JSON.parse(text) as Detail;
    };
    try {
      const added = await expectWhole(await owner.request('POST', `/api/playlists/${long.id}/tracks`, { json: { trackId: plain[0] } }), ownerId);
      expect(added.entries.at(-1)?.track.id).toBe(plain[0]);
      expect(added.page).toBeUndefined();
      const last = added.entries.at(-1) as Detail['entries'][number];

      const moved = await expectWhole(await owner.request('PUT', `/api/playlists/${long.id}/tracks/${last.entryId}/position`, { json: { position: 0 } }), ownerId);
      expect(moved.entries[0]?.entryId).toBe(last.entryId);

      const order = [...moved.entries.slice(1), moved.entries[0]].map((e) => e?.entryId);
      const reordered = await expectWhole(await owner.request('PUT', `/api/playlists/${long.id}/order`, { json: { entryIds: order } }), ownerId);
      expect(reordered.entries.map((e) => e.entryId)).toEqual(order);

      const removed = await expectWhole(await owner.request('DELETE', `/api/playlists/${long.id}/tracks/${last.entryId}`), ownerId);
      expect(removed.entries.map((e) => e.entryId)).not.toContain(last.entryId);
      expect(removed.entries).toHaveLength(reordered.entries.length - 1);

      await expectWhole(await owner.request('DELETE', `/api/playlists/${long.id}/cover`), ownerId);

      const joiner = new Client(t.baseUrl);
      const joinerId = (await joiner.signUp('Joiner')).id;
      const joined = await expectWhole(await joiner.request('POST', `/api/playlists/${long.id}/collaborators`, { json: { invite: long.invite } }), joinerId);
      expect(joined.entries).toHaveLength(removed.entries.length);

      // With a page, a change answers that page, as before.
      const paged = await owner.json<Detail>('POST', `/api/playlists/${long.id}/tracks?page=2&pageSize=10`, { trackId: plain[2] });
      expect(paged.status).toBe(200);
      expect(paged.body.page).toMatchObject({ number: 2, size: 10 });
      expect(paged.body.entries).toHaveLength(10);
    } finally {
      reads.mockRestore();
    }
  });

  it('still answers 404 for a missing or someone else’s private playlist, and 400 for a bad query, before anything is read', async () => {
    const reads = vi.spyOn(t.context.repositories.playlists, 'entries');
    try {
      for (const [client, path] of [
        [other, `/api/playlists/${long.id}`],
        [new Client(t.baseUrl), `/api/playlists/${long.id}`],
        [other, `/api/playlists/${long.id}?invite=wrong-token`],
        [owner, '/api/playlists/no-such-playlist'],
      ] as const) {
        const refused = await client.json<{ error: string; message: string }>('GET', path);
        expect(refused.status, path).toBe(404);
        expect(refused.body).toEqual({ error: 'playlist_not_found', message: 'This playlist does not exist, or it is private.' });
      }
      const bad = await owner.json<{ error: string }>('GET', `/api/playlists/${long.id}?invite=`);
      expect(bad.status).toBe(400);
      expect(reads).not.toHaveBeenCalled();
    } finally {
      reads.mockRestore();
    }
  });
});
