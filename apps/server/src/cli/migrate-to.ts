/**
 * `npm run admin -- migrate-to --from <DATA_DIR> [--force]`: moves a single-process install
 * (SQLite at <DATA_DIR>/platter.db, files under <DATA_DIR>/media) onto the scale-out topology.
 *
 * The target is read from the environment exactly as a deployment is configured: DATABASE_URL
 * (PostgreSQL, required) and S3_* (or, without S3_BUCKET, local disk under the target's DATA_DIR).
 * Steps: migrate the target's schema (the same migrations a start runs), refuse a target that
 * already holds users unless --force, copy every stored object (files first: a failure leaves the
 * database untouched), then every table in one transaction in foreign-key order, in batches, and
 * reset sequences. Re-runnable: a failed run rolls the database back and objects are overwritten by
 * key; --force replaces the target's rows with the source's.
 */
import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { fileTypeFromFile } from 'file-type';
import { type Kysely, sql } from 'kysely';
import type { Config } from '../config.js';
import { migrateDatabase } from '../context.js';
import { openDatabase } from '../db/database.js';
import { trackWords } from '../lib/spelling.js';
import { addMissingWords } from '../db/migrations/2026-12-03T01-00_track-words.js';
import { recountCatalogue } from '../db/migrations/2026-11-25T00-00_catalogue-counters.js';
import type { Database } from '../db/schema.js';
import { ProfileRepository } from '../repositories/profile.repository.js';
import { ProfileService } from '../services/profile.service.js';
import { createStorage } from '../storage/create-storage.js';
import { UploadSigner } from '../storage/upload-signer.js';

export const MIGRATE_TO_USAGE = 'Usage: npm run admin -- migrate-to --from <DATA_DIR of the single-process install> [--force]';

/** Rows per INSERT: well under PostgreSQL's 65535 parameters for Platter's widest table. */
const BATCH_ROWS = 500;

/**
 * Tables never copied: the migrators' own bookkeeping, SQLite's search indexes (PostgreSQL uses
 * pg_trgm for tracks and a stored tsvector for lyrics, both made from the copied rows) and the
 * catalogue counters (the target's triggers keep its own; recounted at the end).
 */
const SKIPPED_TABLE = /^(sqlite_|kysely_migration|tracks_search|lyrics_search|artists_search|catalogue_counters$)/;
/** SQLite-only columns: the key of a track's (its lyrics', an artist's) row in SQLite's search indexes. */
const SQLITE_ONLY_COLUMNS = new Set(['tracks.search_rowid', 'track_lyrics.search_rowid', 'profiles.search_rowid']);

export interface MigrateToSummary {
  tables: Array<{ table: string; rows: number }>;
  files: number;
  bytes: number;
}

export class MigrateToError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MigrateToError';
  }
}

export function parseMigrateToArgs(argv: string[]): { from: string; force: boolean } | { error: string } {
  let from: string | undefined;
  let force = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--force') force = true;
    else if (arg === '--from') from = argv[++i];
    else if (arg?.startsWith('--from=')) from = arg.slice('--from='.length);
    else return { error: `Unknown argument "${arg}".\n${MIGRATE_TO_USAGE}` };
  }
  if (!from) return { error: `--from is required.\n${MIGRATE_TO_USAGE}` };
  return { from: path.resolve(from), force };
}

type Row = Record<string, unknown>;

/** Turns a SQLite value into what the PostgreSQL column takes (better-auth keeps booleans as 0/1 and dates as text there). */
function convert(value: unknown, pgType: string): unknown {
  if (value === null || value === undefined) return null;
  if (pgType === 'boolean') return typeof value === 'string' ? value === '1' || value === 'true' : Boolean(value);
  if (pgType.startsWith('timestamp') || pgType === 'date') {
    const date = new Date(typeof value === 'number' || /^\d+$/.test(String(value)) ? Number(value) : String(value));
    if (Number.isNaN(date.getTime())) throw new MigrateToError(`Cannot read "${String(value)}" as a date`);
    return date;
  }
  return value;
}

/** Target tables ordered so that every table comes after the tables it references. */
async function foreignKeyOrder(db: Kysely<Database>, tables: string[]): Promise<string[]> {
  const { rows } = await sql<{ child: string; parent: string }>`
    SELECT DISTINCT c.conrelid::regclass::text AS child, c.confrelid::regclass::text AS parent
    FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
    WHERE c.contype = 'f' AND n.nspname = current_schema()`.execute(db);
  const strip = (name: string) => name.replace(/^"|"$/g, '');
  const parents = new Map<string, Set<string>>(tables.map((t) => [t, new Set()]));
  for (const { child, parent } of rows) {
    if (strip(child) !== strip(parent)) parents.get(strip(child))?.add(strip(parent));
  }
  const ordered: string[] = [];
  const visit = (table: string, path: string[]) => {
    if (ordered.includes(table)) return;
    if (path.includes(table)) throw new MigrateToError(`Foreign keys form a cycle: ${[...path, table].join(' → ')}`);
    for (const parent of parents.get(table) ?? []) if (parents.has(parent)) visit(parent, [...path, table]);
    ordered.push(table);
  };
  for (const table of [...tables].sort()) visit(table, []);
  return ordered;
}

/** Keys and content types the source database knows for its stored objects. */
function knownContentTypes(source: SqliteDatabase.Database): Map<string, string> {
  const types = new Map<string, string>();
  const tryAll = (query: string) => {
    try {
      for (const row of source.prepare(query).all() as Array<{ k: string | null; t: string | null }>) if (row.k && row.t) types.set(row.k, row.t);
    } catch {
      // A table or column this version of the source does not have.
    }
  };
  tryAll('SELECT storage_key AS k, coalesce(content_type, declared_type) AS t FROM uploads');
  tryAll('SELECT storage_key AS k, content_type AS t FROM tracks');
  tryAll("SELECT image_key AS k, 'image/webp' AS t FROM tracks");
  tryAll("SELECT image_key AS k, 'image/webp' AS t FROM playlists");
  return types;
}

/** Every object file under `root`, as storage keys; dot-named files and folders (`.tmp`, sidecars) are not objects. */
function* walkObjects(root: string, prefix = ''): Generator<string> {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(path.join(root, prefix), { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    if (entry.name.startsWith('.')) continue;
    const key = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) yield* walkObjects(root, key);
    else if (entry.isFile()) yield key;
  }
}

export async function migrateTo(
  config: Config,
  options: { from: string; force: boolean },
  log: (line: string) => void = () => {},
): Promise<MigrateToSummary> {
  if (!config.databaseUrl) {
    throw new MigrateToError('DATABASE_URL is not set: migrate-to copies onto PostgreSQL. Set DATABASE_URL (and S3_* for a bucket) as the deployment has them.');
  }
  const sourceFile = path.join(options.from, 'platter.db');
  if (!fs.existsSync(sourceFile)) throw new MigrateToError(`No Platter database at ${sourceFile}: --from must be the DATA_DIR of the single-process install.`);
  if (!config.s3 && path.resolve(config.dataDir) === path.resolve(options.from)) {
    throw new MigrateToError('The target DATA_DIR is the source itself: set S3_BUCKET, or a different DATA_DIR for the target\'s local disk.');
  }
  if (!config.authSecret) throw new MigrateToError('BETTER_AUTH_SECRET is not set: the target needs the secret every instance will share.');

  const source = new SqliteDatabase(sourceFile, { readonly: true, fileMustExist: true });
  const target = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
  try {
    const { db } = target;
    // The same migrations a start runs: better-auth's tables, then Platter's.
    const profiles = new ProfileService(new ProfileRepository(db, target.dialect));
    const authDeps = { config, secret: config.authSecret, db, dialect: target.dialect, profiles };
    const applied = (await migrateDatabase(target, authDeps, () => log('Waiting for another instance to finish migrating…'))).platter;
    if (applied.length > 0) log(`Target schema migrated (${applied.length} migrations).`);

    // The source must be at this version's schema, or its rows would miss columns the target expects.
    const targetMigrations = (await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(db)).rows.map((r) => r.name);
    const sourceMigrations = new Set((source.prepare('SELECT name FROM kysely_migration').all() as Array<{ name: string }>).map((r) => r.name));
    const behind = targetMigrations.filter((m) => !sourceMigrations.has(m));
    if (behind.length > 0) {
      throw new MigrateToError(
        `The source database is on an older schema (missing ${behind.join(', ')}). Start this version of Platter once on it (DATA_DIR=${options.from} npm start), stop it, then run migrate-to again.`,
      );
    }

    const users = Number((await sql<{ n: number }>`SELECT count(*)::int AS n FROM "user"`.execute(db)).rows[0]?.n ?? 0);
    if (users > 0 && !options.force) {
      throw new MigrateToError(
        `The target database already holds ${users} user${users === 1 ? '' : 's'}. Nothing was changed. Run again with --force to replace the target's data with the source's.`,
      );
    }

    // Objects first: if this fails the database is untouched; put() overwrites by key, so a re-run is safe.
    const storage = createStorage(config, new UploadSigner(`upload:${config.authSecret}`));
    const mediaRoot = path.join(options.from, 'media');
    const contentTypes = knownContentTypes(source);
    let files = 0;
    let bytes = 0;
    for (const key of walkObjects(mediaRoot)) {
      const file = path.join(mediaRoot, key);
      const contentType = contentTypes.get(key) ?? (await fileTypeFromFile(file))?.mime ?? 'application/octet-stream';
      const stored = await storage.put(key, fs.createReadStream(file), { contentType });
      files += 1;
      bytes += stored.size;
      if (files % 100 === 0) log(`  ${files} files (${bytes} bytes)…`);
    }

    // Then every table, in one transaction: all of it or nothing.
    const sourceTables = (source.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as Array<{ name: string }>)
      .map((r) => r.name)
      .filter((name) => !SKIPPED_TABLE.test(name));
    const columnRows = (
      await sql<{ table_name: string; column_name: string; data_type: string }>`
        SELECT table_name, column_name, data_type FROM information_schema.columns WHERE table_schema = current_schema()`.execute(db)
    ).rows;
    const targetColumns = new Map<string, Map<string, string>>();
    for (const c of columnRows) {
      if (!targetColumns.has(c.table_name)) targetColumns.set(c.table_name, new Map());
      targetColumns.get(c.table_name)!.set(c.column_name, c.data_type);
    }
    const missing = sourceTables.filter((t) => !targetColumns.has(t));
    if (missing.length > 0) throw new MigrateToError(`The target has no table for ${missing.join(', ')}; is it the same version of Platter?`);
    const order = await foreignKeyOrder(db, sourceTables);

    const tables: MigrateToSummary['tables'] = [];
    const trackWordCounts = new Map<string, number>();
    await db.transaction().execute(async (trx) => {
      // --force: the target's rows go (children first), so the copy is exactly the source.
      for (const table of [...order].reverse()) await sql`DELETE FROM ${sql.table(table)}`.execute(trx);
      for (const table of order) {
        const types = targetColumns.get(table)!;
        const sourceColumns = (source.prepare(`SELECT name FROM pragma_table_info(?)`).all(table) as Array<{ name: string }>)
          .map((c) => c.name)
          .filter((c) => !SQLITE_ONLY_COLUMNS.has(`${table}.${c}`));
        const columns = sourceColumns.filter((c) => types.has(c));
        const extra = sourceColumns.filter((c) => !types.has(c));
        if (extra.length > 0) throw new MigrateToError(`The target's ${table} has no column ${extra.join(', ')}; is it the same version of Platter?`);
        let rows = 0;
        let batch: Row[] = [];
        const flush = async () => {
          if (batch.length === 0) return;
          await trx.insertInto(table as keyof Database).values(batch as never).execute();
          rows += batch.length;
          batch = [];
        };
        const quoted = columns.map((c) => `"${c.replace(/"/g, '""')}"`).join(', ');
        for (const row of source.prepare(`SELECT ${quoted} FROM "${table}"`).iterate() as Iterable<Row>) {
          const converted: Row = {};
          for (const column of columns) {
            try {
              converted[column] = convert(row[column], types.get(column)!);
            } catch (error) {
              throw new MigrateToError(`${table}.${column}: ${(error as Error).message}`);
            }
          }
          // PostgreSQL's word index of search (migration track-words): the words of the copied text.
          if (table === 'tracks' && types.has('words')) {
            converted.words = trackWords(String(row.search_text ?? ''));
            for (const word of converted.words as string[]) trackWordCounts.set(word, (trackWordCounts.get(word) ?? 0) + 1);
          }
          batch.push(converted);
          if (batch.length >= BATCH_ROWS) await flush();
        }
        await flush();
        tables.push({ table, rows });
        log(`  ${table}: ${rows} rows`);
      }
      // The vocabulary must hold every word of tracks.words (the word index finds tracks by it).
      await addMissingWords(trx, trackWordCounts);
      await recountCatalogue(trx);
      // Serial columns (none in Platter's own schema today) continue after the copied ids.
      const serials = await sql<{ table_name: string; column_name: string }>`
        SELECT table_name, column_name FROM information_schema.columns
        WHERE table_schema = current_schema() AND column_default LIKE 'nextval(%'`.execute(trx);
      for (const { table_name, column_name } of serials.rows) {
        if (!order.includes(table_name)) continue;
        await sql`SELECT setval(pg_get_serial_sequence(${table_name}, ${column_name}), coalesce((SELECT max(${sql.ref(column_name)}) FROM ${sql.table(table_name)}), 0) + 1, false)`.execute(trx);
      }
    });
    return { tables, files, bytes };
  } finally {
    source.close();
    await target.close();
  }
}

export function formatSummary(summary: MigrateToSummary): string {
  const width = Math.max(...summary.tables.map((t) => t.table.length), 5);
  const lines = summary.tables.map((t) => `  ${t.table.padEnd(width)}  ${t.rows}`);
  const totalRows = summary.tables.reduce((sum, t) => sum + t.rows, 0);
  return [
    'Copied:',
    ...lines,
    `  ${'rows'.padEnd(width)}  ${totalRows} in ${summary.tables.length} tables`,
    `  ${'files'.padEnd(width)}  ${summary.files} (${summary.bytes} bytes)`,
  ].join('\n');
}
