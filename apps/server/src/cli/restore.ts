/**
 * `npm run admin -- restore --from <DIR>`: puts a backup made by `backup` (see backup.ts) onto a
 * fresh DATA_DIR and, for PostgreSQL, an empty database, both as configured for the server.
 *
 * It never overwrites: a DATA_DIR with anything in it, or a database holding any table, is refused
 * before anything is written. Every file of the backup is checked against the manifest's size and
 * SHA-256 first, so a damaged backup is refused whole. Then the database (pg_restore in one
 * transaction, or the SQLite file), then DATA_DIR's files (media, the generated secret). The schema
 * is left at the backup's level: the next start runs the migrations as any start does.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import type { Config } from '../config.js';
import { openDatabase } from '../db/database.js';
import { migrationNames } from '../db/migrate.js';
import {
  type BackupManifest,
  BackupError,
  DATA_FOLDER,
  MANIFEST_FILE,
  copyHashed,
  entriesOf,
  formatBytes,
  hashFile,
  listSome,
  manifestSchema,
  secretFingerprint,
  syncFile,
} from './backup-archive.js';
import { type FoundTool, connectionFor, findPgTool, runPgTool, serverMajor } from './postgres-tools.js';

export const RESTORE_USAGE = 'Usage: npm run admin -- restore --from <backup directory> [--pg-bin <directory holding pg_restore>]';

export interface RestoreOptions {
  from: string;
  pgBin: string | undefined;
}

export interface RestoreSummary {
  manifest: BackupManifest;
  dataFiles: number;
  dataBytes: number;
  /** Migrations the next start will run (the backup's schema is older than this version's). */
  pendingMigrations: string[];
  /** Things the operator must act on before starting (a different secret…). */
  warnings: string[];
}

/** Relative paths are the caller's (see parseBackupArgs). */
export function parseRestoreArgs(argv: string[], cwd = process.env.INIT_CWD ?? process.cwd()): RestoreOptions | { error: string } {
  let from: string | undefined;
  let pgBin: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--from') from = argv[++i];
    else if (arg.startsWith('--from=')) from = arg.slice('--from='.length);
    else if (arg === '--pg-bin') pgBin = argv[++i];
    else if (arg.startsWith('--pg-bin=')) pgBin = arg.slice('--pg-bin='.length);
    else return { error: `Unknown argument "${arg}".\n${RESTORE_USAGE}` };
  }
  if (!from) return { error: `--from is required.\n${RESTORE_USAGE}` };
  return { from: path.resolve(cwd, from), pgBin: pgBin ? path.resolve(cwd, pgBin) : undefined };
}

/** Reads and validates `<dir>/manifest.json`. */
export function readManifest(dir: string): BackupManifest {
  let text: string;
  try {
    text = fs.readFileSync(path.join(dir, MANIFEST_FILE), 'utf8');
  } catch {
    throw new BackupError(
      `${path.join(dir, MANIFEST_FILE)} is missing: ${dir} is not a Platter backup, or its backup did not finish (the manifest is written last). Use another backup.`,
    );
  }
  let parsed: ReturnType<typeof manifestSchema.safeParse>;
  try {
    parsed = manifestSchema.safeParse(JSON.parse(text));
  } catch {
    throw new BackupError(`${path.join(dir, MANIFEST_FILE)} is not valid JSON: the backup is damaged.`);
  }
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new BackupError(`${path.join(dir, MANIFEST_FILE)} is not a Platter backup manifest this version reads (${issue?.path.join('.') || 'root'}: ${issue?.message}).`);
  }
  return parsed.data;
}

/** The database's name for messages (never its password). */
const databaseName = (databaseUrl: string) => new URL(databaseUrl).pathname.replace(/^\//, '') || '(default)';

export async function restore(config: Config, options: RestoreOptions, log: (line: string) => void = () => {}): Promise<RestoreSummary> {
  const from = options.from;
  const manifest = readManifest(from);
  const dataDir = path.resolve(config.dataDir);

  // Which target this backup fits.
  if (manifest.engine === 'sqlite' && config.databaseUrl) {
    throw new BackupError(
      'This is a backup of a SQLite install, and DATABASE_URL is set. Restore it with DATABASE_URL unset (onto a fresh DATA_DIR); to move it to PostgreSQL afterwards, use `npm run admin -- migrate-to --from <that DATA_DIR>`.',
    );
  }
  if (manifest.engine === 'postgres' && !config.databaseUrl) {
    throw new BackupError('This is a backup of a PostgreSQL install: set DATABASE_URL to an empty database (createdb platter_restored) and run restore again.');
  }
  const known = new Set(migrationNames());
  const unknown = manifest.schema.migrations.filter((name) => !known.has(name));
  if (unknown.length > 0) {
    throw new BackupError(
      `This backup was made by a newer Platter (${manifest.platterVersion}, schema at ${manifest.schema.level}; this version does not know ${listSome(unknown, 3)}). Restore it with that version or a later one.`,
    );
  }
  if (manifest.media.storage === 's3' && !config.s3) {
    log(`Note: the backed-up install kept its media in the S3 bucket "${manifest.media.bucket}", and S3_BUCKET is not set here: set the S3_* variables before starting.`);
  }

  // The target must be fresh: nothing is ever overwritten.
  const dataEntries = manifest.files.filter((f) => f.path.startsWith(`${DATA_FOLDER}/`));
  if (manifest.engine === 'sqlite' || dataEntries.length > 0) {
    const present = entriesOf(dataDir);
    if (present.length > 0) {
      throw new BackupError(
        `DATA_DIR (${dataDir}) is not empty (${listSome(present)}): restore writes only into a fresh data directory, so nothing already there is overwritten. ` +
          'Point DATA_DIR at a new directory, or move this one aside first. Nothing was restored.',
      );
    }
  }
  let pgRestore: FoundTool | undefined;
  if (config.databaseUrl) {
    const manual = [
      'Restore the database by hand with a pg_restore at least as new as the pg_dump that made it' + (manifest.database.pgDumpVersion ? ` (${manifest.database.pgDumpVersion})` : '') + ':',
      `  pg_restore --no-owner --no-privileges --single-transaction --dbname="$DATABASE_URL" ${path.join(from, manifest.database.file)}`,
      dataEntries.length > 0 ? `  cp -a ${path.join(from, DATA_FOLDER)}/. "$DATA_DIR"/` : '',
    ]
      .filter(Boolean)
      .join('\n');
    pgRestore = await findPgTool('pg_restore', options.pgBin, manual);
    const dumpMajor = Number(manifest.database.pgDumpVersion?.split('.')[0] ?? 0);
    if (pgRestore.major < dumpMajor) {
      throw new BackupError(
        `${pgRestore.file} is version ${pgRestore.version}, older than the pg_dump ${manifest.database.pgDumpVersion} that made this backup, and cannot read its dump. ` +
          `Install a PostgreSQL ${dumpMajor} (or newer) client and name its directory with --pg-bin.\n${manual}`,
      );
    }
    await assertEmptyDatabase(config.databaseUrl, manifest, log);
  }

  // A damaged backup is refused whole, before anything is written.
  log(`Checking ${manifest.files.length} files against ${MANIFEST_FILE}…`);
  for (const file of manifest.files) {
    const full = path.join(from, file.path);
    let actual: { size: number; sha256: string };
    try {
      actual = await hashFile(full);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        throw new BackupError(`The backup is incomplete: ${file.path} is missing from ${from}. Nothing was restored; use another backup.`);
      }
      throw new BackupError(`${path.join(from, file.path)} cannot be read (${(error as Error).message}). Nothing was restored.`);
    }
    if (actual.size !== file.size || actual.sha256 !== file.sha256) {
      throw new BackupError(
        `The backup is damaged: ${file.path} does not match ${MANIFEST_FILE} (SHA-256 ${actual.sha256.slice(0, 16)}…, ${actual.size} bytes; expected ${file.sha256.slice(0, 16)}…, ${file.size} bytes). ` +
          'Nothing was restored; use another backup, and check the disk it is kept on.',
      );
    }
  }

  // The database.
  if (config.databaseUrl && pgRestore) {
    log(`Restoring the PostgreSQL database ${databaseName(config.databaseUrl)} (pg_restore, one transaction)…`);
    const { dbname, env } = connectionFor(config.databaseUrl);
    await runPgTool(
      pgRestore,
      ['--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', `--dbname=${dbname}`, path.join(from, manifest.database.file)],
      env,
    );
  } else {
    log(`Restoring the SQLite database into ${dataDir}…`);
    await fsp.mkdir(dataDir, { recursive: true, mode: 0o700 });
    const target = path.join(dataDir, 'platter.db');
    await copyChecked(path.join(from, manifest.database.file), `${target}.restoring`, manifest.files.find((f) => f.path === manifest.database.file)!);
    await fsp.rename(`${target}.restoring`, target);
  }

  // DATA_DIR's files.
  let bytes = 0;
  if (dataEntries.length > 0) log(`Restoring ${dataEntries.length} files into ${dataDir}…`);
  for (const file of dataEntries) {
    const relative = file.path.slice(DATA_FOLDER.length + 1);
    await copyChecked(path.join(from, file.path), path.join(dataDir, relative), file, relative === 'secret' ? 0o600 : undefined);
    bytes += file.size;
  }
  if (dataEntries.length > 0) await syncFile(dataDir);

  const applied = new Set(manifest.schema.migrations);
  const pendingMigrations = migrationNames().filter((name) => !applied.has(name));
  return { manifest, dataFiles: dataEntries.length, dataBytes: bytes, pendingMigrations, warnings: secretWarnings(manifest, config, dataDir) };
}

/** Copies one file of the backup into place and checks the copy against the manifest (a disk can fail while writing). */
async function copyChecked(from: string, to: string, expected: { path: string; size: number; sha256: string }, mode?: number): Promise<void> {
  const copied = await copyHashed(from, to, { mode });
  if (copied.size !== expected.size || copied.sha256 !== expected.sha256) {
    throw new BackupError(`${expected.path} changed while it was being restored (its copy does not match ${MANIFEST_FILE}). Remove what was restored and run restore again.`);
  }
}

async function assertEmptyDatabase(databaseUrl: string, manifest: BackupManifest, log: (line: string) => void): Promise<void> {
  const handle = openDatabase({ databaseUrl, dataDir: '.', poolSize: 1 });
  try {
    const relations = await sql<{ name: string }>`
      SELECT CASE WHEN n.nspname = 'public' THEN c.relname ELSE n.nspname || '.' || c.relname END AS name
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f')
        AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_toast%' AND n.nspname NOT LIKE 'pg\\_temp%'
      ORDER BY c.relkind <> 'r', name`.execute(handle.db);
    if (relations.rows.length > 0) {
      throw new BackupError(
        `The database ${databaseName(databaseUrl)} at DATABASE_URL is not empty (it holds ${relations.rows.length} tables and other relations: ${listSome(relations.rows.map((r) => r.name))}). ` +
          'restore writes only into an empty database, so nothing already there is overwritten. Create a new one (createdb platter_restored), point DATABASE_URL at it, and run restore again. Nothing was restored.',
      );
    }
    const version = (await sql<{ v: string; n: string }>`SELECT current_setting('server_version') AS v, current_setting('server_version_num') AS n`.execute(handle.db)).rows[0];
    const backedUpMajor = Number(manifest.database.serverVersion?.split('.')[0] ?? 0);
    if (version && serverMajor(Number(version.n)) < backedUpMajor) {
      log(`Note: the backup comes from PostgreSQL ${manifest.database.serverVersion} and this server is ${version.v.split(' ')[0]}; restoring onto an older server may fail (nothing is kept if it does).`);
    }
  } finally {
    await handle.close();
  }
}

/** What would make sessions and pending upload URLs invalid after the restore. */
function secretWarnings(manifest: BackupManifest, config: Config, dataDir: string): string[] {
  const consequence = 'every session and pending upload URL made before the backup is invalid (people sign in again; no data is lost)';
  if (manifest.secret.source === 'environment') {
    if (!config.authSecret) return [`The backed-up instance used BETTER_AUTH_SECRET from its environment: set the same value before starting, or ${consequence}.`];
    if (secretFingerprint(config.authSecret) !== manifest.secret.fingerprint) {
      return [`BETTER_AUTH_SECRET here differs from the backed-up instance's: set the same value before starting, or ${consequence}.`];
    }
    return [];
  }
  if (manifest.secret.source === 'data-dir' && config.authSecret) {
    const restored = fs.readFileSync(path.join(dataDir, 'secret'), 'utf8').trim();
    if (restored !== config.authSecret) {
      return [`BETTER_AUTH_SECRET is set here, so Platter will use it instead of the secret the backup restored into ${path.join(dataDir, 'secret')}: unset it, or ${consequence}.`];
    }
  }
  return [];
}

export function formatRestoreSummary(summary: RestoreSummary, config: Config): string {
  const { manifest } = summary;
  const lines = [
    `Restored the backup of ${manifest.createdAt} (Platter ${manifest.platterVersion}, ${manifest.engine}, schema at ${manifest.schema.level}):`,
    `  database  ${config.databaseUrl ? `PostgreSQL database ${databaseName(config.databaseUrl)}` : path.join(config.dataDir, 'platter.db')}`,
    `  DATA_DIR  ${summary.dataFiles} files, ${formatBytes(summary.dataBytes)} into ${config.dataDir}`,
  ];
  if (manifest.media.storage === 's3') lines.push(`  media     in the S3 bucket "${manifest.media.bucket}" (not in the backup): restore its objects as of ${manifest.databaseDoneAt} from the bucket's versions if needed (docs/deploy.md).`);
  for (const warning of summary.warnings) lines.push(`Warning: ${warning}`);
  lines.push(
    summary.pendingMigrations.length > 0
      ? `Start Platter on this configuration: it runs the ${summary.pendingMigrations.length} migrations this version adds at start, as usual.`
      : 'Start Platter on this configuration.',
  );
  return lines.join('\n');
}
