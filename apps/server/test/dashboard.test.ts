import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayRange } from '../src/services/dashboard.service.js';
import { makeMp3 } from './support/audio-fixtures.js';
import { Client } from './support/http-client.js';
import { type TestApp, dialect, startTestApp } from './support/test-app.js';
import { uploadTrack } from './support/uploads.js';

type Dashboard = {
  days: number;
  totals: { listens: number; likes: number; subscribers: number; tracks: number; comments: number };
  listensPerDay: Array<{ date: string; count: number }>;
  subscribersPerDay: Array<{ date: string; count: number; total: number }>;
  topByListens: Array<{ track: { id: string }; listens: number }>;
  topByLikes: Array<{ id: string }>;
  recentComments: Array<{ text: string; trackTitle: string }>;
};

const daysAgo = (n: number) => new Date(Date.now() - n * 24 * 60 * 60 * 1000).toISOString();

describe(`artist dashboard (${dialect})`, () => {
  let t: TestApp;
  let artist: Client;
  let artistId: string;
  const trackIds: string[] = [];

  beforeAll(async () => {
    t = await startTestApp();
    artist = new Client(t.baseUrl);
    artistId = (await artist.signUp('Charted')).id;
    const mp3 = await makeMp3(1);
    for (const title of ['Hit', 'Deep Cut']) trackIds.push(((await uploadTrack(artist, mp3, { title })) as { id: string }).id);
    const [hit, deep] = trackIds as [string, string];

    // Listens made now through the API, by three listeners.
    for (let i = 0; i < 3; i++) {
      const fan = new Client(t.baseUrl);
      await fan.signUp(`Fan ${i}`);
      await fan.json('POST', `/api/tracks/${hit}/listens`);
      if (i === 0) {
        await fan.json('PUT', `/api/tracks/${deep}/like`);
        await fan.json('PUT', `/api/artists/${artistId}/subscription`);
        await fan.json('POST', `/api/tracks/${deep}/comments`, { text: 'love the bass' });
      }
    }
    // History the API cannot backdate: older listens and an older subscriber, written as rows.
    const db = t.context.database.db;
    const rows = [
      { id: 'old-1', track_id: deep, user_id: null, artist_id: artistId, created_at: daysAgo(3) },
      { id: 'old-2', track_id: deep, user_id: null, artist_id: artistId, created_at: daysAgo(3) },
      { id: 'old-3', track_id: deep, user_id: null, artist_id: artistId, created_at: daysAgo(20) },
      { id: 'old-4', track_id: hit, user_id: null, artist_id: artistId, created_at: daysAgo(60) },
    ];
    await db.insertInto('listens').values(rows).execute();
  });
  afterAll(() => t.close());

  it('counts listens per day over the range, every day present', async () => {
    const week = (await artist.json<Dashboard>('GET', '/api/me/dashboard?days=7')).body;
    expect(week.days).toBe(7);
    expect(week.listensPerDay.map((d) => d.date)).toEqual(dayRange(new Date(), 7));
    expect(week.listensPerDay.at(-1)?.count).toBe(3);
    expect(week.listensPerDay.find((d) => d.date === daysAgo(3).slice(0, 10))?.count).toBe(2);
    expect(week.listensPerDay.reduce((s, d) => s + d.count, 0)).toBe(5);

    const month = (await artist.json<Dashboard>('GET', '/api/me/dashboard?days=30')).body;
    expect(month.listensPerDay).toHaveLength(30);
    expect(month.listensPerDay.reduce((s, d) => s + d.count, 0)).toBe(6);
    const quarter = (await artist.json<Dashboard>('GET', '/api/me/dashboard?days=90')).body;
    expect(quarter.listensPerDay.reduce((s, d) => s + d.count, 0)).toBe(7);
  });

  it('ranks top tracks by listens in the range and by likes, with totals, growth and recent comments', async () => {
    const [hit, deep] = trackIds as [string, string];
    const week = (await artist.json<Dashboard>('GET', '/api/me/dashboard?days=7')).body;
    expect(week.topByListens.map((t) => [t.track.id, t.listens])).toEqual([
      [hit, 3],
      [deep, 2],
    ]);
    const month = (await artist.json<Dashboard>('GET', '/api/me/dashboard?days=30')).body;
    // Over 30 days the older listens of the deep cut catch up with the hit.
    expect(month.topByListens).toHaveLength(2);
    expect(month.topByListens.map((t) => [t.track.id, t.listens])).toEqual(expect.arrayContaining([[deep, 3], [hit, 3]]));
    expect(week.topByLikes[0]?.id).toBe(deep);
    // Totals are the tracks' counters (the rows written above bypass them).
    expect(week.totals).toEqual({ listens: 3, likes: 1, subscribers: 1, tracks: 2, comments: 1 });
    expect(week.subscribersPerDay.at(-1)).toMatchObject({ count: 1, total: 1 });
    expect(week.subscribersPerDay[0]?.total).toBe(0);
    expect(week.recentComments).toEqual([expect.objectContaining({ text: 'love the bass', trackTitle: 'Deep Cut' })]);
  });

  it('refuses a range other than 7, 30 or 90 days, and signed-out requests', async () => {
    const bad = await artist.json<{ message: string }>('GET', '/api/me/dashboard?days=365');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('days must be one of 7, 30, 90');
    expect((await new Client(t.baseUrl).json('GET', '/api/me/dashboard')).status).toBe(401);
  });

  it('reads listens through the indexes, not a scan of the listens table', async () => {
    const { db } = t.context.database;
    const compiled = t.context.repositories.dashboard.listensPerDayQuery(artistId, daysAgo(7)).compile();
    const explain = CompiledQuery.raw(`${dialect === 'postgres' ? 'EXPLAIN' : 'EXPLAIN QUERY PLAN'} ${compiled.sql}`, [...compiled.parameters]);
    const plan = await db.transaction().execute(async (trx) => {
      // On a tiny table a scan is cheaper; forbid it to see that the indexes can serve the query.
      if (dialect === 'postgres') await sql`SET LOCAL enable_seqscan = off`.execute(trx);
      const { rows } = await trx.executeQuery<Record<string, string>>(explain);
      return rows.map((r) => r['QUERY PLAN'] ?? r.detail).join('\n');
    });
    expect(plan).toMatch(/listens_artist_time_idx/);
  });
});
