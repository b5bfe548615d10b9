import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SubsonicLibrary } from '../src/routes/subsonic/library.js';
import { SubsonicPlaylists } from '../src/routes/subsonic/playlists.js';
import { subsonicDeps } from '../src/routes/subsonic/subsonic.routes.js';
import { makeMp3 } from './support/audio-fixtures.js';
import { makePng } from './support/images.js';
import { Client } from './support/http-client.js';
import { openEventStream } from './support/sse.js';
import { type TestApp, dialect, startTestApp } from './support/test-app.js';
import { uploadTrack } from './support/uploads.js';

type Person = { id: string; name: string };
type Playlist = { id: string; name: string; ownerId: string; isPublic: boolean; trackCount: number; collaborative?: boolean; role?: 'owner' | 'collaborator' | null };
type Detail = Playlist & {
  entries: Array<{ entryId: string; position: number; track: { id: string; title: string }; addedBy?: Person | null }>;
  collaborators?: Person[];
  invite?: string | null;
};
type Activity = { items: Array<{ kind: string; by: Person | null; track: { id: string; title: string } | null; position: number | null }>; hasMore: boolean };

/** Collaborative playlists: invite links, what collaborators may and may not do, attribution, activity and live events. */
describe(`collaborative playlists (${dialect})`, () => {
  let t: TestApp;
  let owner: Client;
  let collaborator: Client;
  let stranger: Client;
  const me = {} as Record<'owner' | 'collaborator' | 'stranger', string>;
  const trackIds: string[] = [];

  beforeAll(async () => {
    t = await startTestApp();
    [owner, collaborator, stranger] = [new Client(t.baseUrl), new Client(t.baseUrl), new Client(t.baseUrl)];
    me.owner = (await owner.signUp('Olga')).id;
    me.collaborator = (await collaborator.signUp('Boris')).id;
    me.stranger = (await stranger.signUp('Stan')).id;
    const mp3 = await makeMp3(1);
    for (const title of ['One', 'Two', 'Three', 'Four']) trackIds.push((await uploadTrack(owner, mp3, { title })).id);
  });
  afterAll(() => t.close());

  const track = (i: number) => trackIds[i] as string;
  const url = (id: string, rest = '') => `/api/playlists/${id}${rest}`;
  const titles = (d: Detail) => d.entries.map((e) => e.track.title);
  const places = (d: Detail) => d.entries.map((e) => e.position);

  /** A private playlist of the owner's holding One and Two, with an invite link. */
  const shared = async (name = 'Road trip') => {
    const p = (await owner.json<Playlist>('POST', '/api/playlists', { name })).body;
    for (const i of [0, 1]) await owner.json('POST', url(p.id, '/tracks'), { trackId: track(i) });
    const invite = await owner.json<{ invite: string }>('POST', url(p.id, '/invite'));
    expect(invite.status).toBe(200);
    return { id: p.id, invite: invite.body.invite };
  };
  const joined = async (name?: string) => {
    const p = await shared(name);
    expect((await collaborator.json('POST', url(p.id, '/collaborators'), { invite: p.invite })).status).toBe(200);
    return p;
  };

  it('joins a private playlist with its link; the collaborator reads it and finds it among their playlists, marked', async () => {
    const p = await shared();
    expect(p.invite).toMatch(/^[\w-]{32}$/);
    // The owner sees the link (to copy it again); nobody else does.
    expect((await owner.json<Detail>('GET', url(p.id))).body.invite).toBe(p.invite);
    // Before joining, the private playlist does not exist for them, unless they hold the link.
    expect((await collaborator.json('GET', url(p.id))).status).toBe(404);
    const preview = await collaborator.json<Detail>('GET', `${url(p.id)}?invite=${p.invite}`);
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ name: 'Road trip', role: null, invite: null, collaborators: [] });

    const join = await collaborator.json<Detail>('POST', url(p.id, '/collaborators'), { invite: p.invite });
    expect(join.status).toBe(200);
    expect(join.body).toMatchObject({ role: 'collaborator', collaborative: true, invite: null, collaborators: [{ id: me.collaborator, name: 'Boris' }] });
    // Joining twice changes nothing.
    expect((await collaborator.json('POST', url(p.id, '/collaborators'), { invite: p.invite })).status).toBe(200);
    expect((await owner.json<Detail>('GET', url(p.id))).body.collaborators).toEqual([{ id: me.collaborator, name: 'Boris' }]);

    const read = await collaborator.json<Detail>('GET', url(p.id));
    expect(read.status).toBe(200);
    expect(titles(read.body)).toEqual(['One', 'Two']);
    const mine = (await collaborator.json<{ items: Playlist[] }>('GET', '/api/playlists')).body.items;
    expect(mine.find((i) => i.id === p.id)).toMatchObject({ role: 'collaborator', collaborative: true, ownerId: me.owner });
    expect((await owner.json<{ items: Playlist[] }>('GET', '/api/playlists')).body.items.find((i) => i.id === p.id)).toMatchObject({ role: 'owner', collaborative: true });
  });

  it('a stranger without the token (or with a wrong one) neither joins nor reads', async () => {
    const p = await shared();
    // A made-up token, and the real one with its last character changed.
    const nearMiss = `${p.invite.slice(0, -1)}${p.invite.endsWith('x') ? 'y' : 'x'}`;
    for (const invite of ['wrong-token', nearMiss]) {
      const attempt = await stranger.json<{ error: string }>('POST', url(p.id, '/collaborators'), { invite });
      expect(attempt.status).toBe(404);
      expect((await stranger.json('GET', `${url(p.id)}?invite=${invite}`)).status).toBe(404);
    }
    expect((await stranger.json('POST', url(p.id, '/collaborators'), {})).status).toBe(400);
    expect((await stranger.json('POST', url(p.id, '/tracks'), { trackId: track(2) })).status).toBe(404);
    expect((await owner.json<Detail>('GET', url(p.id))).body.collaborators).toEqual([]);
  });

  it('resetting the link kills the old one; turning it off kills every link; collaborators who joined stay', async () => {
    const p = await joined();
    const reset = (await owner.json<{ invite: string }>('POST', url(p.id, '/invite'))).body.invite;
    expect(reset).not.toBe(p.invite);
    expect((await stranger.json('POST', url(p.id, '/collaborators'), { invite: p.invite })).status).toBe(404);
    expect((await stranger.json('GET', `${url(p.id)}?invite=${p.invite}`)).status).toBe(404);
    expect((await owner.json('DELETE', url(p.id, '/invite'))).status).toBe(204);
    expect((await owner.json<Detail>('GET', url(p.id))).body.invite).toBeNull();
    expect((await stranger.json('POST', url(p.id, '/collaborators'), { invite: reset })).status).toBe(404);
    expect((await collaborator.json('GET', url(p.id))).status).toBe(200);
  });

  it('a collaborator adds, removes and moves entries; each entry says who added it', async () => {
    const p = await joined();
    const added = await collaborator.json<Detail>('POST', url(p.id, '/tracks'), { trackId: track(2) });
    expect(added.status).toBe(200);
    expect(titles(added.body)).toEqual(['One', 'Two', 'Three']);
    expect(added.body.entries.map((e) => e.addedBy?.name)).toEqual(['Olga', 'Olga', 'Boris']);

    const three = added.body.entries[2]!.entryId;
    const moved = await collaborator.json<Detail>('PUT', url(p.id, `/tracks/${three}/position`), { position: 0 });
    expect(moved.status).toBe(200);
    expect(titles(moved.body)).toEqual(['Three', 'One', 'Two']);
    const order = [...moved.body.entries].reverse().map((e) => e.entryId);
    expect(titles((await collaborator.json<Detail>('PUT', url(p.id, '/order'), { entryIds: order })).body)).toEqual(['Two', 'One', 'Three']);

    const one = moved.body.entries.find((e) => e.track.title === 'One')!.entryId;
    const removed = await collaborator.json<Detail>('DELETE', url(p.id, `/tracks/${one}`));
    expect(removed.status).toBe(200);
    expect(titles(removed.body)).toEqual(['Two', 'Three']);
    expect(places(removed.body)).toEqual([0, 1]);
    expect(removed.body.trackCount).toBe(2);
  });

  it('a collaborator may not rename, change visibility or cover, delete, invite or remove others', async () => {
    const p = await joined();
    expect((await stranger.json('POST', url(p.id, '/collaborators'), { invite: p.invite })).status).toBe(200);
    const refused = [
      await collaborator.json('PATCH', url(p.id), { name: 'Mine now' }),
      await collaborator.json('PATCH', url(p.id), { isPublic: true }),
      await collaborator.request('PUT', url(p.id, '/cover'), { body: new Uint8Array(await makePng(8, 8)), headers: { 'content-type': 'image/png' } }),
      await collaborator.json('DELETE', url(p.id, '/cover')),
      await collaborator.json('DELETE', url(p.id)),
      await collaborator.json('POST', url(p.id, '/invite')),
      await collaborator.json('DELETE', url(p.id, '/invite')),
      await collaborator.json('DELETE', url(p.id, `/collaborators/${me.stranger}`)),
    ];
    expect(refused.map((r) => r.status)).toEqual(refused.map(() => 403));
    const after = (await owner.json<Detail>('GET', url(p.id))).body;
    expect(after).toMatchObject({ name: 'Road trip', isPublic: false, invite: p.invite });
    expect(after.collaborators?.map((c) => c.name)).toEqual(['Boris', 'Stan']);
  });

  it('the owner removes a collaborator, a collaborator leaves: then it is not theirs to read or change', async () => {
    const p = await joined();
    expect((await stranger.json('POST', url(p.id, '/collaborators'), { invite: p.invite })).status).toBe(200);
    expect((await owner.json('DELETE', url(p.id, `/collaborators/${me.collaborator}`))).status).toBe(204);
    expect((await collaborator.json('GET', url(p.id))).status).toBe(404);
    expect((await collaborator.json('POST', url(p.id, '/tracks'), { trackId: track(2) })).status).toBe(404);
    expect((await collaborator.json<{ items: Playlist[] }>('GET', '/api/playlists')).body.items.some((i) => i.id === p.id)).toBe(false);
    expect((await owner.json('DELETE', url(p.id, `/collaborators/${me.collaborator}`))).status).toBe(404);

    expect((await stranger.json('DELETE', url(p.id, `/collaborators/${me.stranger}`))).status).toBe(204);
    expect((await stranger.json('GET', url(p.id))).status).toBe(404);
    expect((await owner.json<Detail>('GET', url(p.id))).body).toMatchObject({ collaborators: [], collaborative: false });
  });

  it('lists the activity newest first, named, a page at a time; a hidden track stays unnamed', async () => {
    const p = await joined();
    const detail = (await collaborator.json<Detail>('POST', url(p.id, '/tracks'), { trackId: track(3) })).body;
    await owner.json('PUT', url(p.id, `/tracks/${detail.entries[2]!.entryId}/position`), { position: 0 });
    await collaborator.json('DELETE', url(p.id, `/tracks/${detail.entries[0]!.entryId}`));
    const activity = await collaborator.json<Activity>('GET', url(p.id, '/activity'));
    expect(activity.status).toBe(200);
    const summary = activity.body.items.map((i) => `${i.by?.name} ${i.kind} ${i.track?.title ?? '-'}${i.position === null ? '' : ` @${i.position}`}`);
    // The owner's own first two additions are there too, oldest last.
    expect(summary).toEqual(['Boris removed One', 'Olga moved Four @0', 'Boris added Four', 'Boris joined -', 'Olga added Two', 'Olga added One']);
    expect(activity.body.hasMore).toBe(false);
    expect((await stranger.json('GET', url(p.id, '/activity'))).status).toBe(404);

    for (let i = 0; i < 20; i++) await collaborator.json('POST', url(p.id, '/tracks'), { trackId: track(0) });
    const first = (await owner.json<Activity>('GET', url(p.id, '/activity'))).body;
    expect(first.items).toHaveLength(20);
    expect(first.hasMore).toBe(true);
    const second = (await owner.json<Activity>('GET', `${url(p.id, '/activity')}?page=2`)).body;
    expect(second.items.map((i) => i.kind)).toEqual(['removed', 'moved', 'added', 'joined', 'added', 'added']);
    expect(second.hasMore).toBe(false);

    await t.context.database.db.updateTable('tracks').set({ hidden: 1 }).where('id', '=', track(3)).execute();
    try {
      const hidden = (await owner.json<Activity>('GET', `${url(p.id, '/activity')}?page=2`)).body.items.find((i) => i.kind === 'moved');
      expect(hidden).toMatchObject({ by: { name: 'Olga' }, track: null });
    } finally {
      await t.context.database.db.updateTable('tracks').set({ hidden: 0 }).where('id', '=', track(3)).execute();
    }
  });

  it('two members adding at once lose nothing and share no place', async () => {
    const p = await joined();
    const adds = Array.from({ length: 16 }, (_, i) => (i % 2 === 0 ? owner : collaborator).json('POST', url(p.id, '/tracks'), { trackId: track(i % 4) }));
    expect((await Promise.all(adds)).map((r) => r.status)).toEqual(adds.map(() => 200));
    const after = (await owner.json<Detail>('GET', url(p.id))).body;
    expect(after.trackCount).toBe(18);
    expect(places(after)).toEqual(Array.from({ length: 18 }, (_, i) => i));
    expect(after.entries.filter((e) => e.addedBy?.id === me.collaborator)).toHaveLength(8);
  });

  it('tells every member viewing a private playlist about a change, live, and no stranger; a public one’s changes reach everyone', async () => {
    const p = await joined();
    const [ownerStream, collaboratorStream, strangerStream, anonStream] = await Promise.all([
      openEventStream(t.baseUrl, owner.cookieHeader()),
      openEventStream(t.baseUrl, collaborator.cookieHeader()),
      openEventStream(t.baseUrl, stranger.cookieHeader()),
      openEventStream(t.baseUrl),
    ]);
    try {
      await collaborator.json('POST', url(p.id, '/tracks'), { trackId: track(2) });
      await ownerStream.waitFor((e) => e.type === 'playlist.edited' && e.playlistId === p.id);
      await collaboratorStream.waitFor((e) => e.type === 'playlist.edited' && e.playlistId === p.id);
      // The owner's list refreshes too (track count), though the collaborator made the change.
      await ownerStream.waitFor((e) => e.type === 'playlists.changed' && e.playlistId === p.id);

      // A public playlist's edit then reaches everyone: after it, nothing of the private one has.
      const open = await shared('Open house');
      await owner.json('PATCH', url(open.id), { isPublic: true });
      await owner.json('POST', url(open.id, '/tracks'), { trackId: track(3) });
      for (const stream of [strangerStream, anonStream, collaboratorStream]) await stream.waitFor((e) => e.type === 'playlist.edited' && e.playlistId === open.id);
      for (const stream of [strangerStream, anonStream]) {
        expect(stream.events.filter((e) => (e.type === 'playlist.edited' || e.type === 'playlists.changed') && e.playlistId === p.id)).toEqual([]);
      }
    } finally {
      await Promise.all([ownerStream.close(), collaboratorStream.close(), strangerStream.close(), anonStream.close()]);
    }
  });

  it('a deleted account’s memberships go; the entries it added stay, attributed to nobody', async () => {
    const leaving = new Client(t.baseUrl);
    const leavingId = (await leaving.signUp('Gone Soon')).id;
    const p = await shared();
    expect((await leaving.json('POST', url(p.id, '/collaborators'), { invite: p.invite })).status).toBe(200);
    await leaving.json('POST', url(p.id, '/tracks'), { trackId: track(2) });
    await t.context.database.db.deleteFrom('user').where('id', '=', leavingId).execute();
    const after = (await owner.json<Detail>('GET', url(p.id))).body;
    expect(after.collaborators).toEqual([]);
    expect(titles(after)).toEqual(['One', 'Two', 'Three']);
    expect(after.entries[2]!.addedBy).toBeNull();
    const activity = (await owner.json<Activity>('GET', url(p.id, '/activity'))).body;
    expect(activity.items[0]).toMatchObject({ kind: 'added', by: null, track: { title: 'Three' } });
  });

  it('over the Subsonic API a collaborator adds and removes songs but does not rename; getPlaylists lists the playlist', async () => {
    const p = await joined();
    const deps = subsonicDeps(t.context);
    const subsonic = new SubsonicPlaylists(deps, new SubsonicLibrary(deps));
    const user = { id: me.collaborator, username: 'boris', isAdmin: false } as Parameters<typeof subsonic.playlists>[0];
    await subsonic.updatePlaylist(user, p.id, { add: [track(2)], removeIndexes: [0] });
    expect(titles((await owner.json<Detail>('GET', url(p.id))).body)).toEqual(['Two', 'Three']);
    await expect(subsonic.updatePlaylist(user, p.id, { name: 'Mine', add: [], removeIndexes: [] })).rejects.toMatchObject({ code: 50 });
    expect((await subsonic.playlists(user)).map((i) => i.id)).toContain(p.id);
  });
});
