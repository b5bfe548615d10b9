import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type AuthDeps, migrateAuth } from '../auth/auth.js';
import type { Config } from '../config.js';
import type { DatabaseHandle } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { withMigrationLock } from '../db/migration-lock.js';

/**
 * The secret that signs sessions and upload URLs. Without BETTER_AUTH_SECRET one is made once and
 * kept in DATA_DIR, so sessions survive restarts of the embedded default.
 */
export function resolveSecret(config: Config): string {
  if (config.authSecret) return config.authSecret;
  const file = path.join(config.dataDir, 'secret');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    fs.mkdirSync(config.dataDir, { recursive: true });
    const secret = randomBytes(48).toString('base64url');
    fs.writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}

/**
 * Both migrators, better-auth's tables then Platter's, under one lock so that any number of
 * instances may start at once on an empty database. Returns what was applied (empty when current).
 */
export async function migrateDatabase(
  database: Pick<DatabaseHandle, 'db' | 'dialect'>,
  authDeps: AuthDeps,
  onWait: () => void = () => console.warn('platter: waiting for another instance to finish migrating'),
): Promise<{ auth: string[]; platter: string[] }> {
  return withMigrationLock(
    database,
    async () => {
      const auth = await migrateAuth(authDeps);
      const platter = await migrateToLatest(database.db);
      return { auth, platter };
    },
    onWait,
  );
}
