import pg from 'pg';

/** Median time in ms of `runs` calls of fn, after one warm-up call. */
export async function median(fn: () => Promise<unknown>, runs = 15): Promise<number> {
  const times: number[] = [];
  await fn();
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] ?? 0;
}

/**
 * Runs the benchmark on SQLite, then on PostgreSQL when TEST_DATABASE_URL is set, in a database
 * of its own made for the run and dropped afterwards.
 */
export async function onEveryEngine(run: (label: string, databaseUrl: string | undefined) => Promise<void>): Promise<void> {
  await run('SQLite', undefined);
  if (!process.env.TEST_DATABASE_URL) return;
  const name = `platter_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(process.env.TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  try {
    await run('PostgreSQL', url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}
