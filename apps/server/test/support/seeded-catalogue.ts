import { type SqlBool, sql } from 'kysely';
import { expect } from 'vitest';
import { runSeed } from '../../src/cli/seed.js';
import { TEST_SECRET, type TestApp } from './test-app.js';

/**
 * Seeds the test app's database with `npm run seed`'s catalogue, then makes a one-track album of
 * each seeded track `releaseWhere` picks (the rest stay singles), as the plan and sync tests need.
 */
export async function seedCatalogueWithReleases(t: TestApp, seedArgs: string[], releaseWhere: ReturnType<typeof sql<SqlBool>>, limit?: number): Promise<void> {
  const env = { NODE_ENV: 'test', DATA_DIR: t.config.dataDir, BETTER_AUTH_SECRET: TEST_SECRET, ...(t.config.databaseUrl ? { DATABASE_URL: t.config.databaseUrl } : {}) };
  const seeded = await runSeed(seedArgs, env, () => {});
  expect(seeded.code, seeded.output).toBe(0);
  const { db } = t.context.database;
  let picked = db
    .selectFrom('tracks')
    .select(['id', 'artist_id', 'title', sql<string>`'album'`.as('type'), sql<string>`substr(created_at, 1, 10)`.as('release_date'), sql<number>`1`.as('track_count'), 'search_text', 'created_at', 'created_at as updated_at'])
    .where(releaseWhere);
  if (limit !== undefined) picked = picked.limit(limit);
  await db.insertInto('releases').columns(['id', 'artist_id', 'title', 'type', 'release_date', 'track_count', 'search_text', 'created_at', 'updated_at']).expression(picked).execute();
  await db.updateTable('tracks').set({ release_id: sql`id` }).where('id', 'in', db.selectFrom('releases').select('id')).execute();
}
