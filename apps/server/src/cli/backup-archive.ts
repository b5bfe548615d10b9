/**
 * What `backup` writes and `restore` reads: a directory holding the database (`database/platter.db`,
 * a SQLite file, or `database/platter.dump`, pg_dump's custom format), a copy of DATA_DIR without
 * its live database (`data/`: the media on local disk, the generated secret, the operator's
 * downloads) and `manifest.json`, written last, listing every file with its size and SHA-256. A
 * directory without a manifest is an unfinished backup.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { z } from 'zod';

export const MANIFEST_FILE = 'manifest.json';
/** Where DATA_DIR's files go inside a backup. */
export const DATA_FOLDER = 'data';
export const SQLITE_FILE = 'database/platter.db';
export const POSTGRES_FILE = 'database/platter.dump';

/** A backup that cannot be made or restored as asked; the message says why and what to do. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

const relativePath = z
  .string()
  .min(1)
  .refine((p) => !path.isAbsolute(p) && !p.split('/').includes('..') && !p.includes('\\') && !p.includes('\0'), { message: 'must be a path inside the backup' });

const fileEntry = z.object({ path: relativePath, size: z.number().int().min(0), sha256: z.string().regex(/^[0-9a-f]{64}$/) });

export const manifestSchema = z.object({
  format: z.literal('platter-backup'),
  formatVersion: z.literal(1),
  platterVersion: z.string(),
  /** When the backup began (ISO 8601); the database snapshot is taken right after. */
  createdAt: z.string(),
  /**
   * When the database copy was complete: every file a row of the snapshot refers to existed then,
   * so it is the time to read a versioned bucket at (rows never refer to files stored later).
   */
  databaseDoneAt: z.string(),
  engine: z.enum(['sqlite', 'postgres']),
  /** Platter's migrations applied in the backed-up database, oldest first; the last is its schema level. */
  schema: z.object({ level: z.string(), migrations: z.array(z.string()) }),
  database: z.object({
    file: relativePath,
    /** PostgreSQL only: the server's and pg_dump's versions. */
    serverVersion: z.string().optional(),
    pgDumpVersion: z.string().optional(),
  }),
  media: z.discriminatedUnion('storage', [
    z.object({ storage: z.literal('local'), folder: z.string() }),
    z.object({ storage: z.literal('s3'), bucket: z.string(), endpoint: z.string().optional(), region: z.string(), note: z.string() }),
  ]),
  /**
   * The secret that signs sessions and upload URLs. `data-dir`: the one Platter generated, copied
   * with DATA_DIR (data/secret). `environment`: BETTER_AUTH_SECRET, not copied; its fingerprint lets
   * a restore tell whether the restoring environment has the same one. `none`: Platter had not yet
   * made one (it never started on this DATA_DIR).
   */
  secret: z.discriminatedUnion('source', [
    z.object({ source: z.literal('data-dir'), file: relativePath }),
    z.object({ source: z.literal('environment'), fingerprint: z.string() }),
    z.object({ source: z.literal('none') }),
  ]),
  files: z.array(fileEntry),
});

export type BackupManifest = z.infer<typeof manifestSchema>;
export type ManifestFile = BackupManifest['files'][number];

/** A one-way fingerprint of the secret (never the secret itself) for comparing two environments'. */
export function secretFingerprint(secret: string): string {
  return `sha256:${createHash('sha256').update(`platter-backup-secret:${secret}`).digest('hex').slice(0, 16)}`;
}

/** This build's version (apps/server/package.json, one level above src/ and dist/). */
export function platterVersion(): string {
  try {
    const pkg = JSON.parse(fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version?: string };
    return pkg.version ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/**
 * Copies `from` to `to` (which must not exist), fsyncs it, and returns its size and SHA-256 as
 * read during the copy. `mode` and `dirMode` (of folders it makes) default to the umask's.
 */
export async function copyHashed(from: string, to: string, modes: { mode?: number; dirMode?: number } = {}): Promise<{ size: number; sha256: string }> {
  const { mode, dirMode } = modes;
  await fsp.mkdir(path.dirname(to), { recursive: true, mode: dirMode });
  const hash = createHash('sha256');
  let size = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  await pipeline(fs.createReadStream(from), tap, fs.createWriteStream(to, { flags: 'wx', mode }));
  await syncFile(to);
  return { size, sha256: hash.digest('hex') };
}

export async function hashFile(file: string): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of fs.createReadStream(file) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    size += chunk.length;
  }
  return { size, sha256: hash.digest('hex') };
}

export async function syncFile(file: string): Promise<void> {
  const handle = await fsp.open(file, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** The live SQLite database's files, copied by the online backup API and never as files. */
const LIVE_DATABASE = new Set(['platter.db', 'platter.db-wal', 'platter.db-shm', 'platter.db-journal']);

/**
 * DATA_DIR's files as paths relative to it ('/'-separated), but the live database and the storage's
 * `.tmp` folders (writes in progress, never an object): the media, the generated secret, the
 * operator's downloads and whatever else Platter keeps there.
 */
export async function* dataFiles(dataDir: string, prefix = ''): AsyncGenerator<string> {
  let entries: fs.Dirent[];
  try {
    entries = await fsp.readdir(path.join(dataDir, prefix), { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (!prefix && LIVE_DATABASE.has(entry.name)) continue;
    if (entry.isDirectory()) {
      if (entry.name !== '.tmp') yield* dataFiles(dataDir, relative);
    } else if (entry.isFile()) {
      yield relative;
    }
  }
}

/** The entries of `dir`, or none when it does not exist. */
export function entriesOf(dir: string): string[] {
  try {
    return fs.readdirSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    if ((error as NodeJS.ErrnoException).code === 'ENOTDIR') return [path.basename(dir)];
    throw error;
  }
}

/** "1.4 MB" */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['kB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}

/** "a, b, c and 4 more" */
export function listSome(names: string[], max = 5): string {
  return names.length <= max ? names.join(', ') : `${names.slice(0, max).join(', ')} and ${names.length - max} more`;
}
