/**
 * `npm run seed -- [--tracks 1000000] [--users 100000] [--seed 1] [--force]`: fills the configured
 * database (DATABASE_URL, or SQLite in DATA_DIR) with a synthetic catalogue at the size of a real
 * service, for benchmarks and for trying Platter at scale.
 *
 * The schema comes from the project's own migrations. Then, in one transaction: secondary indexes
 * and triggers of the filled tables are set aside (read back from the database's catalogue and
 * recreated verbatim afterwards), rows go in in large batches (prepared statements on SQLite,
 * `INSERT … SELECT FROM unnest(…)` on PostgreSQL), the search index and the catalogue counters are
 * rebuilt, and the planner's statistics refreshed. Every counter equals the rows it counts.
 *
 * What it makes: users with profiles (English and Cyrillic names; every seeded account signs in
 * with SEED_PASSWORD), a fifth of them artists with skewed track counts (the first has 20,000),
 * tracks over three years with realistic titles in the seven genres ("love" in a quarter of them,
 * rare made-up words in others), skewed likes and listens, follows (the first user follows 1,000
 * artists), posts, comments, playlists (the second user's has 5,000 tracks) and some history.
 * Seeded tracks have no audio file behind them: they are for lists, search and the feed.
 *
 * It refuses a database that holds accounts other than seeded ones unless --force, which deletes
 * every account and the whole catalogue first. A database holding only an earlier seed is replaced.
 */
import 'dotenv/config';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { hashPassword } from 'better-auth/crypto';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { migrateDatabase, resolveSecret } from '../context.js';
import { type DialectName, openDatabase } from '../db/database.js';
import { recountCatalogue } from '../db/migrations/2026-11-25T00-00_catalogue-counters.js';
import { reversedWord } from '../db/migrations/2026-11-25T00-10_search-at-scale.js';
import { FILL_ARTIST_SEARCH } from '../db/migrations/2026-11-26T15-30_artist-search.js';
import { trackWords } from '../lib/spelling.js';
import { wordsLiteral } from '../db/migrations/2026-12-03T01-00_track-words.js';
import type { Database } from '../db/schema.js';
import { ProfileRepository } from '../repositories/profile.repository.js';
import { ProfileService } from '../services/profile.service.js';
import { searchText } from '../services/track.mapper.js';
import { type CommandResult, runAsScript, withConfig } from './command.js';
import { ascendingIds, drawArtistName, drawGenre, drawSentence, drawTitle, randomSource, rareWordsFor } from './seed-data.js';
import { searchForm } from '../lib/transliteration.js';

export const SEED_USAGE = 'Usage: npm run seed -- [--tracks 1000000] [--users 100000] [--seed 1] [--force]';
/** Seeded accounts' addresses end with this (a reserved, never-delivered domain). */
export const SEED_EMAIL_DOMAIN = 'seed.platter.invalid';
/** Every seeded account's password, so benchmarks and people can sign in as any of them. */
export const SEED_PASSWORD = 'platter-seed-password';

export interface SeedOptions {
  tracks: number;
  users: number;
  seed: number;
  force: boolean;
}

export interface SeedSummary {
  rows: Record<string, number>;
  seconds: number;
}

export class SeedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SeedError';
  }
}

export function parseSeedArgs(argv: string[]): SeedOptions | { error: string } {
  const options: SeedOptions = { tracks: 1_000_000, users: 100_000, seed: 1, force: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--force') {
      options.force = true;
      continue;
    }
    const [flag, inline] = arg.split('=', 2) as [string, string | undefined];
    const key = ({ '--tracks': 'tracks', '--users': 'users', '--seed': 'seed' } as const)[flag];
    if (!key) return { error: `Unknown argument "${arg}".\n${SEED_USAGE}` };
    const raw = inline ?? argv[++i];
    const value = Number(raw?.replace(/_/g, ''));
    if (!Number.isSafeInteger(value) || value < (key === 'seed' ? 0 : 1)) {
      return { error: `${flag} takes a whole number${key === 'seed' ? '' : ' of at least 1'}, not "${raw ?? ''}".\n${SEED_USAGE}` };
    }
    options[key] = value;
  }
  if (options.users < 2) return { error: `--users must be at least 2 (listeners and an artist).\n${SEED_USAGE}` };
  return options;
}

/** Tables the seed fills, parents before children. */
const TABLES = ['user', 'account', 'profiles', 'tracks', 'search_words', 'track_likes', 'listens', 'follows', 'posts', 'comments', 'playlists', 'playlist_tracks', 'history'] as const;
type Table = (typeof TABLES)[number];
/** Emptied before a seed (children first), besides the filled tables. */
const ALSO_CLEARED = ['session', 'verification', 'post_likes', 'reports', 'uploads', 'contact_messages'];

type Value = string | number | boolean | null;

/** Where rows go: one implementation per engine, all inside one transaction. */
interface BulkWriter {
  dialect: DialectName;
  begin(): Promise<void>;
  clear(): Promise<void>;
  setAsideIndexes(): Promise<void>;
  insert(table: Table, columns: string[], rows: Value[][]): Promise<void>;
  rebuild(progress: (line: string) => void): Promise<void>;
  commit(): Promise<void>;
  rollback(): Promise<void>;
  close(): Promise<void>;
}

const quote = (name: string) => `"${name}"`;

/** A value in COPY's text format: \\N for null, and backslash, tab and line breaks escaped. */
function copyText(value: Value): string {
  if (value === null) return '\\N';
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (typeof value === 'number') return String(value);
  return value.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r'));
}

class SqliteWriter implements BulkWriter {
  readonly dialect = 'sqlite' as const;
  private readonly db: SqliteDatabase.Database;
  private readonly statements = new Map<string, SqliteDatabase.Statement>();
  private setAside: Array<{ type: string; name: string; sql: string }> = [];

  constructor(file: string) {
    this.db = new SqliteDatabase(file);
    // A rollback journal for the load: pages go to the file once, not to the WAL and then again
    // to the file at the checkpoint; the journal holds only the few pages the load overwrites.
    // Platter reopens the file in WAL mode (db/database.ts), which commit() sets back too. A file
    // another process holds open (a running Platter) cannot leave WAL mode: then it stays in it.
    try {
      this.db.pragma('journal_mode = DELETE');
    } catch {
      this.db.pragma('journal_mode = WAL');
    }
    this.db.pragma('synchronous = OFF');
    this.db.pragma('foreign_keys = OFF');
    this.db.pragma('cache_size = -262144');
    this.db.pragma('temp_store = MEMORY');
    // Helper threads for the sorts of CREATE INDEX.
    this.db.pragma('threads = 2');
  }

  async begin() {
    this.db.exec('BEGIN');
  }

  async setAsideIndexes() {
    const names = [...TABLES, 'post_likes', 'reports', 'uploads'].map((t) => `'${t}'`).join(',');
    this.setAside = this.db
      .prepare(`SELECT type, name, sql FROM sqlite_master WHERE type IN ('index', 'trigger') AND tbl_name IN (${names}) AND sql IS NOT NULL ORDER BY type, name`)
      .all() as Array<{ type: string; name: string; sql: string }>;
    for (const item of this.setAside) this.db.exec(`DROP ${item.type.toUpperCase()} ${quote(item.name)}`);
  }

  async clear() {
    for (const table of [...ALSO_CLEARED, ...[...TABLES].reverse(), 'catalogue_counters']) this.db.exec(`DELETE FROM ${quote(table)}`);
    this.db.exec('DELETE FROM tracks_search');
    this.db.exec('DELETE FROM artists_search');
  }

  async insert(table: Table, columns: string[], rows: Value[][]) {
    let statement = this.statements.get(table);
    if (!statement) {
      statement = this.db.prepare(`INSERT INTO ${quote(table)} (${columns.map(quote).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`);
      this.statements.set(table, statement);
    }
    for (const row of rows) statement.run(...row.map((v) => (typeof v === 'boolean' ? (v ? 1 : 0) : v)));
  }

  async rebuild(progress: (line: string) => void) {
    let started = Date.now();
    this.db.exec('UPDATE tracks SET search_rowid = rowid WHERE hidden = 0');
    this.db.exec('INSERT INTO tracks_search (rowid, track_id, created_at, search_text) SELECT search_rowid, id, created_at, search_text FROM tracks WHERE hidden = 0');
    for (const statement of FILL_ARTIST_SEARCH) this.db.exec(statement);
    // Merged into one segment each: the bulk insert leaves the tracks' index in 16, every one of
    // which a lookup reads (bench/catalogue.md). Offline, no request waits for the write lock.
    for (const table of ['tracks_search', 'artists_search']) this.db.exec(`INSERT INTO ${table} (${table}) VALUES ('optimize')`);
    progress(`  search index built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    started = Date.now();
    // Indexes before triggers: the recreated triggers must not run over the loaded rows.
    for (const item of this.setAside) if (item.type === 'index') this.db.exec(item.sql);
    for (const item of this.setAside) if (item.type === 'trigger') this.db.exec(item.sql);
    progress(`  ${this.setAside.filter((i) => i.type === 'index').length} indexes rebuilt in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }

  async commit() {
    this.db.exec('COMMIT');
    this.db.exec('ANALYZE');
    this.db.pragma('journal_mode = WAL');
  }

  async rollback() {
    if (this.db.inTransaction) this.db.exec('ROLLBACK');
  }

  async close() {
    this.db.close();
  }
}

class PostgresWriter implements BulkWriter {
  readonly dialect = 'postgres' as const;
  private readonly client: pg.Client;
  private types = new Map<string, string>();
  private setAside: string[] = [];

  constructor(url: string) {
    this.client = new pg.Client({ connectionString: url });
  }

  async begin() {
    await this.client.connect();
    await this.client.query('BEGIN');
    // Triggers (the counters, and the foreign-key checks, which PostgreSQL runs as triggers) are off
    // for this transaction: the rows are consistent by construction and the counters are recounted.
    await this.client.query("SET LOCAL session_replication_role = 'replica'");
    await this.client.query("SET LOCAL maintenance_work_mem = '512MB'");
    const { rows } = await this.client.query<{ table_name: string; column_name: string; udt_name: string }>(
      'SELECT table_name, column_name, udt_name FROM information_schema.columns WHERE table_schema = current_schema()',
    );
    for (const row of rows) this.types.set(`${row.table_name}.${row.column_name}`, row.udt_name);
  }

  async setAsideIndexes() {
    // Secondary indexes only: those behind primary keys and unique constraints stay.
    const { rows } = await this.client.query<{ indexname: string; indexdef: string }>(
      `SELECT i.indexname, i.indexdef FROM pg_indexes i
       WHERE i.schemaname = current_schema() AND i.tablename = ANY($1)
         AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = (quote_ident(i.schemaname) || '.' || quote_ident(i.indexname))::regclass)`,
      [[...TABLES, 'post_likes', 'reports', 'uploads']],
    );
    this.setAside = rows.map((r) => r.indexdef);
    for (const row of rows) await this.client.query(`DROP INDEX ${quote(row.indexname)}`);
  }

  async clear() {
    await this.client.query(`TRUNCATE ${[...TABLES, ...ALSO_CLEARED, 'catalogue_counters'].map(quote).join(', ')} CASCADE`);
  }

  /** One COPY per batch, in COPY's text format: the fastest way rows go into PostgreSQL. */
  async insert(table: Table, columns: string[], rows: Value[][]) {
    for (const column of columns) {
      if (!this.types.has(`${table}.${column}`)) throw new SeedError(`The ${table} table has no column ${column}: is the schema migrated?`);
    }
    const text = rows.map((row) => row.map(copyText).join('\t')).join('\n') + '\n';
    await pipeline(Readable.from([text]), this.client.query(copyFrom(`COPY ${quote(table)} (${columns.map(quote).join(', ')}) FROM STDIN`)));
  }

  async rebuild(progress: (line: string) => void) {
    const started = Date.now();
    for (const definition of this.setAside) await this.client.query(definition);
    progress(`  ${this.setAside.length} indexes rebuilt in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }

  /** Then statistics for the planner, and the visibility map, without which no index-only scan skips the table. */
  async commit() {
    await this.client.query('COMMIT');
    await this.client.query('VACUUM (ANALYZE)');
  }

  async rollback() {
    await this.client.query('ROLLBACK').catch(() => {});
  }

  async close() {
    await this.client.end();
  }
}

/** Rows per batch handed to the writer. */
const BATCH = 20_000;

class Batches {
  private readonly pending = new Map<Table, { columns: string[]; rows: Value[][] }>();
  readonly counts: Record<string, number> = {};

  constructor(private readonly writer: BulkWriter) {}

  /** Queues a row; true when the table's batch is full and should be flushed. */
  add(table: Table, columns: string[], row: Value[]): boolean {
    let batch = this.pending.get(table);
    if (!batch) this.pending.set(table, (batch = { columns, rows: [] }));
    batch.rows.push(row);
    this.counts[table] = (this.counts[table] ?? 0) + 1;
    return batch.rows.length >= BATCH;
  }

  async flush(table: Table) {
    const batch = this.pending.get(table);
    if (!batch || batch.rows.length === 0) return;
    await this.writer.insert(table, batch.columns, batch.rows);
    batch.rows = [];
  }
}

const DAY = 24 * 60 * 60 * 1000;

/** Numbers with thin spaces between thousands, for progress lines. */
const figure = (n: number) => n.toLocaleString('en-US');

/** Writes the whole catalogue through `writer`; the caller owns the transaction. */
async function generate(writer: BulkWriter, options: SeedOptions, progress: (line: string) => void): Promise<Record<string, number>> {
  const random = randomSource(options.seed);
  const out = new Batches(writer);
  const T = options.tracks;
  const U = options.users;
  const A = Math.max(1, Math.min(T, Math.round(U * 0.2)));
  const now = Date.now();
  const start = now - 3 * 365 * DAY;
  let step = Date.now();
  const done = async (table: Table, what: string = table) => {
    await out.flush(table);
    progress(`  ${what}: ${figure(out.counts[table] ?? 0)} in ${((Date.now() - step) / 1000).toFixed(1)} s`);
    step = Date.now();
  };

  // Who made which track: the first artists very large (the first 20,000 tracks at a million), the rest skewed.
  const trackArtist = new Int32Array(T);
  const fixed = [20_000, 10_000, 5_000, 3_000, 2_000].map((n) => Math.floor((n * T) / 1_000_000));
  let slot = 0;
  fixed.forEach((n, artist) => {
    for (let i = 0; i < n && slot < T && artist < A; i++) trackArtist[slot++] = artist;
  });
  const firstFree = Math.min(fixed.length, A - 1);
  for (; slot < T; slot++) trackArtist[slot] = firstFree + Math.floor((A - firstFree) * random() ** 2);
  for (let i = T - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [trackArtist[i], trackArtist[j]] = [trackArtist[j]!, trackArtist[i]!];
  }
  const tracksOf = new Int32Array(U);
  for (const artist of trackArtist) tracksOf[artist]!++;

  // Popularity: a hit list (1% of tracks) draws most likes and listens, Zipf-like within it.
  const hits = Math.max(1, Math.floor(T / 100));
  const hitTrack = Int32Array.from({ length: hits }, () => Math.floor(random() * T));
  const popularTrack = (share: number) => (random() < share ? hitTrack[Math.floor(hits * random() ** 3)]! : Math.floor(random() * T));

  // Likes as user × T + track, sorted: (user_id, track_id) is the key, and rows in key order load fastest.
  const likesOf = new Int32Array(T);
  const likeKeys = new Float64Array(T);
  for (let i = 0; i < T; i++) likeKeys[i] = Math.floor(random() * U) * T + popularTrack(0.5);
  likeKeys.sort();
  let likeCount = 0;
  for (let i = 0; i < T; i++) {
    if (i > 0 && likeKeys[i] === likeKeys[i - 1]) continue;
    likeKeys[likeCount++] = likeKeys[i]!;
    likesOf[likeKeys[i]! % T]!++;
  }
  const listenCount = T;
  const listenTrack = new Int32Array(listenCount);
  const listensOf = new Int32Array(T);
  for (let i = 0; i < listenCount; i++) {
    const track = popularTrack(0.7);
    listenTrack[i] = track;
    listensOf[track]!++;
  }

  // Follows: everyone follows a few artists, popular ones more; the first user follows 1,000.
  const follows = new Map<number, Set<number>>();
  const subscribersOf = new Int32Array(U);
  const follow = (user: number, artist: number) => {
    if (user === artist) return;
    let set = follows.get(user);
    if (!set) follows.set(user, (set = new Set()));
    if (set.has(artist)) return;
    set.add(artist);
    subscribersOf[artist]!++;
  };
  for (let artist = 0; artist < Math.min(1000, A); artist++) follow(0, artist);
  for (let user = 1; user < U; user++) {
    const n = 1 + Math.floor(-Math.log(1 - random()) * 4);
    for (let k = 0; k < n; k++) follow(user, Math.floor(A * random() ** 3));
  }

  // Users, their accounts and profiles.
  const passwordHash = await hashPassword(SEED_PASSWORD);
  // Ids are random but handed out in ascending order, so every primary key is filled by appending.
  const userIds = ascendingIds(random, U);
  const accountIds = ascendingIds(random, U);
  const names: string[] = [];
  for (let user = 0; user < U; user++) {
    const id = userIds.get(user);
    const created = new Date(start + (user / U) * (now - start - DAY)).toISOString();
    const name = drawArtistName(random, user);
    names.push(name);
    if (out.add('user', ['id', 'name', 'email', 'emailVerified', 'image', 'createdAt', 'updatedAt'], [id, name, `user${user}@${SEED_EMAIL_DOMAIN}`, true, null, created, created])) await out.flush('user');
    if (out.add('account', ['id', 'accountId', 'providerId', 'userId', 'password', 'createdAt', 'updatedAt'], [accountIds.get(user), id, 'credential', id, passwordHash, created, created])) await out.flush('account');
    if (out.add('profiles',
      ['id', 'display_name', 'photo_url', 'cover_url', 'bio', 'status', 'is_artist', 'subscribers_count', 'subscriptions_count', 'tracks_count', 'search_name', 'created_at', 'updated_at'],
      [id, name, null, null, user < A ? drawSentence(random, 8) : '', user < A ? 'artist' : 'user', 1, subscribersOf[user]!, follows.get(user)?.size ?? 0, tracksOf[user]!, searchForm(name), created, created],
    )) await out.flush('profiles');
  }
  await done('user', 'users');
  await done('account', 'accounts');
  await done('profiles', 'profiles');

  // Tracks, oldest first, a few minutes apart over three years.
  const trackIds = ascendingIds(random, T);
  const trackTime = new Float64Array(T);
  const trackDuration = new Uint16Array(T);
  const wordCounts = new Map<string, number>();
  const rareWords = rareWordsFor(T);
  const trackColumns = ['id', 'title', 'genre', 'artist_id', 'storage_key', 'content_type', 'size_bytes', 'duration', 'likes_count', 'listens_count', 'search_text', 'hidden', 'created_at', 'image_key', 'waveform_status', 'waveform'];
  // PostgreSQL's word index of search (migration track-words).
  const withWords = writer.dialect === 'postgres';
  if (withWords) trackColumns.push('words');
  for (let t = 0; t < T; t++) {
    const id = trackIds.get(t);
    trackTime[t] = start + ((t + random() * 0.9) / T) * (now - start - DAY);
    const title = drawTitle(random, rareWords);
    const artist = trackArtist[t]!;
    const text = searchText(title, names[artist]!);
    const textWords = trackWords(text);
    for (const word of textWords) wordCounts.set(word, (wordCounts.get(word) ?? 0) + 1);
    // Drawn in the order the row lists them, so the catalogue is the same for a seed as before.
    const genre = drawGenre(random);
    const size = 3_000_000 + Math.floor(random() * 6_000_000);
    trackDuration[t] = 90 + Math.floor(random() * 210);
    const row: Value[] = [id, title, genre, userIds.get(artist), `seed/${id}.mp3`, 'audio/mpeg', size, trackDuration[t]!, likesOf[t]!, listensOf[t]!, text, 0, new Date(trackTime[t]!).toISOString(), null, 'unavailable', null];
    if (withWords) row.push(wordsLiteral(textWords));
    if (out.add('tracks', trackColumns, row)) await out.flush('tracks');
  }
  await done('tracks');
  for (const [word, tracks] of [...wordCounts].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (out.add('search_words', ['word', 'reversed', 'length', 'tracks'], [word, reversedWord(word), [...word].length, tracks])) await out.flush('search_words');
  }
  await done('search_words', 'search words');

  const afterTrack = (t: number) => new Date(trackTime[t]! + random() * (now - trackTime[t]!)).toISOString();
  for (let i = 0; i < likeCount; i++) {
    const track = likeKeys[i]! % T;
    const user = Math.floor(likeKeys[i]! / T);
    if (out.add('track_likes', ['user_id', 'track_id', 'created_at'], [userIds.get(user), trackIds.get(track), afterTrack(track)])) await out.flush('track_likes');
  }
  await done('track_likes', 'likes');

  // Listens: the last 90 days (what the dashboard reads), seven in ten by signed-in listeners.
  const listenIds = ascendingIds(random, listenCount);
  for (let i = 0; i < listenCount; i++) {
    const t = listenTrack[i]!;
    const at = Math.max(trackTime[t]!, now - 90 * DAY) + random() * (now - Math.max(trackTime[t]!, now - 90 * DAY));
    const user = random() < 0.7 ? userIds.get(Math.floor(random() * U)) : null;
    if (out.add('listens', ['id', 'track_id', 'user_id', 'artist_id', 'created_at'], [listenIds.get(i), trackIds.get(t), user, userIds.get(trackArtist[t]!), new Date(at).toISOString()])) await out.flush('listens');
  }
  await done('listens');

  for (const user of [...follows.keys()].sort((a, b) => a - b)) {
    for (const artist of [...follows.get(user)!].sort((a, b) => a - b)) {
      if (out.add('follows', ['subscriber_id', 'artist_id', 'created_at'], [userIds.get(user), userIds.get(artist), new Date(start + random() * (now - start)).toISOString()])) await out.flush('follows');
    }
  }
  await done('follows');

  const posts = Math.round(T / 10);
  const postIds = ascendingIds(random, posts);
  for (let i = 0; i < posts; i++) {
    if (out.add('posts', ['id', 'author_id', 'text', 'pinned', 'likes_count', 'created_at'], [postIds.get(i), userIds.get(Math.floor(A * random() ** 2)), drawSentence(random, 6 + Math.floor(random() * 20)), 0, 0, new Date(start + (i / posts) * (now - start - DAY)).toISOString()])) await out.flush('posts');
  }
  await done('posts');

  const comments = Math.round(T / 5);
  const commentIds = ascendingIds(random, comments);
  for (let i = 0; i < comments; i++) {
    const t = popularTrack(0.5);
    if (out.add('comments', ['id', 'track_id', 'user_id', 'text', 'position_sec', 'created_at'], [commentIds.get(i), trackIds.get(t), userIds.get(Math.floor(random() * U)), drawSentence(random, 3 + Math.floor(random() * 12)), random() < 0.5 ? Math.floor(random() * 90) : null, afterTrack(t)])) await out.flush('comments');
  }
  await done('comments');

  // Playlists: a few of thousands of tracks (the second user's has 5,000), many of a few dozen.
  const bigOnes = [5_000, 2_000, 1_000, 500].map((n) => Math.min(n, T));
  const sizes = [...bigOnes, ...Array.from({ length: Math.round(U / 10) }, () => 5 + Math.floor(random() * 26))];
  const playlistIds = ascendingIds(random, sizes.length);
  const entryIds = ascendingIds(random, sizes.reduce((sum, n) => sum + n, 0));
  let entry = 0;
  for (let p = 0; p < sizes.length; p++) {
    const owner = p < bigOnes.length ? Math.min(p + 1, U - 1) : Math.floor(random() * U);
    const size = sizes[p]!;
    const id = playlistIds.get(p);
    const created = new Date(start + random() * (now - start)).toISOString();
    const name = p < bigOnes.length ? `Everything ${p + 1}` : drawTitle(random);
    const isPublic = p < bigOnes.length || random() < 0.5 ? 1 : 0;
    const tracks = Array.from({ length: size }, () => popularTrack(0.3));
    const seconds = tracks.reduce((sum, t) => sum + trackDuration[t]!, 0);
    if (out.add('playlists', ['id', 'user_id', 'name', 'is_public', 'track_count', 'duration_seconds', 'image_key', 'created_at', 'updated_at'], [id, userIds.get(owner), name, isPublic, size, seconds, null, created, created])) await out.flush('playlists');
    for (const [position, t] of tracks.entries()) {
      if (out.add('playlist_tracks', ['id', 'playlist_id', 'track_id', 'position', 'added_at'], [entryIds.get(entry++), id, trackIds.get(t), position, created])) await out.flush('playlist_tracks');
    }
  }
  await done('playlists');
  await done('playlist_tracks', 'playlist entries');

  const historyIds = ascendingIds(random, Math.min(U, 1000) * 20);
  for (let user = 0; user < Math.min(U, 1000); user++) {
    for (let k = 0; k < 20; k++) {
      const t = popularTrack(0.5);
      if (out.add('history', ['id', 'user_id', 'track_id', 'played_at'], [historyIds.get(user * 20 + k), userIds.get(user), trackIds.get(t), afterTrack(t)])) await out.flush('history');
    }
  }
  await done('history');
  return out.counts;
}

/** Refuses (SeedError) a database with accounts that are not seeded ones, unless forced. */
async function checkTarget(db: Kysely<Database>, force: boolean): Promise<void> {
  const row = await db
    .selectFrom('user')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('email', 'not like', `%@${SEED_EMAIL_DOMAIN}`)
    .executeTakeFirstOrThrow();
  const real = Number(row.n);
  if (real > 0 && !force) {
    throw new SeedError(
      `This database holds ${figure(real)} real account${real === 1 ? '' : 's'}: seeding would delete ${real === 1 ? 'it' : 'them'} with the whole catalogue. ` +
        'Point DATABASE_URL or DATA_DIR at a database for testing, or add --force to replace everything.',
    );
  }
}

export async function seedDatabase(
  config: { databaseUrl?: string; dataDir: string },
  authDeps: (database: { db: Kysely<Database>; dialect: DialectName }) => Parameters<typeof migrateDatabase>[1],
  options: SeedOptions,
  progress: (line: string) => void = () => {},
): Promise<SeedSummary> {
  const started = Date.now();
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
  try {
    await migrateDatabase(database, authDeps(database), () => progress('Waiting for another instance to finish migrating…'));
    await checkTarget(database.db, options.force);
  } finally {
    await database.close();
  }
  const writer: BulkWriter = config.databaseUrl ? new PostgresWriter(config.databaseUrl) : new SqliteWriter(path.join(config.dataDir, 'platter.db'));
  let rows: Record<string, number>;
  try {
    await writer.begin();
    await writer.setAsideIndexes();
    await writer.clear();
    rows = await generate(writer, options, progress);
    await writer.rebuild(progress);
    await writer.commit();
  } catch (error) {
    await writer.rollback();
    throw error;
  } finally {
    await writer.close();
  }
  // The counters from the loaded rows, through the same function the migration fills them with.
  const after = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 1 });
  try {
    await after.db.transaction().execute((trx) => recountCatalogue(trx));
  } finally {
    await after.close();
  }
  return { rows, seconds: (Date.now() - started) / 1000 };
}

export async function runSeed(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  progress: (line: string) => void = (line) => console.log(line),
): Promise<CommandResult> {
  const options = parseSeedArgs(argv);
  if ('error' in options) return { code: 2, output: options.error };
  return withConfig(
    env,
    async (config) => {
      const where = config.databaseUrl ? 'PostgreSQL' : `SQLite in ${config.dataDir}`;
      progress(`Seeding ${where}: ${figure(options.tracks)} tracks, ${figure(options.users)} users (seed ${options.seed})…`);
      const summary = await seedDatabase(
        config,
        ({ db, dialect }) => ({ config, secret: resolveSecret(config), db, dialect, profiles: new ProfileService(new ProfileRepository(db, dialect)) }),
        options,
        progress,
      );
      return { code: 0, output: `Seeded ${where} in ${summary.seconds.toFixed(0)} s. Every seeded account signs in with the password "${SEED_PASSWORD}" (user0@${SEED_EMAIL_DOMAIN} … user${options.users - 1}@${SEED_EMAIL_DOMAIN}).` };
    },
    [SeedError],
  );
}

runAsScript(import.meta.url, 'platter seed', () => runSeed(process.argv.slice(2)));
