/**
 * Platter's admin command line, run against the configured database (DATABASE_URL or DATA_DIR):
 *
 *   npm run admin -- set-status <email> <creator|artist|premium|user>
 *   npm run admin -- migrate-to --from <DATA_DIR> [--force]
 *   npm run admin -- backup --to <DIR> [--pg-bin <DIR>]
 *   npm run admin -- restore --from <DIR> [--pg-bin <DIR>]
 *
 * set-status: the user must have signed in once (their profile exists). migrate-to: copies a
 * single-process install onto the configured PostgreSQL and storage (see migrate-to.ts). backup and
 * restore: a consistent backup of a running install, and its restore onto a fresh DATA_DIR or
 * empty database (see backup.ts and restore.ts).
 */
import 'dotenv/config';
import { STATUSES, type Status } from '@platter/shared';
import { DomainError } from '../lib/errors.js';
import { type CommandResult, runAsScript, withConfig } from './command.js';
import { BackupError } from './backup-archive.js';
import { BACKUP_USAGE, backup, formatBackupSummary, parseBackupArgs } from './backup.js';
import { PgToolError } from './postgres-tools.js';
import { RESTORE_USAGE, formatRestoreSummary, parseRestoreArgs, restore } from './restore.js';

/**
 * The application context and migrate-to (which needs it) are imported when their command runs:
 * they load the whole server (a few hundred ms of CPU), which backup and restore do without.
 */
async function usage(): Promise<string> {
  const { MIGRATE_TO_USAGE } = await import('./migrate-to.js');
  return [`Usage: npm run admin -- set-status <email> <${STATUSES.join('|')}>`, ...[MIGRATE_TO_USAGE, BACKUP_USAGE, RESTORE_USAGE].map((u) => `       ${u.replace('Usage: ', '')}`)].join('\n');
}

function isStatus(value: string | undefined): value is Status {
  return (STATUSES as readonly string[]).includes(value ?? '');
}

export async function runAdminCommand(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  progress: (line: string) => void = (line) => console.log(line),
): Promise<CommandResult> {
  const [command, email, status] = argv;
  if (command === 'migrate-to') return runMigrateTo(argv.slice(1), env, progress);
  if (command === 'backup') return runBackup(argv.slice(1), env, progress);
  if (command === 'restore') return runRestore(argv.slice(1), env, progress);
  if (command !== 'set-status' || !email || !isStatus(status)) {
    return { code: 2, output: command === 'set-status' && email ? `Unknown status "${status ?? ''}".\n${await usage()}` : await usage() };
  }
  return withConfig(
    env,
    async (config) => {
      const { createContext } = await import('../context.js');
      const context = await createContext(config);
      try {
        const profile = await context.services.moderation.setStatusByEmail(email, status);
        return { code: 0, output: `${email} (${profile.displayName}) now has status ${profile.status}.` };
      } finally {
        await context.close();
      }
    },
    [DomainError],
  );
}

async function runMigrateTo(argv: string[], env: NodeJS.ProcessEnv, progress: (line: string) => void): Promise<CommandResult> {
  const { MigrateToError, formatSummary, migrateTo, parseMigrateToArgs } = await import('./migrate-to.js');
  const args = parseMigrateToArgs(argv);
  if ('error' in args) return { code: 2, output: args.error };
  return withConfig(
    env,
    async (config) => {
      const summary = await migrateTo(config, args, progress);
      return { code: 0, output: `${formatSummary(summary)}\nDone: start the instances on this configuration.` };
    },
    [MigrateToError],
  );
}

async function runBackup(argv: string[], env: NodeJS.ProcessEnv, progress: (line: string) => void): Promise<CommandResult> {
  const args = parseBackupArgs(argv);
  if ('error' in args) return { code: 2, output: args.error };
  return withConfig(env, async (config) => ({ code: 0, output: formatBackupSummary(await backup(config, args, progress)) }), [BackupError, PgToolError]);
}

async function runRestore(argv: string[], env: NodeJS.ProcessEnv, progress: (line: string) => void): Promise<CommandResult> {
  const args = parseRestoreArgs(argv);
  if ('error' in args) return { code: 2, output: args.error };
  return withConfig(env, async (config) => ({ code: 0, output: formatRestoreSummary(await restore(config, args, progress), config) }), [BackupError, PgToolError]);
}

runAsScript(import.meta.url, 'platter admin', () => runAdminCommand(process.argv.slice(2)));
