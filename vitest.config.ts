import { configDefaults, defineConfig } from 'vitest/config';

// `source` resolves @platter/shared to its TypeScript, so tests never need a build first.
const resolve = { conditions: ['source', 'module', 'node', 'import', 'default'] };

const integration = (dialect: 'sqlite' | 'postgres', groupOrder: number) => ({
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
    // Each file starts its own app and database; two at a time fits this 2-core machine.
    maxWorkers: 2,
    sequence: { groupOrder },
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
          sequence: { groupOrder: 0 },
        },
      },
      integration('sqlite', 1),
      integration('postgres', 2),
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
          sequence: { groupOrder: 3 },
        },
      },
    ],
  },
});
