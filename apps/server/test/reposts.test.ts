import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeMp3 } from './support/audio-fixtures.js';
import { Client } from './support/http-client.js';
import { type TestApp, dialect, startTestApp } from './support/test-app.js';
import { uploadTrack } from './support/uploads.js';

type RepostState = { trackId: string; reposted: boolean; reposts: number };
type Track = { id: string; title: string; reposts?: number };
type NewsItem = { id: string; kind?: string; authorId: string; authorName: string; text: string; track?: Track | null };
type News = { items: NewsItem[]; nextCursor: string | null };
type RepostPage = { items: Array<{ repostedAt: string; track: Track }>; nextCursor: string | null };

describe(`reposts (${dialect})`, () => {
  let t: TestApp;
  let artist: Client;
  let reposter: Client;
  let follower: Client;
  let stranger: Client;
  let reposterId: string;
  let trackId: string;
  let secondId: string;

  beforeAll(async () => {
    t = await startTestApp();
    artist = new Client(t.baseUrl);
    reposter = new Client(t.baseUrl);
    follower = new Client(t.baseUrl);
    stranger = new Client(t.baseUrl);
    await artist.signUp('Maker');
    reposterId = (await reposter.signUp('Ann Reposter')).id;
    await follower.signUp('Follower of Ann');
    await stranger.signUp('Stranger');
    const mp3 = await makeMp3(2);
    trackId = ((await uploadTrack(artist, mp3, { title: 'Worth sharing' })) as { id: string }).id;
    secondId = ((await uploadTrack(artist, mp3, { title: 'Also shared' })) as { id: string }).id;
    expect((await follower.json('PUT', `/api/artists/${reposterId}/subscription`)).status).toBe(200);
  });
  afterAll(() => t.close());

  it('counts a repost once however often it is sent, and undoes it', async () => {
    const first = await reposter.json<RepostState>('POST', `/api/tracks/${trackId}/repost`);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ trackId, reposted: true, reposts: 1 });
    const again = await reposter.json<RepostState>('POST', `/api/tracks/${trackId}/repost`);
    expect(again.body).toEqual({ trackId, reposted: true, reposts: 1 });
    expect((await new Client(t.baseUrl).json<Track>('GET', `/api/tracks/${trackId}`)).body.reposts).toBe(1);
    expect((await reposter.json<RepostState>('GET', `/api/tracks/${trackId}/repost`)).body.reposted).toBe(true);
    expect((await stranger.json<RepostState>('GET', `/api/tracks/${trackId}/repost`)).body).toEqual({ trackId, reposted: false, reposts: 1 });

    const byStranger = await stranger.json<RepostState>('POST', `/api/tracks/${trackId}/repost`);
    expect(byStranger.body.reposts).toBe(2);
    const undone = await stranger.json<RepostState>('DELETE', `/api/tracks/${trackId}/repost`);
    expect(undone.body).toEqual({ trackId, reposted: false, reposts: 1 });
    const undoneAgain = await stranger.json<RepostState>('DELETE', `/api/tracks/${trackId}/repost`);
    expect(undoneAgain.body).toEqual({ trackId, reposted: false, reposts: 1 });
    const row = await t.context.database.db.selectFrom('tracks').select('reposts_count').where('id', '=', trackId).executeTakeFirstOrThrow();
    expect(row.reposts_count).toBe(1);
  });

  it('refuses signed-out reposts and unknown tracks', async () => {
    const anonymous = await new Client(t.baseUrl).json<{ error: string }>('POST', `/api/tracks/${trackId}/repost`);
    expect(anonymous.status).toBe(401);
    const missing = await reposter.json<{ error: string; message: string }>('POST', '/api/tracks/no-such-track/repost');
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('track_not_found');
  });

  it("shows the repost in the reposter's followers' News as reposted by them, and not to others", async () => {
    const news = await follower.json<News>('GET', '/api/news');
    expect(news.status).toBe(200);
    const repost = news.body.items.find((p) => p.kind === 'repost');
    expect(repost).toMatchObject({ kind: 'repost', authorId: reposterId, authorName: 'Ann Reposter', track: { id: trackId, title: 'Worth sharing', reposts: 1 } });
    const strangers = await stranger.json<News>('GET', '/api/news');
    expect(strangers.body.items.some((p) => p.kind === 'repost')).toBe(false);
    // Undone, it leaves the feed.
    await reposter.json('DELETE', `/api/tracks/${trackId}/repost`);
    expect((await follower.json<News>('GET', '/api/news')).body.items.some((p) => p.kind === 'repost')).toBe(false);
    await reposter.json('POST', `/api/tracks/${trackId}/repost`);
    expect((await follower.json<News>('GET', '/api/news')).body.items.filter((p) => p.kind === 'repost').map((p) => p.track?.id)).toEqual([trackId]);
  });

  it("lists an artist's reposts, newest first, page by page, and keeps them out of their posts", async () => {
    await new Promise((r) => setTimeout(r, 5));
    await reposter.json('POST', `/api/tracks/${secondId}/repost`);
    const first = await stranger.json<RepostPage>('GET', `/api/artists/${reposterId}/reposts?limit=1`);
    expect(first.status).toBe(200);
    expect(first.body.items.map((r) => r.track.title)).toEqual(['Also shared']);
    expect(first.body.nextCursor).not.toBeNull();
    const second = await stranger.json<RepostPage>('GET', `/api/artists/${reposterId}/reposts?limit=1&before=${encodeURIComponent(first.body.nextCursor!)}`);
    expect(second.body.items.map((r) => r.track.title)).toEqual(['Worth sharing']);
    expect(second.body.nextCursor).toBeNull();
    expect((await stranger.json('GET', '/api/artists/nobody/reposts')).status).toBe(404);

    const posts = await stranger.json<{ items: NewsItem[] }>('GET', `/api/artists/${reposterId}/posts`);
    expect(posts.body.items).toEqual([]);
    // A repost is undone on its track, not deleted as a post.
    const repostPost = (await follower.json<News>('GET', '/api/news')).body.items.find((p) => p.kind === 'repost');
    const deleted = await reposter.json<{ error: string }>('DELETE', `/api/posts/${repostPost!.id}`);
    expect(deleted.status).toBe(400);
    expect(deleted.body.error).toBe('is_repost');
  });

  it('drops the reposts of a deleted track from News and from the list', async () => {
    expect((await artist.request('DELETE', `/api/tracks/${secondId}`)).status).toBe(204);
    const list = await stranger.json<RepostPage>('GET', `/api/artists/${reposterId}/reposts`);
    expect(list.body.items.map((r) => r.track.id)).toEqual([trackId]);
    const news = await follower.json<News>('GET', '/api/news');
    expect(news.body.items.filter((p) => p.kind === 'repost').map((p) => p.track?.id)).toEqual([trackId]);
  });
});
