import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeMp3 } from './support/audio-fixtures.js';
import { Client } from './support/http-client.js';
import { openEventStream } from './support/sse.js';
import { type TestApp, dialect, startTestApp } from './support/test-app.js';
import { uploadTrack } from './support/uploads.js';

type Comment = { id: string; userName: string | null; text: string; positionSec: number | null; createdAt: string };
type Post = { id: string; text: string; pinned: boolean; likes: number; liked: boolean; authorStatus: string };
type Artist = { id: string; subscribers: number; subscriptions: number; subscribed: boolean; isSelf: boolean };

describe(`comments, posts, news and subscriptions (${dialect})`, () => {
  let t: TestApp;
  let artist: Client;
  let fan: Client;
  let stranger: Client;
  let artistId: string;
  let fanId: string;
  let trackId: string;

  beforeAll(async () => {
    t = await startTestApp();
    artist = new Client(t.baseUrl);
    fan = new Client(t.baseUrl);
    stranger = new Client(t.baseUrl);
    artistId = (await artist.signUp('Poster')).id;
    fanId = (await fan.signUp('Follower')).id;
    await stranger.signUp('Stranger');
    trackId = ((await uploadTrack(artist, await makeMp3(4), { title: 'Talked about' })) as { id: string }).id;
  });
  afterAll(() => t.close());

  it('keeps timed comments in time order and sends them live', async () => {
    const stream = await openEventStream(t.baseUrl);
    try {
      const first = await fan.json<Comment>('POST', `/api/tracks/${trackId}/comments`, { text: '  first!  ', positionSec: 2.5 });
      expect(first.status).toBe(201);
      expect(first.body).toMatchObject({ text: 'first!', positionSec: 2.5, userName: 'Follower' });
      await stream.waitFor((e) => e.type === 'comment.added' && e.comment.id === first.body.id);
      // A position past the end is kept at the end, where the waveform can mark it.
      const late = await artist.json<Comment>('POST', `/api/tracks/${trackId}/comments`, { text: 'late', positionSec: 999 });
      expect(late.body.positionSec).toBeLessThanOrEqual(4.1);
      await fan.json('POST', `/api/tracks/${trackId}/comments`, { text: 'plain' });
      const list = await new Client(t.baseUrl).json<{ items: Comment[] }>('GET', `/api/tracks/${trackId}/comments`);
      expect(list.body.items.map((c) => c.text)).toEqual(['first!', 'late', 'plain']);
      expect(list.body.items[2]?.positionSec).toBeNull();
    } finally {
      stream.close();
    }
  });

  it('refuses blank, oversize and signed-out comments with clear messages', async () => {
    const blank = await fan.json<{ message: string }>('POST', `/api/tracks/${trackId}/comments`, { text: '    ' });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe('Write a comment: it cannot be empty');
    const long = await fan.json<{ message: string }>('POST', `/api/tracks/${trackId}/comments`, { text: 'x'.repeat(501) });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('A comment can be at most 500 characters');
    expect((await fan.json('POST', `/api/tracks/${trackId}/comments`, { text: 'x'.repeat(500) })).status).toBe(201);
    expect((await fan.json('POST', `/api/tracks/${trackId}/comments`, { text: 'ok', positionSec: -1 })).status).toBe(400);
    expect((await new Client(t.baseUrl).json('POST', `/api/tracks/${trackId}/comments`, { text: 'hi' })).status).toBe(401);
    expect((await fan.json('POST', '/api/tracks/nope/comments', { text: 'hi' })).status).toBe(404);
  });

  it('lists comments on my tracks in the studio, newest first, with the track title', async () => {
    const mine = await artist.json<{ items: Array<Comment & { trackTitle: string }> }>('GET', '/api/me/comments');
    expect(mine.body.items.length).toBeGreaterThanOrEqual(3);
    expect(mine.body.items[0]?.trackTitle).toBe('Talked about');
    const times = mine.body.items.map((c) => c.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect((await fan.json<{ items: unknown[] }>('GET', '/api/me/comments')).body.items).toEqual([]);
  });

  it('refuses a 181-character post and trims a 180-character one', async () => {
    const long = await artist.json<{ message: string }>('POST', '/api/posts', { text: 'y'.repeat(181) });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('A post can be at most 180 characters');
    expect((await artist.json('POST', '/api/posts', { text: '  \n ' })).status).toBe(400);
    const ok = await artist.json<Post>('POST', '/api/posts', { text: ` ${'y'.repeat(180)} ` });
    expect(ok.status).toBe(201);
    expect(ok.body.text).toHaveLength(180);
    expect(ok.body).toMatchObject({ pinned: false, likes: 0, liked: false, authorStatus: 'user' });
  });

  it('subscribes once, unsubscribes, and keeps both counters and the live board in step', async () => {
    const stream = await openEventStream(t.baseUrl);
    try {
      const first = await fan.json('PUT', `/api/artists/${artistId}/subscription`);
      expect(first.body).toEqual({ artistId, subscribed: true, subscribers: 1 });
      await stream.waitFor((e) => e.type === 'profile.stats' && e.profileId === artistId && e.subscribers === 1);
      expect((await fan.json('PUT', `/api/artists/${artistId}/subscription`)).body).toEqual({ artistId, subscribed: true, subscribers: 1 });
      const page = await fan.json<Artist>('GET', `/api/artists/${artistId}`);
      expect(page.body).toMatchObject({ subscribed: true, isSelf: false, subscribers: 1 });
      expect((await fan.json<Artist>('GET', `/api/artists/${fanId}`)).body).toMatchObject({ isSelf: true, subscriptions: 1 });
      expect((await fan.json<{ ids: string[] }>('GET', '/api/me/subscriptions')).body.ids).toEqual([artistId]);
      expect((await fan.json('DELETE', `/api/artists/${artistId}/subscription`)).body).toEqual({ artistId, subscribed: false, subscribers: 0 });
      expect((await fan.json('DELETE', `/api/artists/${artistId}/subscription`)).body).toEqual({ artistId, subscribed: false, subscribers: 0 });
      expect((await fan.json<Artist>('GET', `/api/artists/${fanId}`)).body.subscriptions).toBe(0);
      expect((await fan.json('PUT', `/api/artists/${artistId}/subscription`)).status).toBe(200);
      const self = await artist.json<{ message: string }>('PUT', `/api/artists/${artistId}/subscription`);
      expect(self.status).toBe(400);
      expect(self.body.message).toBe('You cannot subscribe to yourself.');
      expect((await new Client(t.baseUrl).json('PUT', `/api/artists/${artistId}/subscription`)).status).toBe(401);
      expect((await fan.json('PUT', '/api/artists/nobody/subscription')).status).toBe(404);
      expect((await fan.json('GET', '/api/artists/nobody')).status).toBe(404);
      expect((await new Client(t.baseUrl).json<Artist>('GET', `/api/artists/${artistId}`)).body).toMatchObject({ subscribed: false, isSelf: false });
    } finally {
      stream.close();
    }
  });

  it('lets two people subscribe to each other at the same moment, again and again, with both counters right', async () => {
    // Each subscription changes two profiles' counters; two of them crossing (A to B while B to A)
    // once locked the two rows in opposite orders, and PostgreSQL ended one in a deadlock (a 500).
    const one = new Client(t.baseUrl);
    const two = new Client(t.baseUrl);
    const oneId = (await one.signUp('Mutual One')).id;
    const twoId = (await two.signUp('Mutual Two')).id;
    const statuses: number[] = [];
    for (let round = 0; round < 25; round++) {
      const method = round % 2 === 0 ? 'PUT' : 'DELETE';
      const answers = await Promise.all([one.json(method, `/api/artists/${twoId}/subscription`), two.json(method, `/api/artists/${oneId}/subscription`)]);
      statuses.push(...answers.map((a) => a.status));
    }
    expect(statuses).toEqual(statuses.map(() => 200));
    // 25 rounds end subscribed (the last is a PUT): each counts one subscriber and one subscription.
    for (const id of [oneId, twoId]) {
      expect((await one.json<Artist>('GET', `/api/artists/${id}`)).body).toMatchObject({ subscribers: 1, subscriptions: 1 });
    }
  });

  it("shows news from subscriptions, from creators and the viewer's own posts only, newest first, paged", async () => {
    const posted = (await artist.json<Post>('POST', '/api/posts', { text: 'for my subscribers' })).body;
    const strangerPost = (await stranger.json<Post>('POST', '/api/posts', { text: 'nobody follows me' })).body;
    const fanNews = (await fan.json<{ items: Post[] }>('GET', '/api/news')).body.items.map((p) => p.id);
    expect(fanNews[0]).toBe(posted.id);
    expect(fanNews).not.toContain(strangerPost.id);
    const strangerNews = (await stranger.json<{ items: Post[] }>('GET', '/api/news')).body.items.map((p) => p.id);
    expect(strangerNews).not.toContain(posted.id);
    expect(strangerNews).toContain(strangerPost.id);
    expect((await artist.json<{ items: Post[] }>('GET', '/api/news')).body.items.map((p) => p.id)).toContain(posted.id);
    expect((await new Client(t.baseUrl).json<{ items: Post[] }>('GET', '/api/news')).body.items).toEqual([]);

    // The stranger becomes a creator: their posts reach everyone, signed in or not.
    await t.context.services.moderation.setStatusByEmail((await stranger.json<{ user: { email: string } }>('GET', '/api/me')).body.user.email, 'creator');
    const anonNews = (await new Client(t.baseUrl).json<{ items: Post[] }>('GET', '/api/news')).body.items;
    expect(anonNews.map((p) => p.id)).toEqual([strangerPost.id]);
    expect(anonNews[0]?.authorStatus).toBe('creator');
    expect((await fan.json<{ items: Post[] }>('GET', '/api/news')).body.items.map((p) => p.id).slice(0, 2)).toEqual([strangerPost.id, posted.id]);

    const page1 = await fan.json<{ items: Post[]; nextCursor: string | null }>('GET', '/api/news?limit=1');
    expect(page1.body.items).toHaveLength(1);
    expect(page1.body.nextCursor).not.toBeNull();
    const page2 = await fan.json<{ items: Post[] }>('GET', `/api/news?limit=1&before=${encodeURIComponent(page1.body.nextCursor ?? '')}`);
    expect(page2.body.items[0]?.id).toBe(posted.id);
  });

  it('likes posts once per viewer and pins one post per author, listed first', async () => {
    const a = (await artist.json<Post>('POST', '/api/posts', { text: 'older' })).body;
    const b = (await artist.json<Post>('POST', '/api/posts', { text: 'newer' })).body;
    expect((await fan.json('PUT', `/api/posts/${a.id}/like`)).body).toEqual({ postId: a.id, liked: true, likes: 1 });
    expect((await fan.json('PUT', `/api/posts/${a.id}/like`)).body).toEqual({ postId: a.id, liked: true, likes: 1 });
    expect((await stranger.json('PUT', `/api/posts/${a.id}/like`)).body).toMatchObject({ likes: 2 });
    expect((await fan.json('DELETE', `/api/posts/${a.id}/like`)).body).toEqual({ postId: a.id, liked: false, likes: 1 });

    expect((await artist.json<Post>('PUT', `/api/posts/${a.id}/pin`)).body.pinned).toBe(true);
    let list = (await fan.json<{ items: Post[] }>('GET', `/api/artists/${artistId}/posts`)).body.items;
    expect(list[0]?.id).toBe(a.id);
    expect(list[1]?.id).toBe(b.id);
    await artist.json('PUT', `/api/posts/${b.id}/pin`);
    list = (await fan.json<{ items: Post[] }>('GET', `/api/artists/${artistId}/posts`)).body.items;
    expect(list.filter((p) => p.pinned).map((p) => p.id)).toEqual([b.id]);
    expect((await artist.json<Post>('DELETE', `/api/posts/${b.id}/pin`)).body.pinned).toBe(false);
    expect((await artist.json<{ items: Post[] }>('GET', '/api/me/posts')).body.items.some((p) => p.pinned)).toBe(false);
  });

  it('rate-limits comments per user, not per address, with a message', async () => {
    const chatty = new Client(t.baseUrl);
    await chatty.signUp('Chatty');
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await chatty.json('POST', `/api/tracks/${trackId}/comments`, { text: `spam ${i}` })).status);
    expect(statuses.slice(0, 20).every((s) => s === 201)).toBe(true);
    const limited = await chatty.json<{ error: string; message: string }>('POST', `/api/tracks/${trackId}/comments`, { text: 'more' });
    expect(limited.status).toBe(429);
    expect(limited.body.error).toBe('rate_limited');
    expect(limited.body.message).toMatch(/retry in/i);
    // Someone else on the same address is not affected.
    expect((await stranger.json('POST', `/api/tracks/${trackId}/comments`, { text: 'still fine' })).status).toBe(201);
  });
});
