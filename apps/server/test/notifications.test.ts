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
    expect(settings.body).toEqual({ follow: true, like: true, comment: true, repost: true, release: false });
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

  it('refuses signed-out readers', async () => {
    const anonymous = new Client(t.baseUrl);
    expect((await anonymous.json('GET', '/api/notifications')).status).toBe(401);
    expect((await anonymous.json('GET', '/api/notifications/unread')).status).toBe(401);
    expect((await anonymous.json('POST', '/api/notifications/read')).status).toBe(401);
  });
});
