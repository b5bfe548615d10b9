/**
 * The integration suites' global setup (vitest.config.ts): migrates ONE database per run, which
 * every startTestApp then starts from (PostgreSQL: CREATE DATABASE … TEMPLATE it; SQLite: a copy
 * of its file), instead of running Platter's migrations, better-auth's and pg-boss's schemas again
 * for each of the suite's ~150 apps. The app still runs its migrators at every start, as in
 * production: on a copy of the template they find nothing to do, and anything they would add (a
 * table of a plugin a test switches on) they still add. migrations.test.ts and migrate-to.test.ts
 * keep starting from empty databases (freshPostgresDatabase without `migrated`).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../../src/config.js';
import { migrateDatabase } from '../../src/context/startup.js';
import { openDatabase } from '../../src/db/database.js';
import { PgBossJobQueue } from '../../src/jobs/pg-boss.job-queue.js';
import { ProfileRepository } from '../../src/repositories/profile.repository.js';
import { ProfileService } from '../../src/services/profile.service.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated database to start from: a PostgreSQL database name, or a SQLite file's path. */
    migratedTemplate: { dialect: 'postgres'; database: string } | { dialect: 'sqlite'; file: string } | undefined;
  }
}

const TEST_SECRET = 'test-secret-test-secret-test-secret-0123';

async function migrate(env: Record<string, string>): Promise<void> {
  const config = loadConfig({ NODE_ENV: 'test', BETTER_AUTH_SECRET: TEST_SECRET, PLATTER_DEMO: '0', ...env });
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
  try {
    const { db, dialect } = database;
    const profiles = new ProfileService(new ProfileRepository(db, dialect));
    await migrateDatabase(database, { config, secret: TEST_SECRET, db, dialect, profiles }, () => {});
  } finally {
    await database.close();
  }
  if (config.databaseUrl) {
    // pg-boss installs its own schema at its first start: once here too, not once per app.
    const jobs = new PgBossJobQueue({ connectionString: config.databaseUrl, drainMs: 1000, log: () => {} });
    await jobs.start();
    await jobs.close();
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dialect = project.config.env?.PLATTER_TEST_DIALECT === 'postgres' ? 'postgres' : 'sqlite';
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'platter-template-'));
  if (dialect === 'sqlite') {
    await migrate({ DATA_DIR: dir });
    project.provide('migratedTemplate', { dialect, file: path.join(dir, 'platter.db') });
    return async () => fs.rmSync(dir, { recursive: true, force: true });
  }

  const adminUrl = process.env.TEST_DATABASE_URL;
  // Without it the suite's own startTestApp says what is missing; nothing to prepare here.
  if (!adminUrl) {
    project.provide('migratedTemplate', undefined);
    return async () => fs.rmSync(dir, { recursive: true, force: true });
  }
  const database = `platter_template_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${database}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  await migrate({ DATA_DIR: dir, DATABASE_URL: url.toString() });
  project.provide('migratedTemplate', { dialect, database });
  return async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    } finally {
      await client.end();
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
