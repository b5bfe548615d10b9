import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SearchIndexService } from '../src/services/search-index.service.js';
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
  const segments = () => t.context.repositories.searchIndex.segments('tracks_search');

  beforeAll(async () => {
    t = await startTestApp();
    artistId = (await new Client(t.baseUrl).signUp('Merge Artist')).id;
  });
  afterAll(() => t.close());

  it.runIf(dialect === 'sqlite')('merges the segments of tracks written one at a time into one, and a search finds the same tracks', async () => {
    for (let i = 0; i < 12; i++) await writeOne(i % 3 === 0 ? `Zephyrine Night ${i}` : `Other Song ${i}`);
    expect(await segments()).toBeGreaterThan(2);
    const before = await search('zephyrine');
    expect(before.items).toHaveLength(4);

    await runJob();

    expect(await segments()).toBe(1);
    expect(await search('zephyrine')).toEqual(before);
    expect(await search('other song')).toMatchObject({ items: expect.arrayContaining([expect.objectContaining({ id: 'merge00002' })]) });
  });

  it.runIf(dialect === 'sqlite')('merges everything into one segment, a few pages a step, when folding leaves more than the target, and a stopped run is finished by the next', async () => {
    // A big segment (one transaction of 2,000 tracks) and a small one after it: folding keeps both.
    await t.context.database.db.transaction().execute(async (trx) => {
      for (let i = 0; i < 4; i++) await trx.insertInto('tracks').values(Array.from({ length: 500 }, (_, j) => track(`Bulk Tune ${i * 500 + j}`))).execute();
    });
    await writeOne('Zephyrine Late');
    expect(await segments()).toBeGreaterThanOrEqual(2);
    const before = await search('zephyrine');
    expect(before.items).toHaveLength(5);
    const bulk = await search('bulk tune 19');

    const index = t.context.repositories.searchIndex;
    const compactor = new SearchIndexService({ index, jobs: t.context.jobs, log: () => undefined, maxSegments: 1, stepPages: 4 });
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
      for (const table of t.context.repositories.searchIndex.tables()) expect(await t.context.repositories.searchIndex.segments(table)).toBeLessThanOrEqual(1);
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
