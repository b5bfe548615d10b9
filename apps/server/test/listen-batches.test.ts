import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AppContext } from '../src/context.js';
import type { ReportedPlay } from '../src/repositories/engagement.repository.js';
import { type DomainEvents, InMemoryEventBus } from '../src/events/event-bus.js';
import { EngagementService } from '../src/services/engagement.service.js';
import { Client } from './support/http-client.js';
import { type TestApp, dialect, startTestApp } from './support/test-app.js';

/**
 * Listens are committed in batches (group commit): many requests, one transaction, each answered
 * after the commit. These tests hold the batches to the rules one listen at a time kept: every
 * acknowledged listen is stored and counted, the replay guard still counts a play once, and a batch
 * that fails acknowledges nothing.
 */

type ListenResult = { trackId: string; counted: boolean; listens: number };

const newId = (prefix: string) => `${prefix}${Math.random().toString(36).slice(2, 12)}`;

async function insertTrack(context: AppContext, id: string, artistId: string): Promise<void> {
  await context.database.db
    .insertInto('tracks')
    .values({ id, title: 'Batched', genre: 'Other', artist_id: artistId, storage_key: `tracks/${id}.mp3`, content_type: 'audio/mpeg', size_bytes: 1000, duration: null, search_text: 'batched', created_at: new Date().toISOString() })
    .execute();
}

async function stored(context: AppContext, trackIds: string[]): Promise<{ rows: number; counters: number }> {
  const rows = await context.database.db.selectFrom('listens').select('id').where('track_id', 'in', trackIds).execute();
  const tracks = await context.database.db.selectFrom('tracks').select('listens_count').where('id', 'in', trackIds).execute();
  return { rows: rows.length, counters: tracks.reduce((sum, t) => sum + t.listens_count, 0) };
}

let addressCounter = 0;
/** A forwarded address of its own per request: a listener of its own, and a rate limit of its own. */
const nextAddress = () => `10.77.${Math.floor(++addressCounter / 250)}.${1 + (addressCounter % 250)}`;

const listen = (baseUrl: string, trackId: string, headers: Record<string, string> = {}) =>
  fetch(`${baseUrl}/api/tracks/${trackId}/listens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl, 'x-forwarded-for': nextAddress(), ...headers },
    body: '{}',
  }).then(async (response) => ({ status: response.status, body: (await response.json()) as ListenResult }));

/** The batches the repository was given while `run` ran: their plays. */
async function batchesDuring<T>(context: AppContext, run: () => Promise<T>): Promise<{ result: T; batches: ReportedPlay[][] }> {
  const spy = vi.spyOn(context.repositories.engagement, 'recordPlays');
  try {
    const result = await run();
    return { result, batches: spy.mock.calls.map(([, plays]) => plays) };
  } finally {
    spy.mockRestore();
  }
}

describe(`listens committed in batches (${dialect})`, () => {
  let t: TestApp;
  let artistId: string;
  const fans: Array<{ id: string; cookie: string }> = [];

  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: '127.0.0.1' });
    artistId = (await new Client(t.baseUrl).signUp('Batched Artist')).id;
    for (let i = 0; i < 10; i++) {
      const client = new Client(t.baseUrl);
      fans.push({ id: (await client.signUp(`Fan ${i}`)).id, cookie: client.cookieHeader() });
    }
  });
  afterAll(() => t.close());

  it('counts every one of 300 listens sent at once, signed in and anonymous, in rows and counters alike', async () => {
    const tracks = Array.from({ length: 6 }, () => newId('b'));
    for (const id of tracks) await insertTrack(t.context, id, artistId);
    // Each fan plays each track 3 times, made offline a minute apart (outside each other's guard
    // windows); 120 anonymous listeners from addresses of their own.
    const signed = fans.flatMap((fan) =>
      tracks.flatMap((trackId) => [1, 2, 3].map((minutes) => ({ trackId, headers: { cookie: fan.cookie }, playedAt: new Date(Date.now() - minutes * 60_000) }))),
    );
    const sent = [
      ...signed.map(({ trackId, headers, playedAt }) =>
        fetch(`${t.baseUrl}/api/tracks/${trackId}/listens`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: t.baseUrl, 'x-forwarded-for': nextAddress(), ...headers },
          body: JSON.stringify({ playedAt: playedAt.toISOString() }),
        }).then(async (r) => ({ status: r.status, body: (await r.json()) as ListenResult })),
      ),
      ...Array.from({ length: 120 }, (_, i) => listen(t.baseUrl, tracks[i % tracks.length] as string)),
    ];
    const results = await Promise.all(sent);
    expect(results.filter((r) => r.status !== 200)).toEqual([]);
    expect(results.filter((r) => !r.body.counted)).toEqual([]);
    expect(await stored(t.context, tracks)).toEqual({ rows: 300, counters: 300 });
    // Truthful counters: each answer's count is the track's count after its batch, so never above
    // the final count, and the last batch's answers show the final count.
    for (const trackId of tracks) {
      const final = (await t.context.database.db.selectFrom('tracks').select('listens_count').where('id', '=', trackId).executeTakeFirstOrThrow()).listens_count;
      const answers = results.filter((r) => r.body.trackId === trackId).map((r) => r.body.listens);
      expect(Math.max(...answers)).toBe(final);
      expect(Math.min(...answers)).toBeGreaterThanOrEqual(1);
    }
  });

  it('answers each listen of a batch in order: sequential listens see the counter rise by one', async () => {
    const trackId = newId('b');
    await insertTrack(t.context, trackId, artistId);
    const seen: number[] = [];
    for (let i = 0; i < 5; i++) seen.push((await listen(t.baseUrl, trackId)).body.listens);
    expect(seen).toEqual([1, 2, 3, 4, 5]);
  });

  it('counts a signed-in play reported 30 times at once once, while other plays in the same batches count', async () => {
    const trackId = newId('b');
    const other = newId('b');
    await insertTrack(t.context, trackId, artistId);
    await insertTrack(t.context, other, artistId);
    const fan = fans[0] as { cookie: string };
    const { result: results, batches } = await batchesDuring(t.context, () =>
      Promise.all([
        ...Array.from({ length: 30 }, () => listen(t.baseUrl, trackId, { cookie: fan.cookie })),
        ...Array.from({ length: 30 }, () => listen(t.baseUrl, other)),
      ]),
    );
    expect(results.map((r) => r.status)).toEqual(Array(60).fill(200));
    expect(results.slice(0, 30).filter((r) => r.body.counted)).toHaveLength(1);
    expect(results.slice(30).filter((r) => r.body.counted)).toHaveLength(30);
    expect(await stored(t.context, [trackId])).toEqual({ rows: 1, counters: 1 });
    expect(await stored(t.context, [other])).toEqual({ rows: 30, counters: 30 });
    // The repeats were answered truthfully: not counted, with the track's real count.
    expect(results.slice(0, 30).map((r) => r.body.listens)).toEqual(Array(30).fill(1));
    expect(batches.some((plays) => plays.filter((p) => p.trackId === trackId).length > 1), 'some batch held the play more than once').toBe(true);
  });

  it('counts a play once when one batch holds it five times and two instances report it at the same moment', async () => {
    const trackId = newId('b');
    await insertTrack(t.context, trackId, artistId);
    const { repositories, events, shared } = t.context;
    const db = t.context.database.db;
    // A second instance on the same database: its own batches, committing concurrently with ours.
    const instanceTwo = new EngagementService({ db, tracks: repositories.tracks, engagement: repositories.engagement, events, shared, listenBatches: 2 });
    const one = t.context.services.engagement;
    const fan = { userId: (fans[1] as { id: string }).id, anonymousKey: '10.9.9.9' };
    // Known visible to both (their track caches), so every call below goes to a batch in this turn.
    const warmUp = { userId: (fans[2] as { id: string }).id, anonymousKey: '10.9.9.8' };
    await one.recordListen(warmUp, trackId);
    await instanceTwo.recordListen({ ...warmUp }, trackId);
    const { result: results, batches } = await batchesDuring(t.context, () =>
      Promise.all([...Array.from({ length: 5 }, () => one.recordListen(fan, trackId)), ...Array.from({ length: 5 }, () => instanceTwo.recordListen(fan, trackId))]),
    );
    expect(results.filter((r) => r.counted)).toHaveLength(1);
    expect(batches.map((plays) => plays.length).sort()).toEqual([5, 5]);
    expect(await stored(t.context, [trackId])).toEqual({ rows: 2, counters: 2 });
  });

  it("coalesces the listens' track.stats per track: none per batch, the latest counters at the flush, nothing lost at close", async () => {
    const tracks = [newId('b'), newId('b')];
    for (const id of tracks) await insertTrack(t.context, id, artistId);
    const { repositories, shared } = t.context;
    const db = t.context.database.db;
    const run = async (listenStatsIntervalMs: number) => {
      const events = new InMemoryEventBus();
      const sent: Array<DomainEvents['track.stats']> = [];
      events.on('track.stats', (stats) => sent.push(stats));
      const service = new EngagementService({ db, tracks: repositories.tracks, engagement: repositories.engagement, events, shared, listenStatsIntervalMs });
      // 40 anonymous listeners at once, in several batches.
      await Promise.all(Array.from({ length: 40 }, (_, i) => service.recordListen({ userId: undefined, anonymousKey: `10.8.${listenStatsIntervalMs % 250}.${i}` }, tracks[i % 2] as string)));
      return { sent, service };
    };
    const counters = async () =>
      Object.fromEntries((await db.selectFrom('tracks').select(['id', 'listens_count']).where('id', 'in', tracks).execute()).map((r) => [r.id, r.listens_count]));

    // A long interval: the batches sent nothing; closing sends each track once, with its final counters.
    const long = await run(60_000);
    expect(long.sent).toEqual([]);
    long.service.close();
    const afterFirst = await counters();
    expect(long.sent.map((s) => [s.trackId, s.listens]).sort()).toEqual(tracks.map((id) => [id, afterFirst[id]]).sort());

    // A short one: the counters arrive by themselves, the last of each track the final count.
    const short = await run(20);
    const afterSecond = await counters();
    await vi.waitFor(() => {
      for (const id of tracks) expect(short.sent.filter((s) => s.trackId === id).at(-1)?.listens).toBe(afterSecond[id]);
    });
    expect(afterSecond[tracks[0] as string]).toBe((afterFirst[tracks[0] as string] ?? 0) + 20);
    short.service.close();
  });

  it("reads the replay guard's earlier listens as one index range per play", async () => {
    const windows = ['a', 'b', 'c'].map((k, i) => ({ userId: `user-${k}`, trackId: `track-${k}`, from: `2026-01-01T00:00:0${i}.000Z`, to: `2026-01-01T00:00:2${i}.000Z` }));
    const compiled = t.context.repositories.engagement.listensWithin(t.context.database.db, windows).compile();
    const explain = CompiledQuery.raw(`${dialect === 'postgres' ? 'EXPLAIN' : 'EXPLAIN QUERY PLAN'} ${compiled.sql}`, [...compiled.parameters]);
    const plan = await t.context.database.db.transaction().execute(async (trx) => {
      // On a tiny table a scan is cheaper; forbid it to see that the index can serve the query.
      if (dialect === 'postgres') await sql`SET LOCAL enable_seqscan = off`.execute(trx);
      const { rows } = await trx.executeQuery<Record<string, string>>(explain);
      return rows.map((r) => r['QUERY PLAN'] ?? r.detail).join('\n');
    });
    if (dialect === 'postgres') {
      // On an empty table PostgreSQL may take either index with the track first; with rows it takes
      // the narrower. Either way: one index range per play, bounded by the window, and no scan.
      const ranges = plan.match(/Index Cond: \(.*track_id = .*created_at >= .*created_at <= .*\)/g) ?? [];
      expect(ranges, plan).toHaveLength(3);
      expect(plan).not.toMatch(/Seq Scan/);
    } else {
      expect(plan).toMatch(/USING (COVERING )?INDEX listens_user_track_time_idx \(user_id=\? AND track_id=\? AND created_at>\? AND created_at<\?\)/);
    }
  });

  describe('when a batch fails', () => {
    const poison = newId('poison');

    beforeAll(async () => {
      await insertTrack(t.context, poison, artistId);
      // A listen of this track makes its whole transaction fail, as a lost connection or a full disk would.
      if (dialect === 'postgres') {
        await sql
          .raw(
            `CREATE FUNCTION refuse_poison() RETURNS trigger AS $$ BEGIN IF NEW.track_id = '${poison}' THEN RAISE EXCEPTION 'poisoned'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`,
          )
          .execute(t.context.database.db);
        await sql`CREATE TRIGGER refuse_poison BEFORE INSERT ON listens FOR EACH ROW EXECUTE FUNCTION refuse_poison()`.execute(t.context.database.db);
      } else {
        await sql.raw(`CREATE TRIGGER refuse_poison BEFORE INSERT ON listens WHEN NEW.track_id = '${poison}' BEGIN SELECT RAISE(ABORT, 'poisoned'); END`).execute(t.context.database.db);
      }
    });

    it('rejects every listen waiting for it and stores none of them; the next batch commits', async () => {
      const tracks = [newId('b'), newId('b')];
      for (const id of tracks) await insertTrack(t.context, id, artistId);
      const service = t.context.services.engagement;
      const warmUp = { userId: (fans[3] as { id: string }).id, anonymousKey: '10.9.8.1' };
      for (const id of [...tracks, poison]) await service.recordListen(warmUp, id).catch(() => undefined);
      const before = await stored(t.context, tracks);
      const plays = fans.slice(4).flatMap((fan) => tracks.map((trackId) => ({ listener: { userId: fan.id, anonymousKey: '10.9.8.2' }, trackId })));
      const { result: settled, batches } = await batchesDuring(t.context, () =>
        Promise.allSettled([...plays.map((p) => service.recordListen(p.listener, p.trackId)), service.recordListen({ userId: (fans[4] as { id: string }).id, anonymousKey: '' }, poison)]),
      );
      expect(batches, 'one batch held them all').toHaveLength(1);
      expect(settled.map((s) => s.status)).toEqual(Array(plays.length + 1).fill('rejected'));
      expect(await stored(t.context, tracks)).toEqual(before);
      // The warm-up's listen and this one.
      expect(await service.recordListen({ userId: (fans[5] as { id: string }).id, anonymousKey: '' }, tracks[0] as string)).toMatchObject({ counted: true, listens: 2 });
    });

    it('answers 500 to the requests of a failed batch, and every 200 it answers is stored', async () => {
      const tracks = [newId('b'), newId('b')];
      for (const id of tracks) await insertTrack(t.context, id, artistId);
      const results = await Promise.all([
        ...Array.from({ length: 40 }, (_, i) => listen(t.baseUrl, tracks[i % 2] as string)),
        ...Array.from({ length: 5 }, () => listen(t.baseUrl, poison)),
        ...Array.from({ length: 40 }, (_, i) => listen(t.baseUrl, tracks[i % 2] as string)),
      ]);
      expect(results.slice(40, 45).map((r) => r.status)).toEqual(Array(5).fill(500));
      const acknowledged = results.filter((r) => r.status === 200 && r.body.counted).length;
      expect(results.filter((r) => r.status !== 200 && r.status !== 500)).toEqual([]);
      expect(await stored(t.context, tracks)).toEqual({ rows: acknowledged, counters: acknowledged });
    });
  });
});
