/**
 * Platter's admin command line, run against the configured database (DATABASE_URL or DATA_DIR):
 *
 *   npm run admin -- set-status <email> <creator|artist|premium|user>
 *
 * The user must have signed in once (their profile exists).
 */
import 'dotenv/config';
import { STATUSES, type Status } from '@platter/shared';
import { ConfigError, loadConfig } from '../config.js';
import { createContext } from '../context.js';
import { DomainError } from '../lib/errors.js';

const USAGE = `Usage: npm run admin -- set-status <email> <${STATUSES.join('|')}>`;

function isStatus(value: string | undefined): value is Status {
  return (STATUSES as readonly string[]).includes(value ?? '');
}

export async function runAdminCommand(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<{ code: number; output: string }> {
  const [command, email, status] = argv;
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
