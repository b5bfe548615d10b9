import { type Expression, type Kysely, type Selectable, type SqlBool, type Transaction, sql } from 'kysely';
import type { Dialect } from '../db/dialect.js';
import type { Database, TracksTable } from '../db/schema.js';

/**
 * The query pieces every read of tracks shares: the columns a list shows, the visible tracks of a
 * filter, the search match and "id in list". Used by the track catalogue, the track rows and the
 * repositories that search by text (releases, profiles, moderation).
 */

export interface TrackFilter {
  genre?: string;
  /** Already lower-cased by the caller (JS lower-cases Cyrillic; SQLite's lower() does not). */
  search?: string;
  artistId?: string;
}

/** A track row with its artist's display name; the waveform peaks (800 numbers) only where asked for. */
export type TrackWithArtist = Omit<Selectable<TracksTable>, 'waveform' | 'words'> & {
  waveform?: string | null;
  artist_name: string;
  /** The release the track is on (left join; null when on none). */
  release_title: string | null;
  release_image_key: string | null;
};

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
  'tracks.suspended',
  'tracks.visibility',
  'tracks.secret',
  'tracks.publish_at',
  'tracks.downloadable',
  'tracks.has_lyrics',
] as const;

export type Db = Kysely<Database> | Transaction<Database>;

/**
 * `column LIKE '%text%'` with the user's `%`, `_` and `\\` matching themselves. The ESCAPE clause is
 * spelled out because SQLite has no default escape character (Postgres's is the backslash).
 */
export function containsText(column: Expression<string>, text: string): Expression<SqlBool> {
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<SqlBool>`${column} like ${pattern} escape '\\'`;
}

/** The longest run of the text with no LIKE wildcard or escape in it: what an index can look up. */
export function longestLiteralRun(text: string): string {
  return text.split(/[\\%_]/).reduce((best, run) => (run.length > best.length ? run : best), '');
}

/**
 * Case-insensitive substring match on search_text, served by an index on both engines: Postgres
 * uses its pg_trgm GIN index for the LIKE itself; on SQLite the FTS5 trigram table narrows the
 * candidates first (it needs three characters) and the exact, escaped LIKE decides.
 */
export function matchesSearch(dialect: Dialect, text: string): Expression<SqlBool> {
  const exact = containsText(sql.ref('tracks.search_text'), text);
  const run = longestLiteralRun(text);
  if (dialect.fullText === 'gin' || run.length < 3) return exact;
  return sql<SqlBool>`(tracks.id in (select track_id from tracks_search where search_text like ${`%${run}%`}) and ${exact})`;
}

/** Tracks with their artist's name and release, the list columns (no waveform peaks). */
export function trackBase(db: Db) {
  return db
    .selectFrom('tracks')
    .innerJoin('profiles', 'profiles.id', 'tracks.artist_id')
    .leftJoin('releases', 'releases.id', 'tracks.release_id')
    .select(LIST_COLUMNS)
    .select(['profiles.display_name as artist_name', 'releases.title as release_title', 'releases.image_key as release_image_key']);
}

/** Visible tracks matching the genre and artist of the filter (not its search). */
export function visibleTracks(db: Db, filter: TrackFilter) {
  let query = db.selectFrom('tracks').where('tracks.hidden', '=', 0);
  if (filter.genre) query = query.where('tracks.genre', '=', filter.genre);
  if (filter.artistId) query = query.where('tracks.artist_id', '=', filter.artistId);
  return query;
}

/** Visible tracks of the whole filter, its search included, as list rows. */
export function filteredTracks(db: Db, dialect: Dialect, filter: TrackFilter) {
  let query = trackBase(db).where('tracks.hidden', '=', 0);
  if (filter.genre) query = query.where('tracks.genre', '=', filter.genre);
  if (filter.artistId) query = query.where('tracks.artist_id', '=', filter.artistId);
  if (filter.search) query = query.where(matchesSearch(dialect, filter.search));
  return query;
}

/**
 * `tracks.id` among `ids`, as one parameter (a JSON array on SQLite, an array on PostgreSQL): the
 * SQL is the same for any number of ids, so its statement is prepared once, where `IN (?, ?, …)`
 * made a new statement of 5,000 parameters for each playlist of 5,000 tracks (80 ms to prepare).
 */
export function idIn(dialect: Dialect, ids: string[]): Expression<SqlBool> {
  return dialect.idIn(sql.ref('tracks.id'), ids);
}

/** Visible tracks by id, in no particular order (callers order them). */
export async function visibleByIds(db: Db, dialect: Dialect, ids: string[]): Promise<TrackWithArtist[]> {
  if (ids.length === 0) return [];
  return trackBase(db).where(idIn(dialect, ids)).where('tracks.hidden', '=', 0).execute();
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
