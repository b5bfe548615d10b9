import type { Config } from '../config.js';
import { InProcessJobQueue } from './in-process.job-queue.js';
import type { JobQueue } from './job-queue.js';
import { PgBossJobQueue } from './pg-boss.job-queue.js';

export interface JobQueueDeps {
  log: (message: string, error?: unknown) => void;
}

/** Chosen once from configuration: pg-boss on PostgreSQL whenever DATABASE_URL is set, in-process otherwise. */
export function createJobQueue(config: Config, deps: JobQueueDeps): JobQueue {
  // Half of SIGTERM's budget: the rest is for requests, streams and closing connections.
  const drainMs = Math.max(1000, Math.round(config.shutdownTimeoutMs / 2));
  if (config.databaseUrl) return new PgBossJobQueue({ connectionString: config.databaseUrl, drainMs, log: deps.log });
  return new InProcessJobQueue({ drainMs, log: deps.log });
}
