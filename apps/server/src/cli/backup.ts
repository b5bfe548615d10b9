/**
 * `npm run admin -- backup --to <DIR>`: a backup of a running Platter, taken without stopping it.
 *
 * First the database, as one consistent snapshot: SQLite through its online backup API (one step
 * under one read transaction, which in WAL mode never waits for or blocks Platter's writer), or
 * PostgreSQL through `pg_dump --format=custom --no-owner` (one repeatable-read snapshot). Then
 * DATA_DIR's files (the media on local disk, the generated secret, the operator's downloads): a
 * file is stored before any row refers to it, so files copied after the snapshot include every file
 * the snapshot knows. Media in an S3 bucket is not copied: the bucket's own versioning or
 * replication keeps it (docs/deploy.md), and the manifest names the bucket. Last, manifest.json
 * (see backup-archive.ts). Every write acknowledged before the command started is in the backup.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import type { Config } from '../config.js';
import { openDatabase } from '../db/database.js';
import {
  type BackupManifest,
  BackupError,
  DATA_FOLDER,
  MANIFEST_FILE,
  type ManifestFile,
  POSTGRES_FILE,
  SQLITE_FILE,
  copyHashed,
  dataFiles,
  entriesOf,
  formatBytes,
  hashFile,
  listSome,
  platterVersion,
  secretFingerprint,
  syncFile,
} from './backup-archive.js';
import { type FoundTool, connectionFor, findPgTool, runPgTool, serverMajor } from './postgres-tools.js';

export const BACKUP_USAGE = 'Usage: npm run admin -- backup --to <new or empty directory> [--pg-bin <directory holding pg_dump>]';

export interface BackupOptions {
  to: string;
  pgBin: string | undefined;
}

export interface BackupSummary {
  dir: string;
  manifest: BackupManifest;
  databaseBytes: number;
  dataFiles: number;
  dataBytes: number;
  /** Files listed in DATA_DIR that were gone when their turn to be copied came (deleted meanwhile). */
  vanished: number;
}

/** More pages than any database has: the rest of the copy is one step, so one snapshot. */
const ALL_PAGES = 0x7fffffff;

/**
 * Relative paths are the caller's: `npm run admin` runs in the repository's root, and npm passes the
 * directory it was called from as INIT_CWD.
 */
export function parseBackupArgs(argv: string[], cwd = process.env.INIT_CWD ?? process.cwd()): BackupOptions | { error: string } {
  let to: string | undefined;
  let pgBin: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--to') to = argv[++i];
    else if (arg.startsWith('--to=')) to = arg.slice('--to='.length);
    else if (arg === '--pg-bin') pgBin = argv[++i];
    else if (arg.startsWith('--pg-bin=')) pgBin = arg.slice('--pg-bin='.length);
    else return { error: `Unknown argument "${arg}".\n${BACKUP_USAGE}` };
  }
  if (!to) return { error: `--to is required.\n${BACKUP_USAGE}` };
  return { to: path.resolve(cwd, to), pgBin: pgBin ? path.resolve(cwd, pgBin) : undefined };
}

const isInside = (child: string, parent: string) => {
  const relative = path.relative(parent, child);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
};

/** The commands that do by hand what `backup` does, for when pg_dump cannot run here. */
function manualPostgresBackup(dir: string, config: Config): string {
  const media = config.s3 ? '' : `\n  cp -a ${config.dataDir}/. ${dir}/data/    # DATA_DIR: media on local disk, downloads`;
  return [
    'Back the database up by hand with a pg_dump of the server\'s major version or newer (docs/deploy.md, "Backups and restore"):',
    `  pg_dump --format=custom --no-owner --file=${dir}/platter.dump "$DATABASE_URL"${media}`,
    'and restore such a dump with pg_restore --no-owner --no-privileges --single-transaction --dbname=<empty database> platter.dump.',
  ].join('\n');
}

export async function backup(config: Config, options: BackupOptions, log: (line: string) => void = () => {}): Promise<BackupSummary> {
  const dir = options.to;
  const dataDir = path.resolve(config.dataDir);
  if (isInside(dir, dataDir)) {
    throw new BackupError(`--to ${dir} is inside DATA_DIR (${dataDir}): the next backup would copy this one into itself. Choose a directory outside DATA_DIR.`);
  }
  const existing = entriesOf(dir);
  if (existing.length > 0) {
    throw new BackupError(`${dir} is not empty (${listSome(existing)}): a backup goes into a new or empty directory, such as --to /var/backups/platter/$(date +%F-%H%M).`);
  }

  // Everything that can be checked before writing anything is checked first.
  const pgDump = config.databaseUrl ? await findPgTool('pg_dump', options.pgBin, manualPostgresBackup(dir, config)) : undefined;

  const createdDir = !fs.existsSync(dir);
  await fsp.mkdir(path.join(dir, 'database'), { recursive: true, mode: 0o700 });
  try {
    const createdAt = new Date().toISOString();
    const files: ManifestFile[] = [];
    let database: BackupManifest['database'];
    let migrations: string[];
    if (config.databaseUrl && pgDump) {
      log('Dumping the PostgreSQL database (pg_dump, one consistent snapshot)…');
      const dumped = await dumpPostgres(config.databaseUrl, pgDump, path.join(dir, POSTGRES_FILE), manualPostgresBackup(dir, config));
      migrations = dumped.migrations;
      database = { file: POSTGRES_FILE, serverVersion: dumped.serverVersion, pgDumpVersion: pgDump.version };
    } else {
      log('Copying the SQLite database (online backup API, one consistent snapshot)…');
      migrations = await snapshotSqlite(path.join(dataDir, 'platter.db'), path.join(dir, SQLITE_FILE));
      database = { file: SQLITE_FILE };
    }
    // The database holds password hashes and sessions: readable by its owner only, like the rest.
    await fsp.chmod(path.join(dir, database.file), 0o600);
    const databaseDoneAt = new Date().toISOString();
    const databaseFile = { path: database.file, ...(await hashFile(path.join(dir, database.file))) };
    files.push(databaseFile);
    log(`  ${database.file}: ${formatBytes(databaseFile.size)}, schema at ${migrations.at(-1) ?? '(none)'}`);

    log(`Copying DATA_DIR (${dataDir})${config.s3 ? '' : ', media included'}…`);
    let count = 0;
    let bytes = 0;
    let vanished = 0;
    for await (const relative of dataFiles(dataDir)) {
      const target = path.join(dir, DATA_FOLDER, relative);
      try {
        const copied = await copyHashed(path.join(dataDir, relative), target, { mode: 0o600, dirMode: 0o700 });
        files.push({ path: `${DATA_FOLDER}/${relative}`, ...copied });
        count++;
        bytes += copied.size;
        if (count % 500 === 0) log(`  ${count} files (${formatBytes(bytes)})…`);
      } catch (error) {
        // Deleted since it was listed (a replaced cover, a swept upload): not part of the snapshot's world either.
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        await fsp.rm(target, { force: true });
        vanished++;
      }
    }
    log(`  ${count} files, ${formatBytes(bytes)}`);

    const secretFile = `${DATA_FOLDER}/secret`;
    const manifest: BackupManifest = {
      format: 'platter-backup',
      formatVersion: 1,
      platterVersion: platterVersion(),
      createdAt,
      databaseDoneAt,
      engine: config.databaseUrl ? 'postgres' : 'sqlite',
      schema: { level: migrations.at(-1) ?? '', migrations },
      database,
      media: config.s3
        ? {
            storage: 's3',
            bucket: config.s3.bucket,
            endpoint: config.s3.endpoint,
            region: config.s3.region,
            note: 'Not copied: the bucket is kept by its own versioning or replication (docs/deploy.md, "Backups and restore").',
          }
        : { storage: 'local', folder: `${DATA_FOLDER}/media` },
      secret: config.authSecret
        ? { source: 'environment', fingerprint: secretFingerprint(config.authSecret) }
        : files.some((f) => f.path === secretFile)
          ? { source: 'data-dir', file: secretFile }
          : { source: 'none' },
      files,
    };
    const manifestPath = path.join(dir, MANIFEST_FILE);
    await fsp.writeFile(`${manifestPath}.partial`, `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
    await syncFile(`${manifestPath}.partial`);
    await fsp.rename(`${manifestPath}.partial`, manifestPath);
    await syncFile(dir);
    return { dir, manifest, databaseBytes: databaseFile.size, dataFiles: count, dataBytes: bytes, vanished };
  } catch (error) {
    // A backup without its manifest is unusable anyway: leave the directory as it was found.
    if (createdDir) await fsp.rm(dir, { recursive: true, force: true });
    else for (const name of entriesOf(dir)) await fsp.rm(path.join(dir, name), { recursive: true, force: true });
    throw error;
  }
}

/** The SQLite snapshot, as a self-contained file (rollback journal, no -wal beside it); returns its applied migrations. */
async function snapshotSqlite(source: string, target: string): Promise<string[]> {
  if (!fs.existsSync(source)) {
    throw new BackupError(`No Platter database at ${source}: set DATA_DIR to the directory Platter runs on (or DATABASE_URL for PostgreSQL).`);
  }
  const live = new SqliteDatabase(source, { readonly: true, fileMustExist: true });
  try {
    live.pragma('busy_timeout = 5000');
    // The first step only opens the copy; the second copies every page under one read transaction.
    await live.backup(target, { progress: () => ALL_PAGES });
  } finally {
    live.close();
  }
  const copy = new SqliteDatabase(target, { fileMustExist: true });
  try {
    copy.pragma('journal_mode = DELETE');
    const check = copy.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new BackupError(`The snapshot of ${source} failed SQLite's quick_check (${String(check)}): the live database may be damaged.`);
    return appliedMigrations(() => (copy.prepare('SELECT name FROM kysely_migration ORDER BY name').all() as Array<{ name: string }>).map((r) => r.name), source);
  } finally {
    copy.close();
  }
}

function appliedMigrations(read: () => string[], where: string): string[] {
  try {
    return read();
  } catch {
    throw new BackupError(`${where} holds no Platter schema (no kysely_migration table): is this Platter's database?`);
  }
}

async function dumpPostgres(
  databaseUrl: string,
  pgDump: FoundTool,
  file: string,
  manual: string,
): Promise<{ serverVersion: string; migrations: string[] }> {
  const handle = openDatabase({ databaseUrl, dataDir: '.', poolSize: 1 });
  let serverVersion: string;
  let migrations: string[];
  try {
    const version = (await sql<{ v: string; n: string }>`SELECT current_setting('server_version') AS v, current_setting('server_version_num') AS n`.execute(handle.db)).rows[0];
    // "15.20 (Debian 15.20-0+deb12u1)" → "15.20"
    serverVersion = version?.v.split(' ')[0] ?? 'unknown';
    const major = serverMajor(Number(version?.n ?? 0));
    // pg_dump reads servers of its own major version and older ones, and refuses newer ones.
    if (pgDump.major < major) {
      throw new BackupError(
        `${pgDump.file} is version ${pgDump.version}, older than the PostgreSQL ${serverVersion} server: pg_dump must be of the server's major version (${major}) or newer. ` +
          `Install the matching client (on Debian and Ubuntu: apt install postgresql-client-${major}) and name its directory with --pg-bin (e.g. --pg-bin /usr/lib/postgresql/${major}/bin).\n${manual}`,
      );
    }
    migrations = (await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(handle.db).catch(() => {
      throw new BackupError('The database at DATABASE_URL holds no Platter schema (no kysely_migration table): is DATABASE_URL right?');
    })).rows.map((r) => r.name);
  } finally {
    await handle.close();
  }
  const { dbname, env } = connectionFor(databaseUrl);
  await runPgTool(pgDump, ['--format=custom', '--no-owner', `--file=${file}`, `--dbname=${dbname}`], env);
  await syncFile(file);
  return { serverVersion, migrations };
}

export function formatBackupSummary(summary: BackupSummary): string {
  const { manifest } = summary;
  const lines = [
    `Backup written to ${summary.dir}`,
    `  database  ${manifest.engine}, ${formatBytes(summary.databaseBytes)}, schema at ${manifest.schema.level || '(none)'} (${manifest.schema.migrations.length} migrations)`,
    `  DATA_DIR  ${summary.dataFiles} files, ${formatBytes(summary.dataBytes)}${summary.vanished > 0 ? ` (${summary.vanished} deleted while being copied, left out)` : ''}`,
  ];
  if (manifest.media.storage === 's3') {
    lines.push(`  media     in S3 bucket "${manifest.media.bucket}", NOT copied: keep versioning (or replication) on for that bucket (docs/deploy.md).`);
  }
  if (manifest.secret.source === 'environment') {
    lines.push('  secret    BETTER_AUTH_SECRET (from the environment) is not in the backup: keep it with your configuration; a restore needs the same value.');
  }
  lines.push(`  manifest  ${MANIFEST_FILE} (${manifest.files.length} files with SHA-256)`);
  return lines.join('\n');
}
