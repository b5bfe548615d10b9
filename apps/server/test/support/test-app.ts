import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { type BuildOptions, buildApp } from '../../src/app.js';
import { type Config, loadConfig } from '../../src/config.js';
import { type AppContext, type ContextOptions, createContext } from '../../src/context.js';

export const TEST_SECRET = 'test-secret-test-secret-test-secret-0123';

/** Which engine this run of the integration suite uses: the same files run once per engine. */
export const dialect = process.env.PLATTER_TEST_DIALECT === 'postgres' ? 'postgres' : 'sqlite';

export interface TestApp {
  app: FastifyInstance;
  context: AppContext;
  config: Config;
  baseUrl: string;
  close(): Promise<void>;
}

/** The database the run's global setup migrated (support/migrated-template.ts), if it made one. */
function migratedTemplate() {
  try {
    return inject('migratedTemplate');
  } catch {
    return undefined; // Not under vitest's integration projects (no global setup): start empty.
  }
}

/**
 * A fresh Postgres database per app, made from TEST_DATABASE_URL and dropped on close: empty, or
 * with `migrated` a copy of the run's migrated template (CREATE DATABASE … TEMPLATE), when there is one.
 */
export async function freshPostgresDatabase({ migrated = false }: { migrated?: boolean } = {}): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set: the Postgres integration suite needs it');
  const name = `platter_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const template = migrated ? migratedTemplate() : undefined;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    if (template?.dialect === 'postgres') await createFromTemplate(admin, name, template.database);
    else await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      // The app's pool has been ended, but its connections may still be closing: FORCE would kill
      // them mid-goodbye (an uncaught 57P01 in the test run). Wait for them to go, within reason.
      for (let i = 0; i < 50; i++) {
        const { rows } = await client.query<{ n: string }>('SELECT count(*) AS n FROM pg_stat_activity WHERE datname = $1', [name]);
        if (Number(rows[0]?.n ?? 0) === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/**
 * CREATE DATABASE … TEMPLATE, which PostgreSQL refuses (55006) while another session is connected to
 * the template, as another worker's CREATE DATABASE from it briefly is: tried again after a moment.
 */
async function createFromTemplate(admin: pg.Client, name: string, template: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '55006' || attempt >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** Starts Platter on a real port over a real database (SQLite file or Postgres) and real disk storage. */
export async function startTestApp(env: Record<string, string> = {}, buildOptions: BuildOptions = {}, contextOptions: ContextOptions = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'platter-it-'));
  // A test that passes its own DATABASE_URL or DATA_DIR (a second app on the first one's data) gets
  // no database of its own; otherwise a copy of the migrated template, which the start then checks.
  const pgDb = dialect === 'postgres' && !env.DATABASE_URL ? await freshPostgresDatabase({ migrated: true }) : undefined;
  const template = migratedTemplate();
  if (dialect === 'sqlite' && template?.dialect === 'sqlite' && !env.DATABASE_URL && !env.DATA_DIR) {
    fs.copyFileSync(template.file, path.join(dataDir, 'platter.db'));
  }
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    BETTER_AUTH_SECRET: TEST_SECRET,
    PLATTER_DEMO: '0',
    WEB_DIST: path.join(dataDir, 'no-web'),
    ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
    ...env,
  });
  const context = await createContext(config, contextOptions);
  const app = await buildApp(context, buildOptions);
  // PORT: a port chosen beforehand (a test whose PUBLIC_URL names its own address); else any free one.
  await app.listen({ host: '127.0.0.1', port: env.PORT ? Number(env.PORT) : 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return {
    app,
    context,
    config,
    baseUrl: `http://127.0.0.1:${address.port}`,
    async close() {
      await app.close();
      await context.close();
      await pgDb?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
