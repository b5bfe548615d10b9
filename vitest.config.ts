import { configDefaults, defineConfig } from 'vitest/config';

// `source` resolves @platter/shared to its TypeScript, so tests never need a build first.
const resolve = { conditions: ['source', 'module', 'node', 'import', 'default'] };

/** The pool shared by the unit and integration projects (vitest wants one count per group). */
const WORKERS = 3;

const integration = (dialect: 'sqlite' | 'postgres') => ({
  resolve,
  ssr: { resolve: { conditions: ['source'], externalConditions: ['source'] } },
  test: {
    name: `integration:${dialect}`,
    include: ['apps/server/test/**/*.test.ts'],
    exclude: [...configDefaults.exclude, 'apps/server/test/scale-out/**'],
    environment: 'node',
    env: { PLATTER_TEST_DIALECT: dialect },
    // Migrates one database per run; each test app starts from a copy of it (support/migrated-template.ts).
    globalSetup: ['apps/server/test/support/migrated-template.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // One worker process runs file after file (no fresh fork and re-import of the server per file):
    // no module of src/ keeps state a file could leave to the next (bench/ci-time.md, 2026-11-29:
    // 0.67× the CPU on SQLite, 0.74× on PostgreSQL, the same tests passing).
    isolate: false,
    // The unit and both integration projects run side by side in one pool (same groupOrder, same
    // maxWorkers): three workers on two cores, since a quarter of each worker's time is spent
    // waiting on its database, its child processes and its timers.
    maxWorkers: WORKERS,
    sequence: { groupOrder: 1 },
  },
});

export default defineConfig({
  test: {
    projects: [
      {
        resolve,
        ssr: { resolve: { conditions: ['source'], externalConditions: ['source'] } },
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'node',
          testTimeout: 60_000,
          maxWorkers: WORKERS,
          sequence: { groupOrder: 1 },
        },
      },
      integration('sqlite'),
      integration('postgres'),
      {
        // Several real Platter processes on one PostgreSQL, Redis and S3 server (TEST_DATABASE_URL,
        // TEST_REDIS_URL). Each file starts its processes once; one file at a time, since the
        // processes themselves use both cores.
        resolve,
        ssr: { resolve: { conditions: ['source'], externalConditions: ['source'] } },
        test: {
          name: 'scale-out',
          include: ['apps/server/test/scale-out/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
