import type { LiveEvent } from '@platter/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeMp3 } from './support/audio-fixtures.js';
import { Client } from './support/http-client.js';
import { openEventStream } from './support/sse.js';
import { type TestApp, dialect, startTestApp } from './support/test-app.js';
import { uploadTrack } from './support/uploads.js';

type Group = {
  key: string;
  kind: string;
  actors: Array<{ id: string; name: string }>;
  count: number;
  unread: boolean;
  track: { id: string; title: string } | null;
  comment: string | null;
};
type Page = { groups: Group[]; nextCursor: string | null };
type Unread = { unread: number; capped: boolean };

describe(`notifications (${dialect})`, () => {
  let t: TestApp;
  let artist: Client;
  let artistId: string;
  let fans: Client[];
  let fanIds: string[];
  let trackId: string;
  let mp3: Buffer;

  const unread = async (c: Client) => (await c.json<Unread>('GET', '/api/notifications/unread')).body.unread;
  const page = async (c: Client, query = '') => {
    const r = await c.json<Page>('GET', `/api/notifications${query}`);
    expect(r.status).toBe(200);
    return r.body;
  };

  beforeAll(async () => {
    t = await startTestApp();
    artist = new Client(t.baseUrl);
    artistId = (await artist.signUp('Label Artist')).id;
    mp3 = await makeMp3(2);
    trackId = ((await uploadTrack(artist, mp3, { title: 'Noticed' })) as { id: string }).id;
    fans = [];
    fanIds = [];
    for (const name of ['Ann', 'Bob', 'Cid']) {
      const c = new Client(t.baseUrl);
      fanIds.push((await c.signUp(name)).id);
      fans.push(c);
    }
    await t.context.jobs.idle();
  });
  afterAll(() => t.close());

  it('tells the artist of new followers, grouped, live and only to them', async () => {
    const artistStream = await openEventStream(t.baseUrl, artist.cookieHeader());
    const fanStream = await openEventStream(t.baseUrl, fans[2]!.cookieHeader());
    const anonymousStream = await openEventStream(t.baseUrl);
    try {
      expect(await unread(artist)).toBe(0);
      for (const fan of fans) expect((await fan.json('PUT', `/api/artists/${artistId}/subscription`)).status).toBe(200);
      await artistStream.waitFor((e: LiveEvent) => e.type === 'notifications.changed');
      expect(await unread(artist)).toBe(3);
      const { groups } = await page(artist);
      expect(groups).toHaveLength(1);
      expect(groups[0]).toMatchObject({ kind: 'follow', count: 3, unread: true, track: null });
      expect(groups[0]!.actors.map((a) => a.name)).toEqual(['Cid', 'Bob', 'Ann']);
      // The fans' and an anonymous stream got nothing of it.
      await new Client(t.baseUrl).json('GET', '/api/health');
      expect(fanStream.events.some((e) => e.type === 'notifications.changed')).toBe(false);
      expect(anonymousStream.events.some((e) => e.type === 'notifications.changed')).toBe(false);
    } finally {
      await Promise.all([artistStream.close(), fanStream.close(), anonymousStream.close()]);
    }
  });

  it('takes back an unread follow when undone, and never counts one twice', async () => {
    const bob = fans[1]!;
    await bob.json('DELETE', `/api/artists/${artistId}/subscription`);
    expect(await unread(artist)).toBe(2);
    await bob.json('PUT', `/api/artists/${artistId}/subscription`);
    await bob.json('PUT', `/api/artists/${artistId}/subscription`);
    expect(await unread(artist)).toBe(3);
  });

  it('marks all read', async () => {
    const marked = await artist.json<Unread>('POST', '/api/notifications/read');
    expect(marked.status).toBe(200);
    expect(marked.body).toEqual({ unread: 0, capped: false });
    expect(await unread(artist)).toBe(0);
    expect((await page(artist)).groups.every((g) => !g.unread)).toBe(true);
    // A read notification stays when its follow is undone and redone: no second one.
    await fans[0]!.json('DELETE', `/api/artists/${artistId}/subscription`);
    await fans[0]!.json('PUT', `/api/artists/${artistId}/subscription`);
    expect(await unread(artist)).toBe(0);
  });

  it('groups likes, reposts and comments by track: "Ann and 2 others liked"', async () => {
    for (const fan of fans) {
      await fan.json('PUT', `/api/tracks/${trackId}/like`);
      await fan.json('POST', `/api/tracks/${trackId}/repost`);
    }
    await fans[0]!.json('POST', `/api/tracks/${trackId}/comments`, { text: 'Lovely' });
    expect(await unread(artist)).toBe(7);
    const { groups } = await page(artist);
    const byKind = Object.fromEntries(groups.map((g) => [g.kind, g]));
    expect(byKind.like).toMatchObject({ count: 3, unread: true, track: { id: trackId, title: 'Noticed' } });
    expect(byKind.like!.actors[0]!.name).toBe('Cid');
    expect(byKind.repost).toMatchObject({ count: 3, track: { id: trackId } });
    expect(byKind.comment).toMatchObject({ count: 1, comment: 'Lovely', actors: [{ name: 'Ann' }] });
    // Unlike and unrepost take their unread notifications back.
    await fans[2]!.json('DELETE', `/api/tracks/${trackId}/like`);
    await fans[2]!.json('DELETE', `/api/tracks/${trackId}/repost`);
    expect(await unread(artist)).toBe(5);
    const after = Object.fromEntries((await page(artist)).groups.map((g) => [g.kind, g]));
    expect(after.like!.count).toBe(2);
    expect(after.repost!.count).toBe(2);
  });

  it('never notifies anyone of their own doing', async () => {
    await artist.json('POST', '/api/notifications/read');
    await artist.json('PUT', `/api/tracks/${trackId}/like`);
    await artist.json('POST', `/api/tracks/${trackId}/repost`);
    await artist.json('POST', `/api/tracks/${trackId}/comments`, { text: 'my own' });
    expect(await unread(artist)).toBe(0);
  });

  it('pages through notifications with a cursor', async () => {
    const first = await page(artist, '?limit=2');
    expect(first.nextCursor).not.toBeNull();
    const second = await page(artist, `?limit=2&before=${encodeURIComponent(first.nextCursor!)}`);
    expect(second.groups.length).toBeGreaterThan(0);
    const all = await page(artist, '?limit=100');
    const total = all.groups.reduce((n, g) => n + g.count, 0);
    expect(total).toBe(8); // 3 follows, 2 likes, 2 reposts (the undone ones taken back), 1 comment
    expect(all.nextCursor).toBeNull();
    expect((await artist.json('GET', '/api/notifications?before=garbage')).status).toBe(400);
  });

  it('fans out a new release to every follower through the job, and honours opt-outs', async () => {
    // Cid turns new releases off; Ann keeps them.
    const settings = await fans[2]!.json<Record<string, boolean>>('PUT', '/api/notifications/settings', { release: false });
    expect(settings.status).toBe(200);
    expect(settings.body).toEqual({ follow: true, like: true, comment: true, reply: true, repost: true, release: false });
    expect((await fans[2]!.json<Record<string, boolean>>('GET', '/api/notifications/settings')).body.release).toBe(false);
    expect((await fans[2]!.json('PUT', '/api/notifications/settings', {})).status).toBe(400);
    for (const fan of fans) await fan.json('POST', '/api/notifications/read');

    const annStream = await openEventStream(t.baseUrl, fans[0]!.cookieHeader());
    try {
      const release = (await uploadTrack(artist, mp3, { title: 'Fresh drop' })) as { id: string };
      await t.context.jobs.idle();
      await expect.poll(() => unread(fans[0]!), { timeout: 15_000, interval: 100 }).toBe(1);
      await annStream.waitFor((e) => e.type === 'notifications.changed');
      expect(await unread(fans[1]!)).toBe(1);
      expect(await unread(fans[2]!)).toBe(0);
      const { groups } = await page(fans[0]!);
      expect(groups[0]).toMatchObject({ kind: 'release', count: 1, unread: true, track: { id: release.id, title: 'Fresh drop' }, actors: [{ id: artistId, name: 'Label Artist' }] });
      // Run again (a second instance, a retry): nobody gets it twice.
      expect(await t.context.services.notifications.fanOutRelease(release.id)).toBe(0);
      expect(await unread(fans[0]!)).toBe(1);
    } finally {
      await annStream.close();
    }
  });

  it('creates no notification of a kind turned off', async () => {
    await artist.json('PUT', '/api/notifications/settings', { like: false });
    await artist.json('POST', '/api/notifications/read');
    await fans[2]!.json('PUT', `/api/tracks/${trackId}/like`);
    expect(await unread(artist)).toBe(0);
    await fans[2]!.json('POST', `/api/tracks/${trackId}/repost`);
    expect(await unread(artist)).toBe(1);
    const rows = await t.context.database.db.selectFrom('notifications').select('key').where('user_id', '=', artistId).where('kind', '=', 'like').where('actor_id', '=', fanIds[2]!).execute();
    expect(rows).toEqual([]);
  });

  it('tells a comment’s author of replies; threads are one level deep and go with their first comment', async () => {
    type C = { id: string; parentId: string | null; text: string };
    const [ann, bob, cid] = fans as [Client, Client, Client];
    for (const c of [artist, ann, bob, cid]) await c.json('POST', '/api/notifications/read');
    await artist.json('PUT', '/api/notifications/settings', { like: true });

    const first = await ann.json<C>('POST', `/api/tracks/${trackId}/comments`, { text: 'Who sings at 0:30?' });
    expect(first.status).toBe(201);
    expect(first.body.parentId).toBeNull();
    const reply = await bob.json<C>('POST', `/api/tracks/${trackId}/comments`, { text: '@Ann the artist’s sister', replyTo: first.body.id });
    expect(reply.status).toBe(201);
    expect(reply.body.parentId).toBe(first.body.id);
    // A reply to the reply joins the same thread, and tells the reply's author (not the thread's).
    const deeper = await cid.json<C>('POST', `/api/tracks/${trackId}/comments`, { text: '@Bob are you sure?', replyTo: reply.body.id });
    expect(deeper.body.parentId).toBe(first.body.id);
    // The artist answering Ann: Ann hears of it, the artist of nothing of their own.
    await artist.json('POST', `/api/tracks/${trackId}/comments`, { text: '@Ann yes, my sister', replyTo: first.body.id });

    expect(await unread(ann)).toBe(2);
    expect(await unread(bob)).toBe(1);
    expect(await unread(cid)).toBe(0);
    const annGroups = (await page(ann)).groups.filter((g) => g.unread);
    expect(annGroups).toHaveLength(1);
    expect(annGroups[0]).toMatchObject({ kind: 'reply', count: 2, track: { id: trackId }, comment: '@Ann yes, my sister' });
    expect(annGroups[0]!.actors.map((a) => a.name)).toEqual(['Label Artist', 'Bob']);
    expect((await page(bob)).groups.filter((g) => g.unread)).toMatchObject([{ kind: 'reply', count: 1, comment: '@Bob are you sure?', actors: [{ name: 'Cid' }] }]);
    // The artist hears of every comment on the track, replies included.
    expect(await unread(artist)).toBe(3);
    expect((await page(artist)).groups.find((g) => g.kind === 'comment')).toMatchObject({ unread: true, comment: '@Bob are you sure?' });

    // A reply must answer a comment that exists, on the same track.
    const other = (await uploadTrack(artist, mp3, { title: 'Elsewhere' })) as { id: string };
    const wrongTrack = await bob.json<{ error: string; message: string }>('POST', `/api/tracks/${other.id}/comments`, { text: 'hm', replyTo: first.body.id });
    expect(wrongTrack.status).toBe(400);
    expect(wrongTrack.body.message).toMatch(/same track/);
    expect((await bob.json('POST', `/api/tracks/${trackId}/comments`, { text: 'hm', replyTo: 'no-such-comment' })).status).toBe(404);

    // Ann deletes her comment: the thread goes with it, and so do its unread notifications.
    expect((await ann.json('DELETE', `/api/comments/${first.body.id}`)).status).toBe(204);
    const left = (await ann.json<{ items: C[] }>('GET', `/api/tracks/${trackId}/comments`)).body.items;
    expect(left.some((c) => c.id === first.body.id || c.parentId === first.body.id)).toBe(false);
    // (Ann and Bob follow the artist, so "Elsewhere" told them of a release: only the replies went.)
    const replies = await t.context.database.db.selectFrom('notifications').select('key').where('kind', '=', 'reply').where('user_id', 'in', [fanIds[0]!, fanIds[1]!]).execute();
    expect(replies).toEqual([]);
    const rows = await t.context.database.db.selectFrom('comments').select('id').where('parent_id', '=', first.body.id).execute();
    expect(rows).toEqual([]);
  });

  it('refuses signed-out readers', async () => {
    const anonymous = new Client(t.baseUrl);
    expect((await anonymous.json('GET', '/api/notifications')).status).toBe(401);
    expect((await anonymous.json('GET', '/api/notifications/unread')).status).toBe(401);
    expect((await anonymous.json('POST', '/api/notifications/read')).status).toBe(401);
  });
});
