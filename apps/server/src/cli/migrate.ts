/**
 * `npm run migrate`: brings the configured database (DATABASE_URL, or SQLite in DATA_DIR) to this
 * version's schema and exits: better-auth's tables, then Platter's, under the same advisory lock
 * every start takes. For rolling deploys: migrate first, then replace the instances, which then
 * find nothing to do. Running it again is a no-op.
 */
import 'dotenv/config';
import { migrateDatabase, resolveSecret } from '../context.js';
import { openDatabase } from '../db/database.js';
import { ProfileRepository } from '../repositories/profile.repository.js';
import { ProfileService } from '../services/profile.service.js';
import { type CommandResult, runAsScript, withConfig } from './command.js';

export async function runMigrate(
  env: NodeJS.ProcessEnv = process.env,
  progress: (line: string) => void = (line) => console.log(line),
): Promise<CommandResult> {
  return withConfig(env, async (config) => {
    const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
    try {
      const { db, dialect } = database;
      const profiles = new ProfileService(new ProfileRepository(db, dialect));
      const authDeps = { config, secret: resolveSecret(config), db, dialect, profiles };
      const where = config.databaseUrl ? 'PostgreSQL' : `SQLite in ${config.dataDir}`;
      const done = await migrateDatabase(database, authDeps, () => progress('Waiting for another instance to finish migrating…'));
      const lines = [...done.auth.map((step) => `better-auth: ${step}`), ...done.platter.map((name) => `applied ${name}`)];
      if (lines.length === 0) return { code: 0, output: `The database (${where}) is up to date; nothing to migrate.` };
      return { code: 0, output: `Migrated the database (${where}):\n${lines.map((line) => `  ${line}`).join('\n')}` };
    } finally {
      await database.close();
    }
  });
}

runAsScript(import.meta.url, 'platter migrate', () => runMigrate());
