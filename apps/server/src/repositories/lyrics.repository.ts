import { type Kysely, type Selectable, type SqlBool, type Transaction, sql } from 'kysely';
import { type Dialect, type DialectName, dialectOf } from '../db/dialect.js';
import type { Database, TrackLyricsTable } from '../db/schema.js';
import { MARK_CLOSE, MARK_OPEN, fts5AllWords, fts5Phrase, tsqueryAllWords, tsqueryPhrase, withOriginalText } from '../lib/lyrics-search.js';

export type LyricsRow = Selectable<TrackLyricsTable>;

/** A track whose lyrics match, and the key its highlighted lyrics are read by (the FTS5 rowid on SQLite, the track id on PostgreSQL). */
export interface LyricsMatch {
  track_id: string;
  key: string | number;
}

/** How many songs holding every word of a query are checked for the phrase. */
export const LYRICS_WINDOW = 2_000;

/** ts_headline's options: the whole text, each match between the markers lyricsSnippet reads. */
const HEADLINE_OPTIONS = `StartSel=${MARK_OPEN}, StopSel=${MARK_CLOSE}, HighlightAll=true`;

/**
 * A track's lyrics (migration lyrics): one row per track; tracks.has_lyrics moves with the row, in
 * the caller's transaction.
 */
export class LyricsRepository {
  private readonly dialect: Dialect;

  constructor(
    private readonly db: Kysely<Database>,
    dialect: DialectName,
  ) {
    this.dialect = dialectOf(dialect);
  }

  async get(trackId: string): Promise<LyricsRow | undefined> {
    return this.db.selectFrom('track_lyrics').selectAll().where('track_id', '=', trackId).executeTakeFirst();
  }

  /** Writes (inserts or replaces) the track's lyrics and sets has_lyrics; the search index follows (migration lyrics-search). */
  async put(trx: Transaction<Database>, row: LyricsRow): Promise<void> {
    const { track_id: _trackId, ...changes } = row;
    await trx
      .insertInto('track_lyrics')
      .values(row)
      .onConflict((oc) => oc.column('track_id').doUpdateSet(changes))
      .execute();
    await trx.updateTable('tracks').set({ has_lyrics: 1 }).where('id', '=', row.track_id).execute();
  }

  /** Removes the track's lyrics and clears has_lyrics; false when it had none. */
  async delete(trx: Transaction<Database>, trackId: string): Promise<boolean> {
    const deleted = await trx.deleteFrom('track_lyrics').where('track_id', '=', trackId).executeTakeFirst();
    await trx.updateTable('tracks').set({ has_lyrics: 0 }).where('id', '=', trackId).execute();
    return Number(deleted.numDeletedRows) > 0;
  }

  /**
   * Visible tracks whose lyrics hold the words as a phrase, at most `limit`, in the index's order.
   * A phrase of common words ("in the night") would have either engine check the word positions
   * of every song holding those words; so the songs holding every word are found first (an exact
   * lookup, no positions), and the phrase is checked among the first LYRICS_WINDOW of them only.
   * SQLite: the FTS5 table, which holds the lyrics of visible tracks only; the window is a rowid
   * bound. PostgreSQL: the GIN index on the stored tsvector, then the track's `hidden`.
   */
  async matches(words: string[], limit: number, window = LYRICS_WINDOW): Promise<LyricsMatch[]> {
    if (this.dialect.fullText === 'gin') return this.matchesQuery(words, limit, undefined, window).execute();
    const last = await this.db
      .selectFrom('lyrics_search')
      .select(sql<number>`lyrics_search.rowid`.as('key'))
      .where(sql<SqlBool>`lyrics_search match ${fts5AllWords(words)}`)
      .offset(window - 1)
      .limit(1)
      .executeTakeFirst();
    return this.matchesQuery(words, limit, last?.key).execute();
  }

  /**
   * The query of matches() (public so tests can EXPLAIN it); on SQLite, `upTo` is the rowid that
   * ends the window (none when fewer songs than the window hold every word).
   */
  matchesQuery(words: string[], limit: number, upTo?: number, window = LYRICS_WINDOW) {
    if (this.dialect.fullText === 'gin') {
      const holdingEveryWord = this.db
        .selectFrom('track_lyrics')
        .select(['track_lyrics.track_id', sql<string>`track_lyrics.search_vector`.as('search_vector')])
        .where(sql<SqlBool>`track_lyrics.search_vector @@ to_tsquery('lyrics_simple', ${tsqueryAllWords(words)})`)
        .limit(window)
        .as('l');
      return this.db
        .selectFrom(holdingEveryWord)
        .innerJoin('tracks', 'tracks.id', 'l.track_id')
        .select(['l.track_id', sql<string | number>`l.track_id`.as('key')])
        .where('tracks.hidden', '=', 0)
        .where(sql<SqlBool>`l.search_vector @@ to_tsquery('lyrics_simple', ${tsqueryPhrase(words)})`)
        .limit(limit);
    }
    // The CAST: the driver binds a JS number as a REAL, and FTS5 then ignores a rowid constraint.
    return this.db
      .selectFrom('lyrics_search')
      .select(['lyrics_search.track_id', sql<string | number>`lyrics_search.rowid`.as('key')])
      .where(sql<SqlBool>`lyrics_search match ${fts5Phrase(words)}`)
      .$if(upTo !== undefined, (q) => q.where(sql<SqlBool>`lyrics_search.rowid <= cast(${upTo} as integer)`))
      .limit(limit);
  }

  /** The whole lyrics of the matches, each match of the words between MARK_OPEN and MARK_CLOSE, by track id. */
  async highlighted(words: string[], matches: LyricsMatch[]): Promise<Map<string, string>> {
    if (matches.length === 0) return new Map();
    if (this.dialect.fullText === 'gin') {
      const rows = await this.db
        .selectFrom('track_lyrics')
        .select([
          'track_id',
          sql<string>`ts_headline('lyrics_simple', body, to_tsquery('lyrics_simple', ${tsqueryPhrase(words)}), ${HEADLINE_OPTIONS})`.as('text'),
        ])
        .where(
          'track_id',
          'in',
          matches.map((m) => m.track_id),
        )
        .execute();
      return new Map(rows.map((row) => [row.track_id, row.text]));
    }
    // highlight() needs the MATCH in its own query; each row is found by its rowid (CAST: as above).
    const rows = await Promise.all(
      matches.map((match) =>
        this.db
          .selectFrom('lyrics_search')
          .innerJoin('track_lyrics', 'track_lyrics.track_id', 'lyrics_search.track_id')
          .select(['lyrics_search.track_id', 'track_lyrics.body', sql<string>`highlight(lyrics_search, 1, ${MARK_OPEN}, ${MARK_CLOSE})`.as('text')])
          .where(sql<SqlBool>`lyrics_search match ${fts5Phrase(words)}`)
          .where(sql<SqlBool>`lyrics_search.rowid = cast(${Number(match.key)} as integer)`)
          .executeTakeFirst(),
      ),
    );
    return new Map(rows.flatMap((row) => (row ? [[row.track_id, withOriginalText(row.text, row.body)] as const] : [])));
  }
}
