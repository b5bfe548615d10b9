import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSeed } from '../src/cli/seed.js';
import { TEST_SECRET, type TestApp, dialect, startTestApp } from './support/test-app.js';

/**
 * Radio's reads stay index reads on a seeded catalogue (20,000 tracks, some history), as in
 * catalogue-plans.test.ts: a track's similar tracks are one range of track_similar_order_idx,
 * the genre and newest fills walk their indexes, and a batch of the job reaches the
 * history, likes and tags through their indexes, never by reading a whole table.
 */
describe(`radio query plans at scale (${dialect})`, () => {
  let t: TestApp;
  let batch: string[];

  beforeAll(async () => {
    t = await startTestApp();
    const env = { NODE_ENV: 'test', DATA_DIR: t.config.dataDir, BETTER_AUTH_SECRET: TEST_SECRET, ...(t.config.databaseUrl ? { DATABASE_URL: t.config.databaseUrl } : {}) };
    const seeded = await runSeed(['--tracks', '20000', '--users', '2000'], env, () => {});
    expect(seeded.code, seeded.output).toBe(0);
    // Tags on every track (the seed makes none): 40 tags of 500 tracks each.
    const { db } = t.context.database;
    await db
      .insertInto('track_tags')
      .columns(['track_id', 'tag', 'created_at'])
      .expression(db.selectFrom('tracks').select(['id', sql<string>`'tag' || cast(length(title) % 40 as text)`.as('tag'), 'created_at']))
      .execute();
    if (dialect === 'postgres') await sql`ANALYZE`.execute(db);
    // A batch of played tracks (the job takes 25 at a time; 100 here).
    batch = (await t.context.database.db.selectFrom('history').select('track_id').distinct().limit(100).execute()).map((r) => r.track_id);
    expect(await t.context.repositories.radio.refresh(batch, new Date().toISOString())).toBeGreaterThan(0);
  }, 240_000);

  afterAll(() => t?.close());

  const planOf = async (compiled: CompiledQuery) => {
    const explain = CompiledQuery.raw(`${dialect === 'postgres' ? 'EXPLAIN' : 'EXPLAIN QUERY PLAN'} ${compiled.sql}`, [...compiled.parameters]);
    const { rows } = await t.context.database.db.executeQuery<Record<string, string>>(explain);
    return rows.map((r) => r['QUERY PLAN'] ?? r.detail).join('\n');
  };
  const scanOf = (table: string) => (dialect === 'postgres' ? new RegExp(`Seq Scan on ${table}\\b`) : new RegExp(`^\\s*SCAN ${table}\\b(?! USING)`, 'm'));
  const sorts = dialect === 'postgres' ? /Sort Key/ : /USE TEMP B-TREE FOR ORDER BY/;
  const radio = () => t.context.repositories.radio;

  it('computed neighbours for the played tracks', async () => {
    const rows = await t.context.database.db.selectFrom('track_similar').select('track_id').where('track_id', '=', batch[0]!).execute();
    expect(rows.length).toBeGreaterThan(0);
  });

  it("reads a track's similar tracks as one range of track_similar_order_idx", async () => {
    const plan = await planOf(radio().similarQuery(batch[0]!, batch.slice(1, 40), 20).compile());
    expect(plan).toMatch(/track_similar_order_idx/);
    // PostgreSQL may sort the track's range (at most SIMILAR_PER_TRACK rows); SQLite reads it in order.
    if (dialect === 'sqlite') expect(plan).not.toMatch(sorts);
    expect(plan).not.toMatch(scanOf('tracks'));
    expect(plan).not.toMatch(scanOf('track_similar'));
  });

  it('fills from the genre and the newest tracks by walking their indexes', async () => {
    const genre = await planOf(radio().genreQuery('Phonk', batch, 10).compile());
    expect(genre).toMatch(/tracks_genre_order_idx|tracks_created_idx/);
    expect(genre).not.toMatch(sorts);
    const newest = await planOf(radio().newestQuery(batch, 10).compile());
    expect(newest).toMatch(/tracks_created_idx/);
    expect(newest).not.toMatch(sorts);
  });

  it("the job's batch reads history, likes and tags through their indexes", async () => {
    const plan = await planOf(radio().refreshStatement(batch, '2030-01-01T00:00:00.000Z').compile(t.context.database.db));
    for (const table of ['history', 'track_likes', 'track_tags']) expect(plan, `${table}\n${plan}`).not.toMatch(scanOf(table));
    expect(plan).toMatch(/history_track_user_idx/);
    expect(plan).toMatch(/history_user_time_idx/);
    expect(plan).toMatch(/track_likes_track_time_idx/);
    expect(plan).toMatch(/track_tags_tag_order_idx/);
  });
});
