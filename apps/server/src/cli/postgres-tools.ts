/**
 * PostgreSQL's own client programs (`pg_dump`, `pg_restore`) as the backup commands run them: found
 * on PATH or in `--pg-bin`, their major version checked against the server's before they run, the
 * password handed over in PGPASSWORD rather than on a command line every user of the machine can read.
 */
import { execFile, spawn } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export type PgTool = 'pg_dump' | 'pg_restore';

/** A client program that is missing, of an unusable version, or that failed; the message says what to do. */
export class PgToolError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PgToolError';
  }
}

export interface FoundTool {
  file: string;
  /** As printed by `--version`, e.g. "15.20". */
  version: string;
  major: number;
}

/** "pg_dump (PostgreSQL) 15.20 (Debian 15.20-0+deb12u1)" → "15.20"; older "9.6.24" keeps its three parts. */
export function parsePgToolVersion(output: string): { version: string; major: number } | undefined {
  const match = /\(PostgreSQL\)\s+(\d+)(?:\.(\d+))?(?:\.(\d+))?/.exec(output);
  if (!match) return undefined;
  const [, first, second, third] = match;
  const version = [first, second, third].filter((part) => part !== undefined).join('.');
  // Before 10 the major version was two numbers (9.6); only the first matters for the comparisons made here.
  return { version, major: Number(first) };
}

/** server_version_num (150020) → 15; 90624 → 9. */
export function serverMajor(versionNum: number): number {
  return Math.floor(versionNum / 10_000);
}

/** Finds `tool` (in `pgBin`, or on PATH) and reads its version; a PgToolError saying so when it cannot run. */
export async function findPgTool(tool: PgTool, pgBin: string | undefined, whenMissing: string): Promise<FoundTool> {
  const file = pgBin ? path.join(pgBin, tool) : tool;
  let stdout: string;
  try {
    ({ stdout } = await run(file, ['--version'], { timeout: 10_000 }));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const where = pgBin ? `in ${pgBin}` : 'on PATH';
    const why = code === 'ENOENT' ? `${tool} was not found ${where}` : `${file} --version failed (${(error as Error).message.trim()})`;
    throw new PgToolError(`${why}.\n${whenMissing}`);
  }
  const parsed = parsePgToolVersion(stdout);
  if (!parsed) throw new PgToolError(`${file} --version printed "${stdout.trim()}", which is not a PostgreSQL version.\n${whenMissing}`);
  return { file, ...parsed };
}

/**
 * The URL without its password, and the environment that carries it (PGPASSWORD) instead: libpq
 * reads the rest of a postgres:// URL itself (host, port, user, database, sslmode…). node-postgres's
 * own `ssl=true`, which libpq refuses as an unknown parameter, becomes `sslmode=require`.
 */
export function connectionFor(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  const ssl = url.searchParams.get('ssl');
  if (ssl !== null) {
    url.searchParams.delete('ssl');
    if ((ssl === 'true' || ssl === '1') && !url.searchParams.has('sslmode')) url.searchParams.set('sslmode', 'require');
  }
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (password) env.PGPASSWORD = password;
  return { dbname: url.toString(), env };
}

/** Runs a client program to its end; a PgToolError with what it wrote to stderr when it fails. */
export function runPgTool(tool: FoundTool, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool.file, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      if (stderr.length > 64 * 1024) stderr = stderr.slice(-32 * 1024);
    });
    child.once('error', (error) => reject(new PgToolError(`${tool.file} could not run: ${error.message}`)));
    child.once('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new PgToolError(`${path.basename(tool.file)} failed (${signal ?? `exit code ${code}`}):\n${stderr.trim()}`));
    });
  });
}
