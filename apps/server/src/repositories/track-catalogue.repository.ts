import { type Kysely, type SelectQueryBuilder, type SqlBool, type Transaction, sql } from 'kysely';
import { type Dialect, type DialectName, dialectOf } from '../db/dialect.js';
import type { Database } from '../db/schema.js';
import { words } from '../lib/spelling.js';
import { type Db, type TrackFilter, type TrackWithArtist, containsText, filteredTracks, longestLiteralRun, matchesSearch, trackBase, visibleByIds, visibleTracks } from './track-query.js';

/**
 * How many of the newest matching tracks a search reads before it asks the search index: a word
 * in many titles fills a page from them at once, without collecting and sorting every match.
 */
export const SEARCH_WINDOW = 5_000;
/**
 * One- and two-letter queries are too short for a trigram index; they match among this many of
 * the newest tracks (all of them, on a catalogue of that size or smaller).
 */
export const SHORT_QUERY_WINDOW = 20_000;
/** A search's total is counted up to this; past it the total is this, marked as capped ("500+"): 56 pages of 9. */
export const SEARCH_TOTAL_CAP = 500;
/**
 * A search that needs no total (newestMatches) reads at most this many matches from the index to
 * sort them; a query with more takes its page from the newest tracks first.
 */
export const FEW_MATCHES = 100;
/** A word the vocabulary counts in more than this many times SEARCH_TOTAL_CAP tracks is taken as capped uncounted (surelyCapped). */
const VOCABULARY_CAPPED = 4;
/**
 * On PostgreSQL a query goes to the word index (wordMatches) when the vocabulary has at most this
 * many words containing its longest word…
 */
export const WORD_EXPANSION = 200;
/** …and counts at most this many tracks for them; a commoner one takes the trigram index. */
export const WORD_PATH_TRACKS = 2 * SEARCH_TOTAL_CAP;
/** A page anchor is used when the page asked for is at most this many rows away from it. */
const ANCHOR_REACH = 200;

/**
 * A row whose place in a list is known (its key and 0-based position), so a page near it is read
 * by seeking to the key rather than by skipping every row before the page.
 */
export interface PageAnchor {
  createdAt: string;
  id: string;
  position: number;
}

/** A total that is exact, or capped at SEARCH_TOTAL_CAP. */
export interface ListTotal {
  total: number;
  capped: boolean;
}

/**
 * What the vocabulary (search_words) says of a query on PostgreSQL: how many tracks it counts the
 * query in as a whole word, and the words containing the query's longest word when they are few
 * enough for the word index (undefined when they are not, or the query has no word of three letters).
 */
export interface QueryVocabulary {
  wordTracks: number;
  containing?: string[];
}

/** The query's longest word (letters and digits, as the vocabulary splits text), if it has one of three letters or more. */
function longestWord(search: string): string | undefined {
  const longest = words(search).reduce((best, word) => ([...word].length > [...best].length ? word : best), '');
  return [...longest].length >= 3 ? longest : undefined;
}

/** Newest first, as lists are ordered: created_at, then id, both descending. */
const newestFirst = (a: { id: string; created_at: string }, b: { id: string; created_at: string }) =>
  a.created_at === b.created_at ? (a.id < b.id ? 1 : -1) : a.created_at < b.created_at ? 1 : -1;

/**
 * The catalogue: lists of visible tracks (newest first, by genre, artist or tag), search with its
 * totals, "did you mean" spelling, genre counts and charts.
 */
export class TrackCatalogueRepository {
  private readonly dialect: Dialect;

  constructor(
    private readonly db: Kysely<Database>,
    dialect: DialectName,
  ) {
    this.dialect = dialectOf(dialect);
  }

  /** The query behind the search index path of list() and count(); public so tests can EXPLAIN it. */
  filtered(filter: TrackFilter) {
    return filteredTracks(this.db, this.dialect, filter);
  }

  /** The newest visible tracks of the filter, as the page's rows (the query the home list runs; public for EXPLAIN). */
  newest(filter: Omit<TrackFilter, 'search'>) {
    return trackBase(this.db)
      .where('tracks.hidden', '=', 0)
      .$if(Boolean(filter.genre), (q) => q.where('tracks.genre', '=', filter.genre!))
      .$if(Boolean(filter.artistId), (q) => q.where('tracks.artist_id', '=', filter.artistId!))
      .orderBy('tracks.created_at', 'desc')
      .orderBy('tracks.id', 'desc');
  }

  /**
   * Newest first, one page of visible tracks. Without a search, a page is read by seeking: from
   * the anchor when one is near (the next or previous page of the one on screen), from the end of
   * the list when the page is in its older half (the total is known), else by skipping. A search
   * reads the newest matches first (SEARCH_WINDOW rows), then the search index.
   */
  async list(filter: TrackFilter, offset: number, limit: number, options: { anchor?: PageAnchor; total?: number } = {}): Promise<TrackWithArtist[]> {
    if (filter.search) return (await this.search(filter as TrackFilter & { search: string }, offset, limit, options)).rows;
    const { anchor, total } = options;
    if (anchor && offset > anchor.position && offset - anchor.position - 1 <= ANCHOR_REACH) {
      return this.newest(filter)
        .where(sql<SqlBool>`(tracks.created_at, tracks.id) < (${anchor.createdAt}, ${anchor.id})`)
        .offset(offset - anchor.position - 1)
        .limit(limit)
        .execute();
    }
    if (anchor && offset + limit <= anchor.position && anchor.position - (offset + limit) <= ANCHOR_REACH) {
      const rows = await this.oldest(filter)
        .where(sql<SqlBool>`(tracks.created_at, tracks.id) > (${anchor.createdAt}, ${anchor.id})`)
        .offset(anchor.position - (offset + limit))
        .limit(limit)
        .execute();
      return rows.reverse();
    }
    if (total !== undefined && offset >= total) return [];
    if (total !== undefined && offset > total / 2) {
      const fromEnd = Math.max(0, total - offset - limit);
      const rows = await this.oldest(filter).offset(fromEnd).limit(Math.min(limit, total - offset)).execute();
      return rows.reverse();
    }
    return this.newest(filter).offset(offset).limit(limit).execute();
  }

  /** The oldest visible tracks of the filter first (the last pages, read from the other end; public for EXPLAIN). */
  oldest(filter: Omit<TrackFilter, 'search'>) {
    return trackBase(this.db)
      .where('tracks.hidden', '=', 0)
      .$if(Boolean(filter.genre), (q) => q.where('tracks.genre', '=', filter.genre!))
      .$if(Boolean(filter.artistId), (q) => q.where('tracks.artist_id', '=', filter.artistId!))
      .orderBy('tracks.created_at', 'asc')
      .orderBy('tracks.id', 'asc');
  }

  /** Whether a search text has three characters in a row that a trigram index can look up. */
  static isShortQuery(search: string): boolean {
    return longestLiteralRun(search).length < 3;
  }

  /**
   * The ids of matching tracks among the newest `window` of the filter, newest first, at most
   * `limit` of them (public so tests can EXPLAIN it).
   */
  windowMatches(filter: TrackFilter & { search: string }, window: number, limit: number) {
    const recent = visibleTracks(this.db, filter)
      .select(['tracks.id', 'tracks.created_at', 'tracks.search_text'])
      .orderBy('tracks.created_at', 'desc')
      .orderBy('tracks.id', 'desc')
      .limit(window)
      .as('w');
    return this.db
      .selectFrom(recent)
      .select(['w.id'])
      .where(containsText(sql.ref('w.search_text'), filter.search))
      .orderBy('w.created_at', 'desc')
      .orderBy('w.id', 'desc')
      .limit(limit);
  }

  /** Visible tracks by id, in the order of the ids. */
  private async inOrder(ids: string[]): Promise<TrackWithArtist[]> {
    const rows = await visibleByIds(this.db, this.dialect, ids);
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /**
   * One page of a search, newest first, with its total counted up to SEARCH_TOTAL_CAP. The search
   * index yields matches one by one, so it is asked for at most cap + 1 of them: a rarer query
   * gets all its matches (sorted here, the total exact); a common one stops at the cap and its page
   * comes from the newest tracks (SEARCH_WINDOW), where a common word fills a page at once. Queries
   * too short for the index match among the newest SHORT_QUERY_WINDOW tracks only.
   */
  async search(filter: TrackFilter & { search: string }, offset: number, limit: number, options: { total?: number; vocabulary?: QueryVocabulary } = {}): Promise<{ rows: TrackWithArtist[] } & ListTotal> {
    const cap = SEARCH_TOTAL_CAP;
    if (TrackCatalogueRepository.isShortQuery(filter.search)) {
      const ids = (await this.windowMatches(filter, SHORT_QUERY_WINDOW, Math.max(offset + limit, cap + 1)).execute()).map((r) => r.id);
      return { rows: await this.inOrder(ids.slice(offset, offset + limit)), total: Math.min(ids.length, cap), capped: ids.length > cap };
    }
    const vocabulary = options.vocabulary ?? (this.dialect.fullText === 'gin' ? await this.vocabulary(filter.search) : undefined);
    if (vocabulary?.containing) {
      // Every match, so the page comes from them even past the cap.
      const all = (await this.wordMatchRows(filter, vocabulary.containing)).sort(newestFirst);
      return { rows: await this.inOrder(all.slice(offset, offset + limit).map((m) => m.id)), total: Math.min(all.length, cap), capped: all.length > cap };
    }
    const matches = this.surelyCapped(filter, vocabulary) ? undefined : await this.indexedMatches(filter).limit(cap + 1).execute();
    if (matches && matches.length <= cap) {
      matches.sort(newestFirst);
      return { rows: await this.inOrder(matches.slice(offset, offset + limit).map((m) => m.id)), total: matches.length, capped: false };
    }
    const recent = (await this.windowMatches(filter, SEARCH_WINDOW, offset + limit).execute()).map((r) => r.id);
    const rows =
      recent.length >= offset + limit || (options.total !== undefined && options.total <= SEARCH_WINDOW)
        ? await this.inOrder(recent.slice(offset, offset + limit))
        : await this.filtered(filter).orderBy('tracks.created_at', 'desc').orderBy('tracks.id', 'desc').offset(offset).limit(limit).execute();
    return { rows, total: cap, capped: true };
  }

  /**
   * The newest `limit` matches of a search, the same rows as search()'s first page, without
   * counting the matches (what /api/search, which shows one short list, needs). A query with at
   * most FEW_MATCHES matches gets them all from the index (sorted here); a commoner one takes them
   * from the newest SEARCH_WINDOW tracks when those hold `limit` of them, which a word in many
   * titles does in its first few hundred; only a query between the two goes on as search() does.
   * So a common word reads ~FEW_MATCHES index entries, not SEARCH_TOTAL_CAP, and a short query
   * stops at its `limit`-th match in its window.
   *
   * On PostgreSQL a word the catalogue's vocabulary (search_words) counts in more than FEW_MATCHES
   * tracks goes to the window first: the planner finds its first FEW_MATCHES + 1 matches by a scan
   * of the table, which for a word in a percent of titles ("ночь", 0.4 % at a million tracks) reads
   * ~12,600 rows (4 ms) where the window reads 5,000 by their index (0.7 ms). Either order gives
   * the same rows; the count only picks the cheaper one.
   */
  async newestMatches(filter: TrackFilter & { search: string }, limit: number): Promise<TrackWithArtist[]> {
    if (TrackCatalogueRepository.isShortQuery(filter.search)) {
      return this.inOrder((await this.windowMatches(filter, SHORT_QUERY_WINDOW, limit).execute()).map((r) => r.id));
    }
    const vocabulary = this.dialect.fullText === 'gin' ? await this.vocabulary(filter.search) : undefined;
    if (vocabulary && vocabulary.wordTracks > FEW_MATCHES) {
      const recent = (await this.windowMatches(filter, SEARCH_WINDOW, limit).execute()).map((r) => r.id);
      if (recent.length >= limit) return this.inOrder(recent);
      return (await this.search(filter, 0, limit, { vocabulary })).rows;
    }
    if (vocabulary?.containing) return this.inOrder((await this.wordMatchRows(filter, vocabulary.containing)).sort(newestFirst).slice(0, limit).map((m) => m.id));
    const few = await this.indexedMatches(filter).limit(FEW_MATCHES + 1).execute();
    if (few.length <= FEW_MATCHES) return this.inOrder(few.sort(newestFirst).slice(0, limit).map((m) => m.id));
    const recent = (await this.windowMatches(filter, SEARCH_WINDOW, limit).execute()).map((r) => r.id);
    if (recent.length >= limit) return this.inOrder(recent);
    return (await this.search(filter, 0, limit, { vocabulary })).rows;
  }

  /**
   * Whether a search certainly has more than SEARCH_TOTAL_CAP matches without counting them: on
   * PostgreSQL, a query the vocabulary counts as a whole word in more than VOCABULARY_CAPPED times
   * the cap. Counting up to the cap there means a bitmap of every track the trigram index holds
   * for the word, which grows with the catalogue: "ночь" (0.8 % of titles) took 29 ms of the home
   * filter's 39 at ten million tracks (bench/catalogue.md, the growth table). The vocabulary only
   * ever counts up (a deleted or hidden track keeps its words there), hence the margin; with a
   * genre or an artist the word's count says nothing of the filter's, so those are counted.
   */
  private surelyCapped(filter: TrackFilter, vocabulary: QueryVocabulary | undefined): boolean {
    if (!vocabulary || filter.genre || filter.artistId) return false;
    return vocabulary.wordTracks > VOCABULARY_CAPPED * SEARCH_TOTAL_CAP;
  }

  /**
   * What the vocabulary says of a query, in one round (vocabularyQuery): its whole word's count,
   * and the words containing its longest word (of three letters or more) when there are at most
   * WORD_EXPANSION of them counting at most WORD_PATH_TRACKS tracks. Every match of the query
   * lies inside one of its tracks' words and so holds one of those words: wordMatches finds them
   * by the word index, at a cost of those few tracks whatever the catalogue's size.
   */
  async vocabulary(search: string): Promise<QueryVocabulary> {
    const token = longestWord(search);
    const rows = await this.vocabularyQuery(search, token).execute();
    const exact = rows.find((r) => r.word === search);
    const wordTracks = Number(exact?.tracks ?? 0);
    if (token === undefined) return { wordTracks };
    const containing = new Map(rows.filter((r) => r.word.includes(token)).map((r) => [r.word, Number(r.tracks)]));
    // The whole word comes from both halves of the query when it contains the token; once from the second.
    if (rows.length - (exact ? 1 : 0) > WORD_EXPANSION) return { wordTracks };
    const tracks = [...containing.values()].reduce((sum, n) => sum + n, 0);
    return tracks > WORD_PATH_TRACKS ? { wordTracks } : { wordTracks, containing: [...containing.keys()] };
  }

  /** The query behind vocabulary(): the whole word by its key, then up to WORD_EXPANSION + 1 words containing `token` by search_words_trgm_idx (public for EXPLAIN). */
  vocabularyQuery(search: string, token: string | undefined) {
    const whole = this.db.selectFrom('search_words').select(['word', 'tracks']).where('word', '=', search);
    if (token === undefined) return whole;
    const containing = this.db
      .selectFrom('search_words')
      .select(['word', 'tracks'])
      .where('word', 'like', `%${token}%`)
      .limit(WORD_EXPANSION + 1)
      .as('c');
    return whole.unionAll(this.db.selectFrom(containing).select(['c.word', 'c.tracks']));
  }

  /**
   * Every match of wordMatches, read with PostgreSQL's sequential scans off for the one query
   * (withoutSequentialScans). The planner prices each word it holds no statistics for at a fixed
   * share of the table, so for a few dozen rare words ("namox": 56 words, 863 tracks at a million)
   * it expected 28,000 rows and read the table from the start until it had 501 of them: 6.5 s
   * instead of a bitmap of the 863. No LIMIT either, for the same reason (a walk of another index
   * that stops early looks cheap); the vocabulary bounds the rows at WORD_PATH_TRACKS, all of
   * them the query's matches, so the caller sorts them and takes its page.
   */
  private wordMatchRows(filter: TrackFilter & { search: string }, containing: string[]): Promise<Array<{ id: string; created_at: string }>> {
    return this.withoutSequentialScans((trx) => this.wordMatches(filter, containing, trx).execute());
  }

  /** Runs `read` in a transaction of its own with `enable_seqscan` off (PostgreSQL; public so tests can EXPLAIN in it). */
  withoutSequentialScans<T>(read: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      return read(trx);
    });
  }

  /**
   * Matching visible tracks (id, created_at) on PostgreSQL, found by the word index: those holding
   * one of `words` (tracks_words_idx), or whose words no writer gave (tracks_words_null_idx), then
   * checked against the query itself (public so tests can EXPLAIN it). The check is `position`,
   * which no index serves, so the planner cannot take the trigram index for it instead: a rare
   * word's trigrams look cheap to it, and cost what this index exists to avoid.
   */
  wordMatches(filter: TrackFilter & { search: string }, containing: string[], db: Db = this.db) {
    return visibleTracks(db, filter)
      .select(['tracks.id', 'tracks.created_at'])
      .where(sql<SqlBool>`(tracks.words && ${containing}::text[] or tracks.words is null)`)
      .where(sql<SqlBool>`position(${filter.search} in tracks.search_text) > 0`);
  }

  /**
   * Matching visible tracks (id, created_at), in the search index's order, yielded one by one
   * (public so tests can EXPLAIN it). PostgreSQL: the trigram index serves the LIKE. SQLite: the
   * FTS5 table, which holds only visible tracks with their created_at, answers a plain query alone;
   * with a genre or artist, or a LIKE wildcard typed in the query, each candidate's track is read
   * (CROSS JOIN keeps the FTS5 table outermost) and checked against the exact, escaped pattern.
   */
  indexedMatches(filter: TrackFilter & { search: string }): SelectQueryBuilder<Database, 'tracks' | 'tracks_search', { id: string; created_at: string }> {
    if (this.dialect.fullText === 'gin') return visibleTracks(this.db, filter).select(['tracks.id', 'tracks.created_at']).where(matchesSearch(this.dialect, filter.search)) as never;
    const run = longestLiteralRun(filter.search);
    const search = this.db.selectFrom('tracks_search').where(sql<SqlBool>`tracks_search.search_text like ${`%${run}%`}`);
    if (run === filter.search && !filter.genre && !filter.artistId) return search.select(['tracks_search.track_id as id', 'tracks_search.created_at']) as never;
    let query = search
      .crossJoin('tracks as t')
      .select(['t.id', 't.created_at'])
      .where(sql<SqlBool>`t.id = tracks_search.track_id`)
      .where('t.hidden', '=', 0)
      .where(containsText(sql.ref('t.search_text'), filter.search));
    if (filter.genre) query = query.where('t.genre', '=', filter.genre);
    if (filter.artistId) query = query.where('t.artist_id', '=', filter.artistId);
    return query as never;
  }

  /** Visible tracks of a filter without search, counted up to `cap` (for filters no counter keeps). */
  async countUpTo(filter: TrackFilter, cap: number): Promise<ListTotal> {
    const row = await this.db
      .selectFrom(visibleTracks(this.db, filter).select('tracks.id').limit(cap + 1).as('v'))
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const n = Number(row.n);
    return n > cap ? { total: cap, capped: true } : { total: n, capped: false };
  }

  /** Visible tracks per genre, from the counters the triggers keep (migration catalogue-counters). */
  async countByGenre(): Promise<Array<{ genre: string; count: number }>> {
    const rows = await this.db.selectFrom('catalogue_counters').select(['name', 'value']).where('name', 'like', 'genre:%').execute();
    return rows.map((r) => ({ genre: r.name.slice('genre:'.length), count: Number(r.value) }));
  }

  /** An artist's visible tracks, from the counter on their profile. */
  async visibleCountOfArtist(artistId: string): Promise<number> {
    const row = await this.db.selectFrom('profiles').select('tracks_count').where('id', '=', artistId).executeTakeFirst();
    return row?.tracks_count ?? 0;
  }

  /** Exact count of every visible track of the filter; for tests and small sets only (it reads them all). */
  async count(filter: TrackFilter): Promise<number> {
    const row = await this.filtered(filter)
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** The most listened visible tracks (ties: newest first). */
  async topByListens(limit: number): Promise<TrackWithArtist[]> {
    return this.topByListensQuery(limit).execute();
  }

  /** The query behind topByListens, a walk of tracks_listens_order_idx from its top end (public so tests can EXPLAIN it). */
  topByListensQuery(limit: number) {
    return trackBase(this.db)
      .where('tracks.hidden', '=', 0)
      .orderBy('tracks.listens_count', 'desc')
      .orderBy('tracks.created_at', 'desc')
      .limit(limit);
  }

  /** An artist's tracks with the most likes (hidden ones included: the artist's own dashboard). */
  async topByLikesOfArtist(artistId: string, limit: number): Promise<TrackWithArtist[]> {
    return trackBase(this.db)
      .where('tracks.artist_id', '=', artistId)
      .orderBy('tracks.likes_count', 'desc')
      .orderBy('tracks.created_at', 'desc')
      .limit(limit)
      .execute();
  }

  /**
   * Known words near `word` for "did you mean": those sharing its first or its last part (one of
   * them survives any `maxEdits` edits: half the word for one edit, a third for two) and of a
   * length within `maxEdits`; each one range of an index. With how many tracks brought each; a
   * word in both a prefix and a suffix range comes twice (the caller picks the closest, in no
   * order: deduplicating hundreds of candidates in a temporary B-tree cost a third of the query).
   */
  async nearWords(word: string, maxEdits: number): Promise<Array<{ word: string; tracks: number }>> {
    const rows = await this.nearWordsQuery(word, maxEdits).execute();
    return rows.map((r) => ({ word: r.word, tracks: Number(r.tracks) }));
  }

  /**
   * The query behind nearWords (public so tests can EXPLAIN it): for each length within the edits,
   * the words of that length starting with the prefix and those ending with the suffix, each one
   * range of an index on (length, word) or (length, reversed).
   */
  nearWordsQuery(word: string, maxEdits: number) {
    const chars = [...word];
    const keep = Math.max(1, Math.floor((chars.length - 1) / (maxEdits + 1)));
    const prefix = chars.slice(0, keep).join('');
    const suffix = chars.slice(-keep).reverse().join('');
    const lengths = Array.from({ length: 2 * maxEdits + 1 }, (_, i) => chars.length - maxEdits + i).filter((n) => n > 0);
    // On PostgreSQL only the words within 2 × maxEdits Levenshtein edits leave the database (a swap
    // of neighbours, one edit here, is two there); fuzzystrmatch measures words of up to 255 letters.
    const near = this.dialect.fullText === 'gin' && chars.length + maxEdits <= 255 ? sql<SqlBool>`levenshtein_less_equal(word, ${word}, ${2 * maxEdits}) <= ${2 * maxEdits}` : undefined;
    const range = (column: 'word' | 'reversed', start: string, length: number) => {
      const query = this.db.selectFrom('search_words').select(['word', 'tracks']).where('length', '=', length).where(column, '>=', start).where(column, '<', `${start}\u{10FFFF}`);
      return near ? query.where(near) : query;
    };
    const ranges = lengths.flatMap((length) => [range('word', prefix, length), range('reversed', suffix, length)]);
    return ranges.slice(1).reduce((query, range) => query.unionAll(range), ranges[0]!);
  }

  /**
   * One page of a tag's visible tracks, newest first (public so tests can EXPLAIN it): one range of
   * track_tags_tag_order_idx read from its newest end, each row's track found by its key.
   */
  byTag(tag: string) {
    return trackBase(this.db)
      .innerJoin('track_tags', 'track_tags.track_id', 'tracks.id')
      .where('track_tags.tag', '=', tag)
      .where('tracks.hidden', '=', 0)
      .orderBy('track_tags.created_at', 'desc')
      .orderBy('track_tags.track_id', 'desc');
  }

  /** A tag's tracks (hidden ones included, which are few), counted up to `cap` from the tag index alone. */
  async countTagUpTo(tag: string, cap: number): Promise<ListTotal> {
    const row = await this.db
      .selectFrom(this.db.selectFrom('track_tags').select('track_id').where('tag', '=', tag).limit(cap + 1).as('v'))
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const n = Number(row.n);
    return n > cap ? { total: cap, capped: true } : { total: n, capped: false };
  }
}
