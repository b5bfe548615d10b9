import { type Expression, type Kysely, type SelectQueryBuilder, type Selectable, type SqlBool, type Transaction, sql } from 'kysely';
import type { DialectName } from '../db/database.js';
import type { Database, NewTrack, TrackVisibility, TracksTable } from '../db/schema.js';
import { words } from '../lib/spelling.js';
import { closeGap, shiftPlaylistDurations } from './playlist.repository.js';

export interface TrackFilter {
  genre?: string;
  /** Already lower-cased by the caller (JS lower-cases Cyrillic; SQLite's lower() does not). */
  search?: string;
  artistId?: string;
}

/** A track row with its artist's display name; the waveform peaks (800 numbers) only where asked for. */
export type TrackWithArtist = Omit<Selectable<TracksTable>, 'waveform'> & {
  waveform?: string | null;
  artist_name: string;
  /** The release the track is on (left join; null when on none). */
  release_title: string | null;
  release_image_key: string | null;
};

/** Renditions are stored under this prefix, so a media key says which column names it. */
export const RENDITIONS_PREFIX = 'renditions/';

export interface AudioOutcome {
  audio_status: 'ready' | 'failed' | 'original';
  source_codec: string | null;
  source_kbps: number | null;
  loudness_lufs: number | null;
  true_peak_dbtp: number | null;
  high_key: string | null;
  saver_key: string | null;
}

/** Every track column but the waveform peaks, which lists never need. */
const LIST_COLUMNS = [
  'tracks.id',
  'tracks.title',
  'tracks.genre',
  'tracks.artist_id',
  'tracks.storage_key',
  'tracks.content_type',
  'tracks.size_bytes',
  'tracks.duration',
  'tracks.likes_count',
  'tracks.listens_count',
  'tracks.search_text',
  'tracks.hidden',
  'tracks.created_at',
  'tracks.image_key',
  'tracks.waveform_status',
  'tracks.audio_status',
  'tracks.source_codec',
  'tracks.source_kbps',
  'tracks.loudness_lufs',
  'tracks.true_peak_dbtp',
  'tracks.high_key',
  'tracks.saver_key',
  'tracks.reposts_count',
  'tracks.release_id',
  'tracks.release_position',
  'tracks.tags',
  'tracks.moderated',
  'tracks.visibility',
  'tracks.secret',
  'tracks.publish_at',
  'tracks.downloadable',
  'tracks.has_lyrics',
] as const;

/** What a visibility write may change (migration track-visibility); `hidden` follows in the same UPDATE. */
export interface AccessChanges {
  moderated?: number;
  visibility?: TrackVisibility;
  secret?: string | null;
  publish_at?: string | null;
  downloadable?: number;
}

/** A track a scheduled release made public. */
export interface PublishedTrack {
  id: string;
  artist_id: string;
}

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

type Db = Kysely<Database> | Transaction<Database>;

/**
 * `column LIKE '%text%'` with the user's `%`, `_` and `\\` matching themselves. The ESCAPE clause is
 * spelled out because SQLite has no default escape character (Postgres's is the backslash).
 */
export function containsText(column: Expression<string>, text: string): Expression<SqlBool> {
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<SqlBool>`${column} like ${pattern} escape '\\'`;
}

/** Newest first, as lists are ordered: created_at, then id, both descending. */
const newestFirst = (a: { id: string; created_at: string }, b: { id: string; created_at: string }) =>
  a.created_at === b.created_at ? (a.id < b.id ? 1 : -1) : a.created_at < b.created_at ? 1 : -1;

/** The longest run of the text with no LIKE wildcard or escape in it: what an index can look up. */
export function longestLiteralRun(text: string): string {
  return text.split(/[\\%_]/).reduce((best, run) => (run.length > best.length ? run : best), '');
}

export class TrackRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName = 'sqlite',
  ) {}

  /**
   * Case-insensitive substring match on search_text, served by an index on both engines: Postgres
   * uses its pg_trgm GIN index for the LIKE itself; on SQLite the FTS5 trigram table narrows the
   * candidates first (it needs three characters) and the exact, escaped LIKE decides.
   */
  private matchesSearch(text: string): Expression<SqlBool> {
    const exact = containsText(sql.ref('tracks.search_text'), text);
    const run = longestLiteralRun(text);
    if (this.dialect === 'postgres' || run.length < 3) return exact;
    return sql<SqlBool>`(tracks.id in (select track_id from tracks_search where search_text like ${`%${run}%`}) and ${exact})`;
  }

  private base(db: Db = this.db) {
    return db
      .selectFrom('tracks')
      .innerJoin('profiles', 'profiles.id', 'tracks.artist_id')
      .leftJoin('releases', 'releases.id', 'tracks.release_id')
      .select(LIST_COLUMNS)
      .select(['profiles.display_name as artist_name', 'releases.title as release_title', 'releases.image_key as release_image_key']);
  }

  /** Visible tracks matching the genre and artist of the filter (not its search). */
  private visible(filter: TrackFilter, db: Db = this.db) {
    let query = db.selectFrom('tracks').where('tracks.hidden', '=', 0);
    if (filter.genre) query = query.where('tracks.genre', '=', filter.genre);
    if (filter.artistId) query = query.where('tracks.artist_id', '=', filter.artistId);
    return query;
  }

  /** The query behind the search index path of list() and count(); public so tests can EXPLAIN it. */
  filtered(filter: TrackFilter) {
    let query = this.base().where('tracks.hidden', '=', 0);
    if (filter.genre) query = query.where('tracks.genre', '=', filter.genre);
    if (filter.artistId) query = query.where('tracks.artist_id', '=', filter.artistId);
    if (filter.search) query = query.where(this.matchesSearch(filter.search));
    return query;
  }

  /** The newest visible tracks of the filter, as the page's rows (the query the home list runs; public for EXPLAIN). */
  newest(filter: Omit<TrackFilter, 'search'>) {
    return this.base()
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
    return this.base()
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
    const recent = this.visible(filter)
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
    const rows = await this.getManyVisible(ids);
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
  async search(filter: TrackFilter & { search: string }, offset: number, limit: number, options: { total?: number } = {}): Promise<{ rows: TrackWithArtist[] } & ListTotal> {
    const cap = SEARCH_TOTAL_CAP;
    if (TrackRepository.isShortQuery(filter.search)) {
      const ids = (await this.windowMatches(filter, SHORT_QUERY_WINDOW, Math.max(offset + limit, cap + 1)).execute()).map((r) => r.id);
      return { rows: await this.inOrder(ids.slice(offset, offset + limit)), total: Math.min(ids.length, cap), capped: ids.length > cap };
    }
    const matches = await this.indexedMatches(filter).limit(cap + 1).execute();
    if (matches.length <= cap) {
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
    if (TrackRepository.isShortQuery(filter.search)) {
      return this.inOrder((await this.windowMatches(filter, SHORT_QUERY_WINDOW, limit).execute()).map((r) => r.id));
    }
    if (this.dialect === 'postgres' && (await this.tracksWithWord(filter.search)) > FEW_MATCHES) {
      const recent = (await this.windowMatches(filter, SEARCH_WINDOW, limit).execute()).map((r) => r.id);
      if (recent.length >= limit) return this.inOrder(recent);
      return (await this.search(filter, 0, limit)).rows;
    }
    const few = await this.indexedMatches(filter).limit(FEW_MATCHES + 1).execute();
    if (few.length <= FEW_MATCHES) return this.inOrder(few.sort(newestFirst).slice(0, limit).map((m) => m.id));
    const recent = (await this.windowMatches(filter, SEARCH_WINDOW, limit).execute()).map((r) => r.id);
    if (recent.length >= limit) return this.inOrder(recent);
    return (await this.search(filter, 0, limit)).rows;
  }

  /** How many tracks the vocabulary counts the query in, as a whole word (0 for a phrase or an unknown word). */
  private async tracksWithWord(search: string): Promise<number> {
    const row = await this.db.selectFrom('search_words').select('tracks').where('word', '=', search).executeTakeFirst();
    return Number(row?.tracks ?? 0);
  }

  /**
   * Matching visible tracks (id, created_at), in the search index's order, yielded one by one
   * (public so tests can EXPLAIN it). PostgreSQL: the trigram index serves the LIKE. SQLite: the
   * FTS5 table, which holds only visible tracks with their created_at, answers a plain query alone;
   * with a genre or artist, or a LIKE wildcard typed in the query, each candidate's track is read
   * (CROSS JOIN keeps the FTS5 table outermost) and checked against the exact, escaped pattern.
   */
  indexedMatches(filter: TrackFilter & { search: string }): SelectQueryBuilder<Database, 'tracks' | 'tracks_search', { id: string; created_at: string }> {
    if (this.dialect === 'postgres') return this.visible(filter).select(['tracks.id', 'tracks.created_at']).where(this.matchesSearch(filter.search)) as never;
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
      .selectFrom(this.visible(filter).select('tracks.id').limit(cap + 1).as('v'))
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
    return this.base()
      .where('tracks.hidden', '=', 0)
      .orderBy('tracks.listens_count', 'desc')
      .orderBy('tracks.created_at', 'desc')
      .limit(limit)
      .execute();
  }

  /** An artist's tracks with the most likes (hidden ones included: the artist's own dashboard). */
  async topByLikesOfArtist(artistId: string, limit: number): Promise<TrackWithArtist[]> {
    return this.base()
      .where('tracks.artist_id', '=', artistId)
      .orderBy('tracks.likes_count', 'desc')
      .orderBy('tracks.created_at', 'desc')
      .limit(limit)
      .execute();
  }

  /** Visible tracks by id, in no particular order (callers order them). */
  async getManyVisible(ids: string[]): Promise<TrackWithArtist[]> {
    if (ids.length === 0) return [];
    return this.base().where(this.idIn(ids)).where('tracks.hidden', '=', 0).execute();
  }

  /**
   * `tracks.id` among `ids`, as one parameter (a JSON array on SQLite, an array on PostgreSQL): the
   * SQL is the same for any number of ids, so its statement is prepared once, where `IN (?, ?, …)`
   * made a new statement of 5,000 parameters for each playlist of 5,000 tracks (80 ms to prepare).
   */
  private idIn(ids: string[]): Expression<SqlBool> {
    return this.dialect === 'postgres' ? sql<SqlBool>`tracks.id = any(${ids}::text[])` : sql<SqlBool>`tracks.id in (select value from json_each(${JSON.stringify(ids)}))`;
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
    const ranges = lengths.flatMap((length) => [
      this.db.selectFrom('search_words').select(['word', 'tracks']).where('length', '=', length).where('word', '>=', prefix).where('word', '<', `${prefix}\u{10FFFF}`),
      this.db.selectFrom('search_words').select(['word', 'tracks']).where('length', '=', length).where('reversed', '>=', suffix).where('reversed', '<', `${suffix}\u{10FFFF}`),
    ]);
    return ranges.slice(1).reduce((query, range) => query.unionAll(range), ranges[0]!);
  }

  /** Records the words of tracks' search texts (title and artist), in the transaction that writes them. */
  async addWords(db: Db, texts: string[]): Promise<void> {
    const counts = new Map<string, number>();
    for (const text of texts) for (const word of new Set(words(text))) counts.set(word, (counts.get(word) ?? 0) + 1);
    const rows = [...counts].map(([word, tracks]) => ({ word, reversed: [...word].reverse().join(''), length: [...word].length, tracks }));
    for (let i = 0; i < rows.length; i += 500) {
      await db
        .insertInto('search_words')
        .values(rows.slice(i, i + 500))
        .onConflict((oc) => oc.column('word').doUpdateSet({ tracks: sql`search_words.tracks + excluded.tracks` }))
        .execute();
    }
  }

  /** A track with its waveform peaks. */
  async getById(id: string): Promise<TrackWithArtist | undefined> {
    return this.base().select('tracks.waveform').where('tracks.id', '=', id).executeTakeFirst();
  }

  /** The track a media key belongs to: its original or one of its renditions. */
  async getByStorageKey(key: string): Promise<TrackWithArtist | undefined> {
    const byKey = (column: 'tracks.storage_key' | 'tracks.high_key' | 'tracks.saver_key') => this.base().where(column, '=', key).executeTakeFirst();
    if (!key.startsWith(RENDITIONS_PREFIX)) return byKey('tracks.storage_key');
    return (await byKey('tracks.high_key')) ?? byKey('tracks.saver_key');
  }

  /** Which of these tracks have no cover. */
  async withoutImage(ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.selectFrom('tracks').select('id').where('id', 'in', ids).where('image_key', 'is', null).execute();
    return rows.map((r) => r.id);
  }

  async existingIds(ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db.selectFrom('tracks').select('id').where('id', 'in', ids).execute();
    return new Set(rows.map((r) => r.id));
  }

  /** Inserts the track (with its tag rows) and bumps its artist's track counter in the same transaction. */
  async create(trx: Transaction<Database>, track: NewTrack): Promise<void> {
    await trx.insertInto('tracks').values(track).execute();
    const tags = parseTags(track.tags ?? '[]');
    if (tags.length > 0) await trx.insertInto('track_tags').values(tags.map((tag) => ({ track_id: track.id, tag, created_at: track.created_at }))).execute();
    await this.addWords(trx, [track.search_text]);
    if (track.hidden) return;
    await trx
      .updateTable('profiles')
      .set((eb) => ({ tracks_count: eb('tracks_count', '+', 1) }))
      .where('id', '=', track.artist_id)
      .execute();
  }

  /** An artist's tracks, newest first; hidden ones only when asked (for the owner's studio). */
  async listByArtist(artistId: string, includeHidden: boolean, limit: number): Promise<TrackWithArtist[]> {
    let query = this.base().where('tracks.artist_id', '=', artistId);
    if (!includeHidden) query = query.where('tracks.hidden', '=', 0);
    return query.orderBy('tracks.created_at', 'desc').orderBy('tracks.id', 'desc').limit(limit).execute();
  }

  /** Tracks by id, hidden ones included (for the owner's dashboard and the admins' queue). */
  async getMany(ids: string[]): Promise<TrackWithArtist[]> {
    if (ids.length === 0) return [];
    return this.base().where(this.idIn(ids)).execute();
  }

  /**
   * Deletes the track and everything that points at it: likes, comments, listens, history, reports
   * and playlist entries (each playlist's track_count lowered and the places after the entry moved up), and the artist's track counter when
   * the track was visible. Explicit rather than left to ON DELETE CASCADE, so the counters stay right.
   */
  async delete(trx: Transaction<Database>, track: { id: string; artist_id: string; hidden: number }): Promise<boolean> {
    const entries = await trx
      .selectFrom('playlist_tracks')
      .select(['playlist_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('track_id', '=', track.id)
      .groupBy('playlist_id')
      .execute();
    for (const entry of entries) {
      await trx
        .updateTable('playlists')
        .set((eb) => ({ track_count: eb('track_count', '-', Number(entry.n)) }))
        .where('id', '=', entry.playlist_id)
        .execute();
    }
    if (!track.hidden) {
      const row = await trx.selectFrom('tracks').select('duration').where('id', '=', track.id).executeTakeFirst();
      await shiftPlaylistDurations(trx, { id: track.id, duration: row?.duration ?? null }, -1);
    }
    await leaveRelease(trx, track.id);
    await trx.deleteFrom('track_tags').where('track_id', '=', track.id).execute();
    await trx.deleteFrom('track_lyrics').where('track_id', '=', track.id).execute();
    // Each entry's place is freed as removing it from the playlist would (last first, so the places
    // of this track's other entries in the same playlist stay right).
    const places = await trx.deleteFrom('playlist_tracks').where('track_id', '=', track.id).returning(['playlist_id', 'position']).execute();
    for (const place of places.sort((a, b) => b.position - a.position)) await closeGap(trx, place.playlist_id, place.position);
    await trx.deleteFrom('track_likes').where('track_id', '=', track.id).execute();
    await trx.deleteFrom('comments').where('track_id', '=', track.id).execute();
    await trx.deleteFrom('listens').where('track_id', '=', track.id).execute();
    await trx.deleteFrom('history').where('track_id', '=', track.id).execute();
    await trx.deleteFrom('reports').where('track_id', '=', track.id).execute();
    const deleted = await trx.deleteFrom('tracks').where('id', '=', track.id).executeTakeFirst();
    if (Number(deleted.numDeletedRows) === 0) return false;
    if (!track.hidden) {
      await trx.updateTable('profiles').set((eb) => ({ tracks_count: eb('tracks_count', '-', 1) })).where('id', '=', track.artist_id).execute();
    }
    return true;
  }

  /**
   * Writes a track's moderation and visibility columns, and `hidden` (= moderated OR visibility <>
   * 'public') in the same UPDATE; when hidden changes, the artist's (visible) track counter and the
   * length of the playlists holding it follow (genre counters and the search index follow by trigger).
   * The row is read first (locked on PostgreSQL). Undefined when there is no such track.
   */
  async setAccess(trx: Transaction<Database>, id: string, changes: AccessChanges): Promise<{ hiddenBefore: number; hidden: number; moderatedBefore: number } | undefined> {
    const current = await trx
      .selectFrom('tracks')
      .select(['hidden', 'moderated', 'visibility', 'artist_id', 'duration', 'release_id'])
      .where('id', '=', id)
      .$if(this.dialect === 'postgres', (q) => q.forUpdate())
      .executeTakeFirst();
    if (!current) return undefined;
    const moderated = changes.moderated ?? current.moderated;
    const visibility = changes.visibility ?? current.visibility;
    const hidden = moderated || visibility !== 'public' ? 1 : 0;
    await trx
      .updateTable('tracks')
      .set({ ...changes, hidden })
      .where('id', '=', id)
      .execute();
    if (hidden !== current.hidden) await this.followHidden(trx, { id, artist_id: current.artist_id, duration: current.duration, release_id: current.release_id }, hidden === 1);
    return { hiddenBefore: current.hidden, hidden, moderatedBefore: current.moderated };
  }

  /** The artist's visible-track counter, the playlists' lengths and its release's counters, after a track left (or came back to) the public lists. */
  private async followHidden(trx: Transaction<Database>, track: { id: string; artist_id: string; duration: number | null; release_id: string | null }, hidden: boolean): Promise<void> {
    await shiftPlaylistDurations(trx, track, hidden ? -1 : 1);
    if (track.release_id) await shiftReleaseCounters(trx, track.release_id, { duration: track.duration }, hidden ? -1 : 1);
    await trx
      .updateTable('profiles')
      .set((eb) => ({ tracks_count: eb('tracks_count', hidden ? '-' : '+', 1) }))
      .where('id', '=', track.artist_id)
      .execute();
  }

  /** Hides or shows a track (admins' moderation); false when it already was. */
  async setModerated(trx: Transaction<Database>, id: string, moderated: boolean): Promise<boolean> {
    const result = await this.setAccess(trx, id, { moderated: moderated ? 1 : 0 });
    return result !== undefined && result.moderatedBefore !== (moderated ? 1 : 0);
  }

  /** The name this had before issue 13 (an admin's hide is now `moderated`). */
  setHidden(trx: Transaction<Database>, id: string, hidden: boolean): Promise<boolean> {
    return this.setModerated(trx, id, hidden);
  }

  /** The ids of scheduled tracks due by `now`, soonest first (the partial index on publish_at). */
  async dueForPublishing(now: string, limit: number): Promise<string[]> {
    const rows = await this.dueQuery(now).limit(limit).execute();
    return rows.map((r) => r.id);
  }

  /** The query behind dueForPublishing (public so tests can EXPLAIN it). */
  dueQuery(now: string) {
    return this.db.selectFrom('tracks').select('id').where('publish_at', 'is not', null).where('publish_at', '<=', now).orderBy('publish_at');
  }

  /**
   * Makes one scheduled track public, if it is still due and not public: a conditional UPDATE, so
   * of any number of workers racing on it exactly one publishes it (the others match no row).
   * Its release date (created_at) becomes `now`, so it is new in the lists from then.
   */
  async publishIfDue(id: string, now: string): Promise<PublishedTrack | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('tracks')
        .set((eb) => ({ visibility: 'public' as const, publish_at: null, hidden: eb.ref('moderated'), created_at: now }))
        .where('id', '=', id)
        .where('visibility', '<>', 'public')
        .where('publish_at', 'is not', null)
        .where('publish_at', '<=', now)
        // A track of a scheduled release goes public with its release (ReleaseService.publishDue), announced once as the release.
        .where(sql<SqlBool>`NOT EXISTS (SELECT 1 FROM releases r WHERE r.id = tracks.release_id AND r.publish_at IS NOT NULL AND r.visibility <> 'public')`)
        .returning(['id', 'artist_id', 'duration', 'moderated', 'release_id'])
        .executeTakeFirst();
      if (!row) {
        // A schedule left on a track made public meanwhile is cleared, so it is not read again.
        await trx.updateTable('tracks').set({ publish_at: null }).where('id', '=', id).where('visibility', '=', 'public').execute();
        return undefined;
      }
      // The tag page orders by the same release date.
      await trx.updateTable('track_tags').set({ created_at: now }).where('track_id', '=', id).execute();
      if (!row.moderated) await this.followHidden(trx, row, false);
      return { id: row.id, artist_id: row.artist_id };
    });
  }

  /** A track just published (with its release): new in the lists from `now`, its tag rows too. */
  async markReleased(trx: Transaction<Database>, id: string, now: string): Promise<void> {
    await trx.updateTable('tracks').set({ created_at: now }).where('id', '=', id).execute();
    await trx.updateTable('track_tags').set({ created_at: now }).where('track_id', '=', id).execute();
  }

  /** Changes what a track says about itself; search_text comes along (the SQLite search table follows by trigger). */
  async updateDetails(id: string, changes: { title: string; genre: string; search_text: string; tags?: string[] }): Promise<void> {
    const { tags, ...columns } = changes;
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('tracks').set({ ...columns, ...(tags ? { tags: JSON.stringify(tags) } : {}) }).where('id', '=', id).execute();
      if (tags) await this.setTags(trx, id, tags);
      await this.addWords(trx, [changes.search_text]);
    });
  }

  /** Replaces the tag rows of a track (the tag page's index), each with the track's created_at. */
  async setTags(trx: Transaction<Database>, id: string, tags: string[]): Promise<void> {
    await trx.deleteFrom('track_tags').where('track_id', '=', id).execute();
    if (tags.length === 0) return;
    const row = await trx.selectFrom('tracks').select('created_at').where('id', '=', id).executeTakeFirstOrThrow();
    await trx
      .insertInto('track_tags')
      .values(tags.map((tag) => ({ track_id: id, tag, created_at: row.created_at })))
      .execute();
  }

  /**
   * One page of a tag's visible tracks, newest first (public so tests can EXPLAIN it): one range of
   * track_tags_tag_order_idx read from its newest end, each row's track found by its key.
   */
  byTag(tag: string) {
    return this.base()
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

  async setImage(id: string, imageKey: string | null): Promise<void> {
    await this.db.updateTable('tracks').set({ image_key: imageKey }).where('id', '=', id).execute();
  }

  /** Tracks whose waveform is still to be made, oldest first. */
  async pendingWaveforms(limit: number): Promise<Array<{ id: string; storage_key: string; content_type: string }>> {
    return this.db
      .selectFrom('tracks')
      .select(['id', 'storage_key', 'content_type'])
      .where('waveform_status', '=', 'pending')
      .orderBy('created_at', 'asc')
      .limit(limit)
      .execute();
  }

  /** Tracks whose `audio` job is still to run, oldest first. */
  async processingAudio(limit: number): Promise<Array<{ id: string }>> {
    return this.db.selectFrom('tracks').select('id').where('audio_status', '=', 'processing').orderBy('created_at', 'asc').limit(limit).execute();
  }

  /** Records what the media engine made of a track still processing; false when it is gone or was done meanwhile. */
  async setAudio(id: string, audio: AudioOutcome): Promise<boolean> {
    const result = await this.db
      .updateTable('tracks')
      .set(audio)
      .where('id', '=', id)
      .where('audio_status', '=', 'processing')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async setWaveform(id: string, status: 'ready' | 'unavailable', peaks: number[] | null): Promise<void> {
    await this.db
      .updateTable('tracks')
      .set({ waveform_status: status, waveform: peaks ? JSON.stringify(peaks) : null })
      .where('id', '=', id)
      .execute();
  }

  /** Keeps search_text in step with a renamed artist (it holds the artist's name). */
  async renameArtist(artistId: string, displayName: string, searchText: (title: string, artist: string, tags?: string[]) => string): Promise<void> {
    const rows = await this.db.selectFrom('tracks').select(['id', 'title', 'tags']).where('artist_id', '=', artistId).execute();
    const releases = await this.db.selectFrom('releases').select(['id', 'title']).where('artist_id', '=', artistId).execute();
    await this.db.transaction().execute(async (trx) => {
      for (const row of rows) {
        await trx.updateTable('tracks').set({ search_text: searchText(row.title, displayName, parseTags(row.tags)) }).where('id', '=', row.id).execute();
      }
      for (const release of releases) {
        await trx.updateTable('releases').set({ search_text: searchText(release.title, displayName) }).where('id', '=', release.id).execute();
      }
      if (rows.length > 0) await this.addWords(trx, [displayName]);
    });
  }
}

/** A track's tags column as a list (a bad value reads as none). */
export function parseTags(text: string | null | undefined): string[] {
  try {
    const value: unknown = JSON.parse(text ?? '[]');
    return Array.isArray(value) ? value.filter((t): t is string => typeof t === 'string') : [];
  } catch {
    return [];
  }
}

/** Moves a release's counters by one visible track (and its seconds), in the caller's transaction. */
export async function shiftReleaseCounters(trx: Transaction<Database>, releaseId: string, track: { duration: number | null }, sign: 1 | -1): Promise<void> {
  await trx
    .updateTable('releases')
    .set((eb) => ({ track_count: eb('track_count', '+', sign), duration_seconds: eb('duration_seconds', '+', sign * (track.duration ?? 0)) }))
    .where('id', '=', releaseId)
    .execute();
}

/**
 * Takes a track off its release (if on one), in the caller's transaction: the release's counters
 * drop when it was visible, and the tracks after it move up one place.
 */
export async function leaveRelease(trx: Transaction<Database>, trackId: string): Promise<void> {
  const row = await trx.selectFrom('tracks').select(['release_id', 'release_position', 'hidden', 'duration']).where('id', '=', trackId).executeTakeFirst();
  if (!row?.release_id) return;
  await trx.updateTable('tracks').set({ release_id: null, release_position: null }).where('id', '=', trackId).execute();
  if (!row.hidden) await shiftReleaseCounters(trx, row.release_id, row, -1);
  if (row.release_position !== null) {
    await trx
      .updateTable('tracks')
      .set((eb) => ({ release_position: eb('release_position', '-', 1) }))
      .where('release_id', '=', row.release_id)
      .where('release_position', '>', row.release_position)
      .execute();
  }
}
