import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MAX_SEGMENTS, SearchIndexService } from '../src/services/search-index.service.js';
import { Client } from './support/http-client.js';
import { type TestApp, dialect, startTestApp } from './support/test-app.js';

/**
 * The `search-index-merge` job (services/search-index.service.ts): SQLite's FTS5 search index,
 * written a track at a time, is merged back to one segment, and a search finds the same tracks
 * before and after; an index already compact, and PostgreSQL, get nothing done.
 */
describe(`search index merge (${dialect})`, () => {
  let t: TestApp;
  let artistId: string;
  let written = 0;

  const track = (title: string) => {
    const id = `merge${String(++written).padStart(5, '0')}`;
    return { id, title, genre: 'Other', artist_id: artistId, storage_key: `tracks/${id}.mp3`, content_type: 'audio/mpeg', size_bytes: 1000, duration: null, search_text: `${title.toLowerCase()} merge artist`, created_at: new Date(Date.UTC(2026, 0, 1, 0, 0, written)).toISOString() };
  };
  /** One INSERT, one transaction: on SQLite a segment of its own in the FTS5 index (until automerge folds some). */
  const writeOne = (title: string) => t.context.database.db.insertInto('tracks').values(track(title)).execute();
  const search = async (q: string) => {
    const response = await fetch(`${t.baseUrl}/api/tracks?q=${encodeURIComponent(q)}&pageSize=50`);
    expect(response.status).toBe(200);
    return (await response.json()) as { items: Array<{ id: string }> };
  };
  const runJob = async () => {
    await t.context.jobs.send('search-index-merge', {}, { singletonKey: 'search-index-merge' });
    await t.context.jobs.idle();
  };
  const segments = async () => (await t.context.repositories.searchIndex.segments('tracks_search')).length;

  beforeAll(async () => {
    t = await startTestApp();
    artistId = (await new Client(t.baseUrl).signUp('Merge Artist')).id;
  });
  afterAll(() => t.close());

  it.runIf(dialect === 'sqlite')('merges the segments of tracks written one at a time into one, and a search finds the same tracks', async () => {
    for (let i = 0; i < 12; i++) await writeOne(i % 3 === 0 ? `Zephyrine Night ${i}` : `Other Song ${i}`);
    expect(await segments()).toBeGreaterThan(MAX_SEGMENTS);
    const before = await search('zephyrine');
    expect(before.items).toHaveLength(4);

    await runJob();

    expect(await segments()).toBe(1);
    expect(await search('zephyrine')).toEqual(before);
    expect(await search('other song')).toMatchObject({ items: expect.arrayContaining([expect.objectContaining({ id: 'merge00002' })]) });
  });

  it.runIf(dialect === 'sqlite')('folds the small segments written beside a big one into one, leaving the big one as it is', async () => {
    // A big segment as a merged index is: 2,000 tracks written 100 a transaction (automerge takes
    // their segments up a few levels), merged by FTS5's 'optimize' onto a level above them all.
    // Then small ones, a track at a time.
    for (let i = 0; i < 20; i++) await t.context.database.db.insertInto('tracks').values(Array.from({ length: 100 }, (_, j) => track(`Bulk Tune ${i * 100 + j}`))).execute();
    await sql`INSERT INTO tracks_search (tracks_search) VALUES ('optimize')`.execute(t.context.database.db);
    // Three: fewer than FTS5's default `usermerge` (4) would merge on one level.
    for (let i = 0; i < 3; i++) await writeOne(`Zephyrine Late ${i}`);
    const sizes = await t.context.repositories.searchIndex.segments('tracks_search');
    expect(sizes.length).toBeGreaterThan(2);
    const before = await search('zephyrine');
    expect(before.items).toHaveLength(7);

    await runJob();

    const after = await t.context.repositories.searchIndex.segments('tracks_search');
    expect(after).toHaveLength(2);
    expect(Math.max(...after)).toBe(Math.max(...sizes));
    expect(await search('zephyrine')).toEqual(before);
  });

  it.runIf(dialect === 'sqlite')('merges everything into one segment, a few pages a step, when folding leaves more than the target, and a stopped run is finished by the next', async () => {
    await writeOne('Zephyrine Last');
    expect(await segments()).toBeGreaterThanOrEqual(2);
    const before = await search('zephyrine');
    expect(before.items).toHaveLength(8);
    const bulk = await search('bulk tune 19');

    const index = t.context.repositories.searchIndex;
    const compactor = new SearchIndexService({ index, log: () => undefined, maxSegments: 1, stepPages: 4 });
    // Stopped after a few steps of the merge: the index is left mid-merge, and still searchable.
    const stop = new AbortController();
    let calls = 0;
    const original = index.mergeStep.bind(index);
    const spy = vi.spyOn(index, 'mergeStep').mockImplementation(async (...args) => {
      if (++calls === 5) stop.abort();
      return original(...args);
    });
    try {
      const [stopped] = await compactor.compact({ signal: stop.signal });
      expect(spy).toHaveBeenCalledTimes(5);
      // Folding left two segments, more than maxSegments: the merge into one had begun.
      expect(stopped).toMatchObject({ table: 'tracks_search', merged: true });
      expect(stopped!.segmentsAfter).toBeGreaterThan(1);
    } finally {
      spy.mockRestore();
    }
    expect(await search('zephyrine')).toEqual(before);

    // The next run carries the merge FTS5 has under way to its end.
    const [report] = await compactor.compact();
    expect(report).toMatchObject({ table: 'tracks_search', segmentsAfter: 1 });
    expect(report!.steps).toBeGreaterThan(2);
    expect(await segments()).toBe(1);
    expect(await search('zephyrine')).toEqual(before);
    expect(await search('bulk tune 19')).toEqual(bulk);
  });

  it('does nothing when every index is compact, nor on PostgreSQL', async () => {
    if (dialect === 'sqlite') {
      await runJob();
      for (const table of t.context.repositories.searchIndex.tables()) expect((await t.context.repositories.searchIndex.segments(table)).length).toBeLessThanOrEqual(1);
    } else {
      await writeOne('Zephyrine Postgres');
      expect(t.context.repositories.searchIndex.tables()).toEqual([]);
    }
    const step = vi.spyOn(t.context.repositories.searchIndex, 'mergeStep');
    const changes = dialect === 'sqlite' ? async () => (await sql<{ n: number }>`SELECT total_changes() AS n`.execute(t.context.database.db)).rows[0]!.n : async () => 0;
    try {
      const before = await changes();
      expect(await t.context.services.searchIndex.compact()).toEqual([]);
      await runJob();
      expect(step).not.toHaveBeenCalled();
      expect(await changes()).toBe(before);
    } finally {
      step.mockRestore();
    }
  });
});
