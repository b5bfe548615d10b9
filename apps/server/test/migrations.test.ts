import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { runMigrate } from '../src/cli/migrate.js';
import { loadConfig } from '../src/config.js';
import { type AppContext, createContext } from '../src/context.js';
import { MIGRATION_LOCK_KEY } from '../src/db/migration-lock.js';
import { TEST_SECRET, dialect, freshPostgresDatabase } from './support/test-app.js';

/**
 * Migrations under one PostgreSQL advisory lock: better-auth's tables and Platter's, so that
 * instances started at the same moment on an empty database all start (without the lock, two of
 * them both create better-auth's `user` table and one crashes). PostgreSQL only.
 */
const dataDirs: string[] = [];
afterAll(() => {
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
});

function envFor(url: string): Record<string, string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'platter-migrate-'));
  dataDirs.push(dataDir);
  return { NODE_ENV: 'test', DATA_DIR: dataDir, BETTER_AUTH_SECRET: TEST_SECRET, PLATTER_DEMO: '0', DATABASE_URL: url };
}

async function tableNames(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() ORDER BY 1",
    );
    return rows.map((r) => r.name);
  } finally {
    await client.end();
  }
}

describe.skipIf(dialect !== 'postgres')('migrations under one advisory lock (postgres)', () => {
  it('starts four contexts at the same moment on an empty database, three times over', async () => {
    for (let round = 0; round < 3; round++) {
      const database = await freshPostgresDatabase();
      try {
        const started = await Promise.allSettled(Array.from({ length: 4 }, () => createContext(loadConfig(envFor(database.url)))));
        const contexts = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
        await Promise.all(contexts.map((c: AppContext) => c.close()));
        expect(started.filter((s) => s.status === 'rejected')).toEqual([]);
        expect(await tableNames(database.url)).toEqual(expect.arrayContaining(['user', 'session', 'account', 'tracks', 'kysely_migration']));
      } finally {
        await database.drop();
      }
    }
    // Three full migrations of an empty database, each raced by four contexts: minutes on a loaded 2-core machine.
  }, 180_000);

  it('npm run migrate migrates an empty database, then finds nothing to do', async () => {
    const database = await freshPostgresDatabase();
    try {
      const env = envFor(database.url);
      const first = await runMigrate(env, () => {});
      expect(first.code).toBe(0);
      expect(first.output).toContain('better-auth: create user');
      expect(first.output).toContain('applied 2026-11-21T00-00_initial');
      expect(await tableNames(database.url)).toEqual(expect.arrayContaining(['user', 'session', 'tracks', 'playlists']));

      const second = await runMigrate(env, () => {});
      expect(second).toEqual({ code: 0, output: 'The database (PostgreSQL) is up to date; nothing to migrate.' });
    } finally {
      await database.drop();
    }
  });

  it('waits while another holder has the lock, and migrates once it is released', async () => {
    const database = await freshPostgresDatabase();
    const holder = new pg.Client({ connectionString: database.url });
    await holder.connect();
    try {
      await holder.query('SELECT pg_advisory_lock($1::bigint)', [MIGRATION_LOCK_KEY.toString()]);
      let waiting!: () => void;
      const sawWait = new Promise<void>((resolve) => (waiting = resolve));
      let finished = false;
      const run = runMigrate(envFor(database.url), (line) => {
        if (line.startsWith('Waiting for another instance')) waiting();
      }).finally(() => (finished = true));
      await sawWait;
      // It is blocked on the lock, and has created nothing while blocked.
      expect(finished).toBe(false);
      expect(await tableNames(database.url)).toEqual([]);
      await holder.query('SELECT pg_advisory_unlock($1::bigint)', [MIGRATION_LOCK_KEY.toString()]);
      expect((await run).code).toBe(0);
      expect(await tableNames(database.url)).toContain('user');
    } finally {
      await holder.end();
      await database.drop();
    }
  });
});
