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

type ReleaseRepostState = { releaseId: string; reposted: boolean; reposts: number };
type Release = { id: string; title: string; type: string; artist: string };
type Notification = { kind: string; actors: Array<{ id: string; name: string }>; count: number; track: { id: string } | null; release?: { id: string; title: string } | null };

describe(`reposts of releases (${dialect})`, () => {
  let t: TestApp;
  let artist: Client;
  let reposter: Client;
  let follower: Client;
  let stranger: Client;
  let reposterId: string;
  let strangerId: string;
  let releaseId: string;
  let trackId: string;
  const releaseCount = async (id: string) =>
    (await t.context.database.db.selectFrom('releases').select('reposts_count').where('id', '=', id).executeTakeFirstOrThrow()).reposts_count;
  const trackCount = async (id: string) => (await t.context.database.db.selectFrom('tracks').select('reposts_count').where('id', '=', id).executeTakeFirstOrThrow()).reposts_count;

  beforeAll(async () => {
    t = await startTestApp();
    artist = new Client(t.baseUrl);
    reposter = new Client(t.baseUrl);
    follower = new Client(t.baseUrl);
    stranger = new Client(t.baseUrl);
    await artist.signUp('Label Artist');
    reposterId = (await reposter.signUp('Ben Reposter')).id;
    await follower.signUp('Follower of Ben');
    strangerId = (await stranger.signUp('Passer-by')).id;
    const mp3 = await makeMp3(2);
    trackId = ((await uploadTrack(artist, mp3, { title: 'Opening' })) as { id: string }).id;
    const created = await artist.json<Release>('POST', '/api/releases', { title: 'First EP', type: 'ep', trackIds: [trackId] });
    expect(created.status).toBe(201);
    releaseId = created.body.id;
    expect((await follower.json('PUT', `/api/artists/${reposterId}/subscription`)).status).toBe(200);
  });
  afterAll(() => t.close());

  it('counts a release repost once, in the same transaction as its row, and undoes it', async () => {
    const first = await reposter.json<ReleaseRepostState>('PUT', `/api/releases/${releaseId}/repost`);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ releaseId, reposted: true, reposts: 1 });
    expect((await reposter.json<ReleaseRepostState>('PUT', `/api/releases/${releaseId}/repost`)).body).toEqual({ releaseId, reposted: true, reposts: 1 });
    expect(await releaseCount(releaseId)).toBe(1);
    expect((await reposter.json<ReleaseRepostState>('GET', `/api/releases/${releaseId}/repost`)).body.reposted).toBe(true);
    expect((await new Client(t.baseUrl).json<ReleaseRepostState>('GET', `/api/releases/${releaseId}/repost`)).body).toEqual({ releaseId, reposted: false, reposts: 1 });

    expect((await stranger.json<ReleaseRepostState>('PUT', `/api/releases/${releaseId}/repost`)).body.reposts).toBe(2);
    expect((await stranger.json<ReleaseRepostState>('DELETE', `/api/releases/${releaseId}/repost`)).body).toEqual({ releaseId, reposted: false, reposts: 1 });
    expect((await stranger.json<ReleaseRepostState>('DELETE', `/api/releases/${releaseId}/repost`)).body).toEqual({ releaseId, reposted: false, reposts: 1 });
    expect(await releaseCount(releaseId)).toBe(1);
    // A release repost is not a track repost.
    expect(await trackCount(trackId)).toBe(0);
  });

  it('refuses signed-out reposts, unknown releases, and releases that are not public', async () => {
    expect((await new Client(t.baseUrl).json('PUT', `/api/releases/${releaseId}/repost`)).status).toBe(401);
    const missing = await reposter.json<{ error: string }>('PUT', '/api/releases/no-such-release/repost');
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('release_not_found');
    const mp3 = await makeMp3(1);
    const otherTrack = ((await uploadTrack(artist, mp3, { title: 'Secret one' })) as { id: string }).id;
    const unlisted = (await artist.json<Release>('POST', '/api/releases', { title: 'Unlisted EP', type: 'ep', trackIds: [otherTrack] })).body.id;
    for (const visibility of ['unlisted', 'private'] as const) {
      await t.context.database.db.updateTable('releases').set({ visibility }).where('id', '=', unlisted).execute();
      expect((await reposter.json('PUT', `/api/releases/${unlisted}/repost`)).status).toBe(404);
      expect((await reposter.json('GET', `/api/releases/${unlisted}/repost`)).status).toBe(404);
      expect((await artist.json('PUT', `/api/releases/${unlisted}/repost`)).status).toBe(404);
    }
    expect(await releaseCount(unlisted)).toBe(0);
  });

  it("shows the reposted release in the reposter's followers' News, and hides it once it is no longer public", async () => {
    const news = await follower.json<News & { items: Array<NewsItem & { release?: Release | null }> }>('GET', '/api/news');
    const repost = news.body.items.find((p) => p.kind === 'repost');
    expect(repost).toMatchObject({ kind: 'repost', authorId: reposterId, authorName: 'Ben Reposter', release: { id: releaseId, title: 'First EP', type: 'ep', artist: 'Label Artist' } });
    expect(repost?.track ?? null).toBeNull();
    expect((await stranger.json<News>('GET', '/api/news')).body.items.some((p) => p.kind === 'repost')).toBe(false);

    await t.context.database.db.updateTable('releases').set({ visibility: 'unlisted' }).where('id', '=', releaseId).execute();
    expect((await follower.json<News>('GET', '/api/news')).body.items.some((p) => p.kind === 'repost')).toBe(false);
    expect((await stranger.json<RepostPage>('GET', `/api/artists/${reposterId}/reposts`)).body.items).toEqual([]);
    await t.context.database.db.updateTable('releases').set({ visibility: 'public' }).where('id', '=', releaseId).execute();
  });

  it("lists the release among the artist's reposts with the tracks, newest first", async () => {
    await new Promise((r) => setTimeout(r, 5));
    await reposter.json('POST', `/api/tracks/${trackId}/repost`);
    const page = await stranger.json<{ items: Array<{ repostedAt: string; track?: Track; release?: Release }> }>('GET', `/api/artists/${reposterId}/reposts`);
    expect(page.status).toBe(200);
    expect(page.body.items.map((r) => r.track?.id ?? `release:${r.release?.id}`)).toEqual([trackId, `release:${releaseId}`]);
    expect(page.body.items[1]?.release).toMatchObject({ title: 'First EP', artist: 'Label Artist' });
  });

  it("tells the release's artist, with the release as the subject, and takes it back when undone unread", async () => {
    const groups = async () => (await artist.json<{ groups: Notification[] }>('GET', '/api/notifications')).body.groups.filter((g) => g.kind === 'repost' && g.release);
    const found = await groups();
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ kind: 'repost', release: { id: releaseId, title: 'First EP' }, track: null, actors: [{ id: reposterId, name: 'Ben Reposter' }] });
    // The stranger's repost, undone while unread, left nothing.
    expect(found[0]?.count).toBe(1);
    await reposter.json('DELETE', `/api/releases/${releaseId}/repost`);
    expect(await groups()).toEqual([]);
    await reposter.json('PUT', `/api/releases/${releaseId}/repost`);
    expect(await groups()).toHaveLength(1);
  });

  it("lowers the counters of what an account reposted when the account is deleted (the cascade)", async () => {
    await stranger.json('PUT', `/api/releases/${releaseId}/repost`);
    await stranger.json('POST', `/api/tracks/${trackId}/repost`);
    expect(await releaseCount(releaseId)).toBe(2);
    expect(await trackCount(trackId)).toBe(2);
    await t.context.database.db.deleteFrom('user').where('id', '=', strangerId).execute();
    expect(await t.context.database.db.selectFrom('posts').select('id').where('author_id', '=', strangerId).execute()).toEqual([]);
    expect(await releaseCount(releaseId)).toBe(1);
    expect(await trackCount(trackId)).toBe(1);
    expect((await new Client(t.baseUrl).json<ReleaseRepostState>('GET', `/api/releases/${releaseId}/repost`)).body.reposts).toBe(1);
    expect((await new Client(t.baseUrl).json<Track>('GET', `/api/tracks/${trackId}`)).body.reposts).toBe(1);
  });

  it('takes the reposts of a deleted release out of News and the list', async () => {
    expect((await artist.request('DELETE', `/api/releases/${releaseId}`)).status).toBe(204);
    const page = await follower.json<{ items: Array<{ track?: Track; release?: Release }> }>('GET', `/api/artists/${reposterId}/reposts`);
    expect(page.body.items.map((r) => r.track?.id ?? r.release?.id)).toEqual([trackId]);
    expect((await follower.json<News>('GET', '/api/news')).body.items.filter((p) => p.kind === 'repost').map((p) => p.track?.id)).toEqual([trackId]);
  });
});
