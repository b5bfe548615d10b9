import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../src/lib/ids.js';
import { makeMp3 } from './support/audio-fixtures.js';
import { Client } from './support/http-client.js';
import { type TestApp, dialect, startTestApp } from './support/test-app.js';
import { getUploadUrl, put } from './support/uploads.js';

/*
 * Issue 29: News holds the followed artists' releases (at the time each went public) and new
 * single tracks beside the posts; Home's "New releases" and "Trending" rows; artists to follow.
 */

type Visibility = 'public' | 'unlisted' | 'private';
interface Track {
  id: string;
  title: string;
  releaseId?: string | null;
}
interface Release {
  id: string;
  title: string;
  trackCount: number;
  publishedAt?: string | null;
  tracks: Track[];
}
interface NewsItem {
  id: string;
  kind?: string;
  authorId: string;
  authorName: string;
  text: string;
  createdAt: string;
  track?: Track | null;
  release?: Release | null;
}
type News = { items: NewsItem[]; nextCursor: string | null };

const mp3 = makeMp3(1);

async function createTrack(client: Client, title: string, visibility: Visibility): Promise<Track> {
  const bytes = await mp3;
  const urls = await getUploadUrl(client, bytes);
  expect((await put(client, urls.uploadURL, bytes)).status).toBe(200);
  const created = await client.json<Track>('POST', '/api/tracks', { title, genre: 'Dance', visibility, url: urls.fileUrl });
  expect(created.status).toBe(201);
  return created.body;
}

async function createRelease(client: Client, title: string, fields: { visibility?: Visibility; publishAt?: string }, trackCount = 2): Promise<Release> {
  const tracks: Track[] = [];
  for (let i = 0; i < trackCount; i++) tracks.push(await createTrack(client, `${title} ${i + 1}`, 'private'));
  const created = await client.json<Release>('POST', '/api/releases', { title, type: 'ep', trackIds: tracks.map((x) => x.id), ...fields });
  expect(created.status).toBe(201);
  return created.body;
}

const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();
const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe(`News with releases and new tracks, Home's rows, artists to follow (${dialect})`, () => {
  let t: TestApp;
  let artist: Client;
  let other: Client;
  let fan: Client;
  let stranger: Client;
  let anonymous: Client;
  let artistId: string;
  let otherId: string;
  let fanId: string;

  const news = async (client: Client, query = '') => {
    const response = await client.json<News>('GET', `/api/news${query}`);
    expect(response.status).toBe(200);
    return response.body;
  };
  /** Every item of the feed, page by page (limit per page). */
  const walk = async (client: Client, limit: number) => {
    const items: NewsItem[] = [];
    let before: string | null = null;
    for (let pages = 0; pages < 50; pages++) {
      const page = await news(client, `?limit=${limit}${before ? `&before=${encodeURIComponent(before)}` : ''}`);
      items.push(...page.items);
      if (!page.nextCursor) return items;
      before = page.nextCursor;
    }
    throw new Error('the feed never ended');
  };

  beforeAll(async () => {
    t = await startTestApp();
    artist = new Client(t.baseUrl);
    other = new Client(t.baseUrl);
    fan = new Client(t.baseUrl);
    stranger = new Client(t.baseUrl);
    anonymous = new Client(t.baseUrl);
    artistId = (await artist.signUp('Nova Feed')).id;
    otherId = (await other.signUp('Otis Unfollowed')).id;
    fanId = (await fan.signUp('Fay Follower')).id;
    await stranger.signUp('Sam Stranger');
  });
  afterAll(() => t.close());

  it('suggests artists with tracks to follow, not oneself and not those already followed', async () => {
    await createTrack(artist, 'Suggested single', 'public');
    await createTrack(other, 'Other single', 'public');
    const suggested = await fan.json<{ items: Array<{ id: string; displayName: string; tracks: number }> }>('GET', '/api/artists/suggestions');
    expect(suggested.status).toBe(200);
    expect(suggested.body.items.map((a) => a.id).sort()).toEqual([artistId, otherId].sort());
    expect(suggested.body.items.map((a) => a.id)).not.toContain(fanId);
    // The artist is not offered to themself.
    expect((await artist.json<{ items: Array<{ id: string }> }>('GET', '/api/artists/suggestions')).body.items.map((a) => a.id)).toEqual([otherId]);
    expect((await anonymous.json<{ items: Array<{ id: string }> }>('GET', '/api/artists/suggestions')).status).toBe(200);

    expect((await fan.json('PUT', `/api/artists/${artistId}/subscription`)).status).toBe(200);
    const after = await fan.json<{ items: Array<{ id: string }> }>('GET', '/api/artists/suggestions');
    expect(after.body.items.map((a) => a.id)).toEqual([otherId]);
    // The most followed first, for everyone else.
    expect((await stranger.json<{ items: Array<{ id: string }> }>('GET', '/api/artists/suggestions')).body.items.map((a) => a.id)).toEqual([artistId, otherId]);
  });

  it("shows a followed artist's new single track and public release to followers only", async () => {
    const single = (await news(fan)).items.find((i) => i.kind === 'track');
    expect(single).toMatchObject({ id: expect.stringMatching(/^track:/), authorId: artistId, authorName: 'Nova Feed', track: { title: 'Suggested single' } });

    const release = await createRelease(artist, 'Open Season', { visibility: 'public' }, 2);
    const items = (await news(fan)).items;
    const item = items.find((i) => i.kind === 'release');
    expect(item).toMatchObject({ id: `release:${release.id}`, authorId: artistId, release: { id: release.id, title: 'Open Season', trackCount: 2 } });
    expect(item?.createdAt).toBe(release.publishedAt);
    // A release's tracks come as the release, not one by one.
    const trackTitles = items.flatMap((i) => (i.kind === 'track' && i.track ? [i.track.title] : []));
    expect(trackTitles).toEqual(['Suggested single']);
    // Not followed: nothing of theirs but posts; signed out: no releases or tracks at all.
    for (const client of [stranger, anonymous]) {
      expect((await news(client)).items.filter((i) => i.kind === 'release' || i.kind === 'track')).toEqual([]);
    }
  });

  it('puts a scheduled release in News when it goes public, not when it was made', async () => {
    const drop = await createRelease(artist, 'Midnight Drop', { visibility: 'private', publishAt: inAnHour() }, 3);
    await tick();
    const postBefore = await artist.json<{ id: string }>('POST', '/api/posts', { text: 'Something is coming' });
    expect(postBefore.status).toBe(201);
    expect((await news(fan)).items.some((i) => i.release?.id === drop.id)).toBe(false);
    expect((await anonymous.json<{ items: Release[] }>('GET', '/api/releases/new')).body.items.map((r) => r.id)).not.toContain(drop.id);

    await tick();
    const past = new Date(Date.now() - 1).toISOString();
    await sql`UPDATE releases SET publish_at = ${past} WHERE id = ${drop.id}`.execute(t.context.database.db);
    await sql`UPDATE tracks SET publish_at = ${past} WHERE release_id = ${drop.id}`.execute(t.context.database.db);
    expect((await t.context.services.releases.publishDue()).map((r) => r.id)).toEqual([drop.id]);

    const items = (await news(fan)).items;
    const at = items.findIndex((i) => i.release?.id === drop.id);
    expect(at).toBe(0);
    expect(items[at]).toMatchObject({ kind: 'release', release: { title: 'Midnight Drop', trackCount: 3 } });
    // Published after the post written after it was made: above it.
    expect(items.findIndex((i) => i.id === postBefore.body.id)).toBeGreaterThan(at);
    const released = await anonymous.json<Release>('GET', `/api/releases/${drop.id}`);
    expect(released.body.publishedAt).toBe(items[at]?.createdAt);
    // Home's "New releases": the newest published first.
    const fresh = await anonymous.json<{ items: Release[] }>('GET', '/api/releases/new');
    expect(fresh.status).toBe(200);
    expect(fresh.body.items.map((r) => r.title).slice(0, 2)).toEqual(['Midnight Drop', 'Open Season']);
  });

  it('publishes a release made public by its artist at that time', async () => {
    const later = await createRelease(artist, 'Late Bloomer', { visibility: 'unlisted' }, 1);
    expect((await news(fan)).items.some((i) => i.release?.id === later.id)).toBe(false);
    await tick();
    expect((await artist.json('PATCH', `/api/releases/${later.id}`, { visibility: 'public' })).status).toBe(200);
    const first = (await news(fan)).items[0];
    expect(first).toMatchObject({ kind: 'release', release: { id: later.id } });
    // Back to private: out of News and "New releases".
    expect((await artist.json('PATCH', `/api/releases/${later.id}`, { visibility: 'private' })).status).toBe(200);
    expect((await news(fan)).items.some((i) => i.release?.id === later.id)).toBe(false);
    expect((await anonymous.json<{ items: Release[] }>('GET', '/api/releases/new')).body.items.map((r) => r.id)).not.toContain(later.id);
  });

  it('pages through posts, releases and tracks together, newest first, each once', async () => {
    for (let i = 0; i < 3; i++) {
      await tick();
      expect((await artist.json('POST', '/api/posts', { text: `Note ${i}` })).status).toBe(201);
    }
    const all = (await news(fan, '?limit=50')).items;
    expect(all.length).toBe(7);
    expect(new Set(all.map((i) => i.kind))).toEqual(new Set(['post', 'release', 'track']));
    const times = all.map((i) => i.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const paged = await walk(fan, 2);
    expect(paged.map((i) => i.id)).toEqual(all.map((i) => i.id));
  });

  it('trends the tracks listened to most this week, then the most listened of all time', async () => {
    const hot = await createTrack(other, 'Hot this week', 'public');
    const old = await createTrack(other, 'Big last year', 'public');
    const db = t.context.database.db;
    const now = Date.now();
    const listen = (trackId: string, daysAgo: number) => ({ id: newId(), track_id: trackId, user_id: null, artist_id: otherId, created_at: new Date(now - daysAgo * 86_400_000).toISOString() });
    await db
      .insertInto('listens')
      .values([listen(hot.id, 1), listen(hot.id, 2), ...Array.from({ length: 5 }, () => listen(old.id, 30))])
      .execute();
    await db.updateTable('tracks').set({ listens_count: 2 }).where('id', '=', hot.id).execute();
    await db.updateTable('tracks').set({ listens_count: 5 }).where('id', '=', old.id).execute();
    const trending = await anonymous.json<{ items: Track[] }>('GET', '/api/charts/trending');
    expect(trending.status).toBe(200);
    expect(trending.body.items.slice(0, 2).map((x) => x.title)).toEqual(['Hot this week', 'Big last year']);
    expect(new Set(trending.body.items.map((x) => x.id)).size).toBe(trending.body.items.length);
  });
});
