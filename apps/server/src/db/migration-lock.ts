import { type Kysely, sql } from 'kysely';
import type { DatabaseHandle } from './database.js';
import type { Database } from './schema.js';

/**
 * The advisory-lock key every Platter instance migrates under ('platter' in ASCII). One key for
 * both migrators: better-auth reads the schema and then creates what it found missing, so two
 * instances starting on an empty database would both try to create `user`; Kysely's own lock
 * table is itself created without a lock.
 */
export const MIGRATION_LOCK_KEY = 0x706c6174746572n;

/**
 * Runs `work` (the migrations) holding PostgreSQL's session advisory lock on one dedicated
 * connection, and releases it after, whatever happens. Instances that start together queue here;
 * each then finds the schema current and migrates nothing. If the process dies the connection
 * closes and PostgreSQL drops the lock. SQLite needs no lock: one process owns its file.
 */
export async function withMigrationLock<T>(
  database: Pick<DatabaseHandle, 'db' | 'dialect'>,
  work: () => Promise<T>,
  onWait: () => void = () => {},
): Promise<T> {
  if (database.dialect !== 'postgres') return work();
  return database.db.connection().execute(async (connection: Kysely<Database>) => {
    const key = MIGRATION_LOCK_KEY.toString();
    const { rows } = await sql<{ locked: boolean }>`SELECT pg_try_advisory_lock(${key}::bigint) AS locked`.execute(connection);
    if (!rows[0]?.locked) {
      onWait();
      await sql`SELECT pg_advisory_lock(${key}::bigint)`.execute(connection);
    }
    try {
      return await work();
    } finally {
      await sql`SELECT pg_advisory_unlock(${key}::bigint)`.execute(connection);
    }
  });
}
