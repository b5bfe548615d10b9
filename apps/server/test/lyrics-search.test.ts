import type { LyricsHit, SearchResult } from '@platter/shared';
import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lyricsQueryWords } from '../src/lib/lyrics-search.js';
import { makeMp3 } from './support/audio-fixtures.js';
import { Client } from './support/http-client.js';
import { type TestApp, dialect, startTestApp } from './support/test-app.js';
import { getUploadUrl, put } from './support/uploads.js';

const ADMIN_EMAIL = 'lyrics-search-admin@platter.test';

interface Track {
  id: string;
  title: string;
}

async function createTrack(client: Client, fields: { title: string; visibility?: 'public' | 'unlisted' | 'private' }): Promise<Track> {
  const mp3 = await makeMp3(1);
  const urls = await getUploadUrl(client, mp3);
  expect((await put(client, urls.uploadURL, mp3)).status).toBe(200);
  const created = await client.json<Track>('POST', '/api/tracks', { genre: 'Phonk', ...fields, url: urls.fileUrl });
  expect(created.status).toBe(201);
  return created.body;
}

/** A snippet line with its marked ranges written out as [brackets], as a listener sees the highlight. */
const shown = (hit: LyricsHit | undefined) =>
  hit?.lines.map((line) => {
    let text = line.text;
    for (const mark of [...line.marks].reverse()) text = `${text.slice(0, mark.start)}[${text.slice(mark.start, mark.end)}]${text.slice(mark.end)}`;
    return text;
  });

describe(`search in lyrics (${dialect})`, () => {
  let t: TestApp;
  let owner: Client;
  let admin: Client;
  let anonymous: Client;
  let neon: Track;
  let russian: Track;
  let hidden: Track;
  let synced: Track;

  const search = async (q: string) => {
    const res = await anonymous.json<SearchResult>('GET', `/api/search?q=${encodeURIComponent(q)}`);
    expect(res.status, q).toBe(200);
    return res.body;
  };
  const hitOf = (result: SearchResult, track: Track) => result.lyrics?.find((hit) => hit.track.id === track.id);
  const setLyrics = async (track: Track, text: string) => expect((await owner.json('PUT', `/api/tracks/${track.id}/lyrics`, { text })).status).toBe(200);

  beforeAll(async () => {
    t = await startTestApp({ ADMIN_EMAILS: ADMIN_EMAIL });
    owner = new Client(t.baseUrl);
    admin = new Client(t.baseUrl);
    anonymous = new Client(t.baseUrl);
    await owner.signUp('Mira Songwriter');
    await admin.signUp('Adam Admin', ADMIN_EMAIL);
    neon = await createTrack(owner, { title: 'Night Drive' });
    russian = await createTrack(owner, { title: 'Zima' });
    hidden = await createTrack(owner, { title: 'Closed Door', visibility: 'private' });
    synced = await createTrack(owner, { title: 'Timed' });
    await setLyrics(neon, 'We ride at dawn\nUnder the neon rain tonight\nthe rain, the rain');
    await setLyrics(russian, 'Снег идёт над городом\nЁлки в огнях');
    await setLyrics(hidden, 'secret harbour lights');
    await setLyrics(synced, '[00:01.00]Paper planes fly\n[00:04.00]over the harbour lights');
  });
  afterAll(() => t.close());

  it('finds a track by a phrase of its lyrics, with the matching line and the phrase marked', async () => {
    const result = await search('neon rain');
    expect(result.tracks).toEqual([]);
    expect(result.lyrics?.map((hit) => hit.track.title)).toEqual(['Night Drive']);
    expect(shown(hitOf(result, neon))).toEqual(['Under the [neon rain] tonight']);
    // Case does not matter; words are whole (an unfinished last word finds nothing until it is complete).
    expect(shown(hitOf(await search('UNDER THE NEON'), neon))).toEqual(['[Under the neon] rain tonight']);
    expect(hitOf(await search('under the ne'), neon)).toBeUndefined();
    // The words must stand together, in order.
    expect(hitOf(await search('rain neon'), neon)).toBeUndefined();
    // Synced lyrics match by their text, not their stamps.
    expect(shown(hitOf(await search('paper planes'), synced))).toEqual(['[Paper planes] fly']);
  });

  it('marks each place of a word on the line it chose', async () => {
    expect(shown(hitOf(await search('rain'), neon))).toEqual(['Under the neon [rain] tonight']);
  });

  it('shows both lines when the phrase runs from one line to the next', async () => {
    expect(shown(hitOf(await search('planes fly over the'), synced))).toEqual(['Paper [planes fly]', '[over the] harbour lights']);
  });

  it('reads a hyphenated word as its parts, in a phrase too', async () => {
    await setLyrics(synced, 'the hello-world song\nрок-н-ролл жив');
    try {
      expect(shown(hitOf(await search('the hello'), synced))).toEqual(['[the hello]-world song']);
      expect(shown(hitOf(await search('world song'), synced))).toEqual(['the hello-[world song]']);
      expect(shown(hitOf(await search('ролл жив'), synced))).toEqual(['рок-н-[ролл жив]']);
    } finally {
      await setLyrics(synced, '[00:01.00]Paper planes fly\n[00:04.00]over the harbour lights');
    }
  });

  it('finds Russian lyrics by words as written, with ё and е alike and any case', async () => {
    expect(shown(hitOf(await search('над городом'), russian))).toEqual(['Снег идёт [над городом]']);
    expect(shown(hitOf(await search('снег идет'), russian))).toEqual(['[Снег идёт] над городом']);
    expect(shown(hitOf(await search('ЕЛКИ'), russian))).toEqual(['[Ёлки] в огнях']);
  });

  it('does not list a track by its lyrics to anyone while it is private, unlisted or hidden by an admin', async () => {
    expect((await search('harbour lights')).lyrics?.map((hit) => hit.track.title)).toEqual(['Timed']);
    // Made public, its lyrics are found; made unlisted, they go again.
    expect((await owner.json('PATCH', `/api/tracks/${hidden.id}/visibility`, { visibility: 'public' })).status).toBe(200);
    expect((await search('harbour lights')).lyrics?.map((hit) => hit.track.title).sort()).toEqual(['Closed Door', 'Timed']);
    expect((await owner.json('PATCH', `/api/tracks/${hidden.id}/visibility`, { visibility: 'unlisted' })).status).toBe(200);
    expect((await search('secret harbour')).lyrics).toEqual([]);
    expect((await owner.json('PATCH', `/api/tracks/${hidden.id}/visibility`, { visibility: 'public' })).status).toBe(200);
    expect(hitOf(await search('secret harbour'), hidden)).toBeDefined();
    await t.context.services.tracks.setHidden({ id: 'admin', isAdmin: true }, hidden.id, true);
    expect((await search('secret harbour')).lyrics).toEqual([]);
    await t.context.services.tracks.setHidden({ id: 'admin', isAdmin: true }, hidden.id, false);
    expect(hitOf(await search('secret harbour'), hidden)).toBeDefined();
    expect((await owner.json('PATCH', `/api/tracks/${hidden.id}/visibility`, { visibility: 'private' })).status).toBe(200);
    expect((await search('secret harbour')).lyrics).toEqual([]);
  });

  it('follows lyrics as they are edited and removed', async () => {
    await setLyrics(neon, 'Morning glass and copper wire');
    expect((await search('neon rain')).lyrics).toEqual([]);
    expect(shown(hitOf(await search('copper wire'), neon))).toEqual(['Morning glass and [copper wire]']);
    expect((await owner.json('DELETE', `/api/tracks/${neon.id}/lyrics`)).status).toBe(204);
    expect((await search('copper wire')).lyrics).toEqual([]);
    // Written again while private, then made public: found.
    await setLyrics(hidden, 'velvet thunder');
    expect((await search('velvet thunder')).lyrics).toEqual([]);
    expect((await owner.json('PATCH', `/api/tracks/${hidden.id}/visibility`, { visibility: 'public' })).status).toBe(200);
    expect(shown(hitOf(await search('velvet thunder'), hidden))).toEqual(['[velvet thunder]']);
    expect((await owner.json('PATCH', `/api/tracks/${hidden.id}/visibility`, { visibility: 'private' })).status).toBe(200);
  });

  it('forgets the lyrics of a deleted track', async () => {
    const gone = await createTrack(owner, { title: 'Soon Gone' });
    await setLyrics(gone, 'paper lanterns drifting');
    expect(hitOf(await search('paper lanterns'), gone)).toBeDefined();
    expect((await owner.json('DELETE', `/api/tracks/${gone.id}`)).status).toBe(204);
    expect((await search('paper lanterns')).lyrics).toEqual([]);
    if (dialect === 'sqlite') {
      const { rows } = await sql`select count(*) as n from lyrics_search where track_id = ${gone.id}`.execute(t.context.database.db);
      expect(rows).toEqual([{ n: 0 }]);
    }
  });

  it('lists a track found by its title among tracks only, not again under lyrics', async () => {
    await setLyrics(synced, 'Timed to the beat');
    const result = await search('timed');
    expect(result.tracks.map((track) => track.title)).toEqual(['Timed']);
    expect(result.lyrics).toEqual([]);
  });

  it('checks the phrase among the first songs holding every word only (the window bounds the work)', async () => {
    // The first song holds both words apart, the second holds the phrase: a window of one song misses it.
    const apart = await createTrack(owner, { title: 'Apart' });
    const together = await createTrack(owner, { title: 'Together' });
    await setLyrics(apart, 'moon above the copper sea');
    await setLyrics(together, 'a copper moon rising');
    const words = lyricsQueryWords('copper moon');
    const ids = async (window: number) => (await t.context.repositories.lyrics.matches(words, 100, window)).map((m) => m.track_id);
    expect(await ids(1)).toEqual([]);
    expect(await ids(2)).toEqual([together.id]);
    expect((await search('copper moon')).lyrics?.map((hit) => hit.track.title)).toEqual(['Together']);
  });

  it('answers odd queries with a clear status, never a 5xx', async () => {
    for (const q of ['"', '"neon', 'neon"*', "it's", '*', 'a:*', '!&|<->', 'NEAR(a b)', 'rain OR', '()', '^', '\\', "''", '%_', '¹²³', 'ф', 'x'.repeat(200), 'e\u0301', '🎵🎵🎵']) {
      const res = await anonymous.json<SearchResult>('GET', `/api/search?q=${encodeURIComponent(q)}`);
      expect(res.status, q).toBe(200);
    }
    const nul = await anonymous.json('GET', `/api/search?q=${encodeURIComponent('rain\0')}`);
    expect(nul.status).toBe(400);
  });

  it('plans the lyrics search through its full-text index', async () => {
    const compiled = t.context.repositories.lyrics.matchesQuery(lyricsQueryWords('harbour lights'), 100, 5000).compile();
    const explain = CompiledQuery.raw(`${dialect === 'postgres' ? 'EXPLAIN' : 'EXPLAIN QUERY PLAN'} ${compiled.sql}`, [...compiled.parameters]);
    const plan = await t.context.database.db.transaction().execute(async (trx) => {
      // On a tiny table a scan is cheaper; forbid it to see that the index can serve the query.
      if (dialect === 'postgres') await sql`SET LOCAL enable_seqscan = off`.execute(trx);
      const { rows } = await trx.executeQuery<Record<string, string>>(explain);
      return rows.map((r) => r['QUERY PLAN'] ?? r.detail).join('\n');
    });
    expect(plan).toMatch(dialect === 'postgres' ? /Bitmap Index Scan on track_lyrics_search_idx/ : /SCAN lyrics_search VIRTUAL TABLE INDEX/);
  });
});
