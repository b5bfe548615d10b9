/**
 * Platter's admin command line, run against the configured database (DATABASE_URL or DATA_DIR):
 *
 *   npm run admin -- set-status <email> <creator|artist|premium|user>
 *   npm run admin -- migrate-to --from <DATA_DIR> [--force]
 *
 * set-status: the user must have signed in once (their profile exists). migrate-to: copies a
 * single-process install onto the configured PostgreSQL and storage (see migrate-to.ts).
 */
import 'dotenv/config';
import { STATUSES, type Status } from '@platter/shared';
import { ConfigError, loadConfig } from '../config.js';
import { createContext } from '../context.js';
import { DomainError } from '../lib/errors.js';
import { MIGRATE_TO_USAGE, MigrateToError, formatSummary, migrateTo, parseMigrateToArgs } from './migrate-to.js';

const USAGE = `Usage: npm run admin -- set-status <email> <${STATUSES.join('|')}>\n       ${MIGRATE_TO_USAGE.replace('Usage: ', '')}`;

function isStatus(value: string | undefined): value is Status {
  return (STATUSES as readonly string[]).includes(value ?? '');
}

export async function runAdminCommand(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  progress: (line: string) => void = (line) => console.log(line),
): Promise<{ code: number; output: string }> {
  const [command, email, status] = argv;
  if (command === 'migrate-to') return runMigrateTo(argv.slice(1), env, progress);
  if (command !== 'set-status' || !email || !isStatus(status)) {
    return { code: 2, output: command === 'set-status' && email ? `Unknown status "${status ?? ''}".\n${USAGE}` : USAGE };
  }
  let config;
  try {
    config = loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return { code: 1, output: error.message };
    throw error;
  }
  const context = await createContext(config);
  try {
    const profile = await context.services.moderation.setStatusByEmail(email, status);
    return { code: 0, output: `${email} (${profile.displayName}) now has status ${profile.status}.` };
  } catch (error) {
    if (error instanceof DomainError) return { code: 1, output: error.message };
    throw error;
  } finally {
    await context.close();
  }
}

async function runMigrateTo(argv: string[], env: NodeJS.ProcessEnv, progress: (line: string) => void): Promise<{ code: number; output: string }> {
  const args = parseMigrateToArgs(argv);
  if ('error' in args) return { code: 2, output: args.error };
  let config;
  try {
    config = loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return { code: 1, output: error.message };
    throw error;
  }
  try {
    const summary = await migrateTo(config, args, progress);
    return { code: 0, output: `${formatSummary(summary)}\nDone: start the instances on this configuration.` };
  } catch (error) {
    if (error instanceof MigrateToError) return { code: 1, output: error.message };
    throw error;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runAdminCommand(process.argv.slice(2)).then(
    ({ code, output }) => {
      (code === 0 ? console.log : console.error)(output);
      process.exit(code);
    },
    (error: unknown) => {
      console.error('platter admin failed:', error);
      process.exit(1);
    },
  );
}
