import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';

/** The two engines Platter runs on: SQLite (the embedded default) and PostgreSQL (DATABASE_URL). */
export type DialectName = 'sqlite' | 'postgres';

/**
 * Every difference between SQLite and PostgreSQL that code above db/ has to know, as named
 * helpers and settings. Repositories receive the dialect's name, look it up here once
 * (`dialectOf`), and call these helpers instead of comparing the name; services never see it. A
 * new difference is a new member here, implemented for both engines below.
 */
export interface Dialect {
  readonly name: DialectName;
  /**
   * `column` among `ids`, bound as ONE parameter whatever their number (an array on PostgreSQL, a
   * JSON array read by json_each on SQLite): the SQL is the same for any number of ids, so its
   * statement is prepared once, where `IN (?, ?, …)` made a new statement of 5,000 parameters for
   * each playlist of 5,000 tracks (80 ms to prepare).
   */
  idIn(column: Expression<unknown>, ids: readonly string[]): RawBuilder<SqlBool>;
  /** `column` among none of `ids`, one parameter as idIn; true when `ids` is empty. */
  idNotIn(column: Expression<unknown>, ids: readonly string[]): RawBuilder<SqlBool>;
  /**
   * The query's rows locked until the caller's transaction ends (`SELECT … FOR UPDATE`) on
   * PostgreSQL; unchanged on SQLite, where a transaction already holds the only writer.
   */
  forUpdate<Q extends { forUpdate(): Q }>(query: Q): Q;
  /**
   * The text lower-cased as the database's lower() does it, so that a value probes an index on
   * `lower(column)`: SQLite's lower() folds ASCII letters only, PostgreSQL's every letter.
   */
  lower(text: string): string;
  /**
   * `column` kept out of the query plan's index choice: SQLite's unary `+`, which makes its planner
   * walk another index (e.g. the newest posts first) instead of reading every listed author's rows
   * and sorting them; PostgreSQL chooses that plan by itself, so the column stays as it is.
   */
  unindexed(column: Expression<unknown>): RawBuilder<unknown>;
  /**
   * How full-text search is indexed: SQLite's FTS5 tables (tracks_search, artists_search,
   * lyrics_search: MATCH, rowids, highlight(), and segments to keep merged) or PostgreSQL's stored
   * tsvector and GIN trigram indexes (to_tsquery, ts_headline, no upkeep). Repositories that search
   * hold one query of each kind and choose by this.
   */
  readonly fullText: 'fts5' | 'gin';
  /**
   * Whether the planner merges the ordered members of a compound SELECT (`UNION ALL` under one
   * ORDER BY) by walking each member's index in order (SQLite's MERGE (UNION ALL)). PostgreSQL
   * plans a member with a WHERE as a subquery, ordered only by an ORDER BY of its own, so there
   * each member is ordered and cut in a subquery first.
   */
  readonly mergesCompoundByOrder: boolean;
  /** Sizes that suit the engine, read by the context when it builds the services. */
  readonly settings: DialectSettings;
}

export interface DialectSettings {
  /**
   * Listen batches committing at once: on PostgreSQL a batch is six round trips, so a second one
   * commits meanwhile on another pooled connection and a slow commit holds up half the listens,
   * not all. SQLite has one writer.
   */
  listenBatches: number;
  /**
   * Entries read, mapped and serialized at a time when a whole playlist is answered in slices:
   * each slice is one short stretch of the event loop. On SQLite the slice's read runs on the loop
   * too (better-sqlite3 is synchronous); on PostgreSQL the loop is free while it travels, so a
   * larger slice saves round trips (bench/catalogue.md, "in slices").
   */
  playlistEntrySlice: number;
  /**
   * Tracks per statement of the radio job, which then rests as long as its statement took
   * (bench/radio-job.md): on SQLite each statement runs on the event loop, so a few at a time.
   * Undefined: the job's own batch, without rests (PostgreSQL's statements leave the loop free).
   */
  radioStatementTracks: number | undefined;
}

const sqlite: Dialect = {
  name: 'sqlite',
  idIn: (column, ids) => sql<SqlBool>`${column} in (select value from json_each(${JSON.stringify(ids)}))`,
  idNotIn: (column, ids) => (ids.length === 0 ? sql<SqlBool>`1 = 1` : sql<SqlBool>`${column} not in (select value from json_each(${JSON.stringify(ids)}))`),
  forUpdate: (query) => query,
  lower: (text) => text.replace(/[A-Z]/g, (c) => c.toLowerCase()),
  unindexed: (column) => sql`+${column}`,
  fullText: 'fts5',
  mergesCompoundByOrder: true,
  settings: { listenBatches: 1, playlistEntrySlice: 250, radioStatementTracks: 3 },
};

const postgres: Dialect = {
  name: 'postgres',
  idIn: (column, ids) => sql<SqlBool>`${column} = any(${ids}::text[])`,
  idNotIn: (column, ids) => (ids.length === 0 ? sql<SqlBool>`1 = 1` : sql<SqlBool>`not (${column} = any(${ids}::text[]))`),
  forUpdate: (query) => query.forUpdate(),
  lower: (text) => text.toLowerCase(),
  unindexed: (column) => sql`${column}`,
  fullText: 'gin',
  mergesCompoundByOrder: false,
  settings: { listenBatches: 2, playlistEntrySlice: 500, radioStatementTracks: undefined },
};

const DIALECTS: Record<DialectName, Dialect> = { sqlite, postgres };

/** The helpers and settings of the named engine. */
export function dialectOf(name: DialectName): Dialect {
  return DIALECTS[name];
}
