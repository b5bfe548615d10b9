import { createHash, randomUUID } from 'node:crypto';
import pg from 'pg';
import { PgBoss } from 'pg-boss';
import {
  DEFAULT_POLICY,
  type JobHandler,
  type JobPayloads,
  type JobQueue,
  type QueuePolicy,
  type ScheduleOptions,
  type SendOptions,
} from './job-queue.js';

export interface PgBossJobQueueOptions {
  connectionString: string;
  /** How long `stop()` waits for running handlers before failing them (so they are retried elsewhere). */
  drainMs: number;
  log: (message: string, error?: unknown) => void;
  /** How often an idle worker looks for jobs sent by other instances (sends on this one wake it at once). */
  pollingIntervalSeconds?: number;
}

/** pg-boss's tables live in their own schema, created by pg-boss itself under its own advisory lock. */
const SCHEMA = 'pgboss';

/**
 * Where the tables of pg-boss 10 (schema version 24) are moved at start: pg-boss 11 and later
 * cannot migrate them in place, so they are renamed aside, a new schema is installed, the jobs that
 * were still waiting or running are sent again into it, and the old one is dropped.
 */
const LEGACY_SCHEMA = 'pgboss_v10';
/** The first schema version that pg-boss 12 migrates from (pg-boss 11's). */
const FIRST_MIGRATABLE_VERSION = 25;

/** setTimeout's longest delay (about 24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** The advisory lock key under which instances set up their queues (an arbitrary constant of our own). */
const START_LOCK = '7264937561239001';

interface Registered {
  handler: JobHandler<unknown>;
  policy: Required<QueuePolicy>;
}

/**
 * The job queue on PostgreSQL: pg-boss 12 (claims with `FOR UPDATE SKIP LOCKED`, retries with
 * backoff, cron schedules sent once across instances). Every queue is `stately`: per singleton
 * key at most one job waits and one runs, whichever instance sent it. The only file that
 * touches pg-boss.
 */
export class PgBossJobQueue<Jobs = JobPayloads> implements JobQueue<Jobs> {
  readonly kind = 'pg-boss' as const;
  private readonly pool: pg.Pool;
  private readonly boss: PgBoss;
  private readonly registered = new Map<string, Registered>();
  private readonly schedules = new Map<string, ScheduleOptions<unknown>>();
  private readonly workers = new Map<string, string>();
  /** Per queue: created in the database and worked by this instance. */
  private readonly ready = new Map<string, Promise<void>>();
  private readonly abort = new AbortController();
  /** Timers that wake this instance's worker when a delayed job it sent is due. */
  private readonly timers = new Set<NodeJS.Timeout>();
  private starting: Promise<void> | undefined;
  private stopping: Promise<void> | undefined;
  private closed = false;
  private poolEnded = false;

  constructor(private readonly options: PgBossJobQueueOptions) {
    // Our own small pool (pg-boss's default would be 10 connections per instance), kept open
    // after stop() so that work finishing during shutdown can still send jobs.
    this.pool = new pg.Pool({ connectionString: options.connectionString, max: 4, application_name: 'platter-jobs' });
    this.pool.on('error', (error) => options.log('Job queue connection failed', error));
    this.boss = new PgBoss({
      db: {
        // A handler that outlives close() (past the drain bound) still reports its outcome, and
        // pg-boss may fail its unfinished jobs after stop() resolved; the pool is gone by then, so
        // those statements are dropped (a promise that never settles: neither an error nobody
        // catches nor an empty result pg-boss would misread). The jobs expire and run again elsewhere.
        executeSql: (text, values) => (this.poolEnded ? new Promise<never>(() => undefined) : this.pool.query(text, values)),
      },
      schema: SCHEMA,
      // The clock sends a cron tick when it looks within 60 s of it, and looks at most once per
      // interval across instances, a look that comes a hair early being skipped until the next:
      // every 20 s (not the default 30) keeps two looks apart by less than 60 s, so no tick is lost.
      cronMonitorIntervalSeconds: 20,
    });
    this.boss.on('error', (error) => options.log('Job queue error', error));
  }

  async register<K extends keyof Jobs & string>(name: K, handler: JobHandler<Jobs[K]>, policy: QueuePolicy = {}): Promise<void> {
    if (this.registered.has(name)) throw new Error(`Job queue ${name} is registered twice`);
    const entry = { handler: handler as JobHandler<unknown>, policy: { ...DEFAULT_POLICY, ...policy } };
    this.registered.set(name, entry);
    if (this.starting) {
      await this.starting;
      await this.activate(name, entry);
    }
  }

  async send<K extends keyof Jobs & string>(name: K, data: Jobs[K], options: SendOptions = {}): Promise<void> {
    const entry = this.registered.get(name);
    if (!entry) throw new Error(`Job queue ${name} is not registered`);
    if (!this.starting) throw new Error('Start the job queue before sending jobs');
    if (this.closed) {
      this.options.log(`Job ${name} was not sent: the job queue is closed`);
      return;
    }
    await this.starting;
    // pg-boss drops (silently) a job whose queue does not exist yet.
    await this.activate(name, entry);
    // Every queue is stately, where jobs without a key would all share the empty one: a job
    // without a key gets a key of its own, as in-process.
    const singletonKey = options.onceKey ?? options.singletonKey ?? randomUUID();
    const delay = options.startAfter ? options.startAfter.getTime() - Date.now() : 0;
    await this.boss.send(name, data as object, {
      singletonKey,
      ...(options.onceKey ? { id: onceId(name, options.onceKey) } : {}),
      ...(delay > 0 && options.startAfter ? { startAfter: options.startAfter } : {}),
    });
    if (delay > 0) {
      // This instance's worker looks for it when it is due (a few ms after, for the database's
      // clock); the others find it at their next poll (pollingIntervalSeconds), and after a restart
      // so does everyone: a delayed job runs at most a poll late.
      if (delay <= MAX_TIMER_MS) {
        const timer = setTimeout(() => {
          this.timers.delete(timer);
          this.wake(name);
        }, delay + 50);
        timer.unref();
        this.timers.add(timer);
      }
      return;
    }
    this.wake(name);
  }

  private wake(name: string): void {
    const worker = this.workers.get(name);
    if (worker && !this.stopping) this.boss.notifyWorker(worker);
  }

  async schedule<K extends keyof Jobs & string>(name: K, options: ScheduleOptions<Jobs[K]>): Promise<void> {
    const entry = this.registered.get(name);
    if (!entry) throw new Error(`Job queue ${name} is not registered`);
    cronEvery(options.everyMinutes);
    this.schedules.set(name, options);
    if (this.starting) {
      await this.starting;
      await this.activate(name, entry);
      await this.applySchedule(name, options);
    }
  }

  start(): Promise<void> {
    this.starting ??= (async () => {
      await this.serialized(async () => {
        await this.moveLegacySchema();
        await this.boss.start();
      });
      for (const [name, entry] of this.registered) await this.activate(name, entry);
      for (const [name, options] of this.schedules) await this.applySchedule(name, options);
      await this.resendLegacyJobs();
    })();
    return this.starting;
  }

  stop(): Promise<void> {
    this.stopping ??= (async () => {
      if (!this.starting) return;
      await this.starting.catch(() => undefined);
      this.abort.abort();
      for (const timer of this.timers) clearTimeout(timer);
      this.timers.clear();
      // Stops the workers and timers, waits up to drainMs for running handlers, then fails
      // the ones still running so that another instance (or a later start) retries them.
      await this.boss.stop({ graceful: true, close: false, timeout: this.options.drainMs });
    })();
    return this.stopping;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    await this.stop();
    this.closed = true;
    this.poolEnded = true;
    await this.pool.end();
  }

  async idle(timeoutMs = 60_000): Promise<void> {
    const names = [...this.registered.keys()];
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const { rows } = await this.pool.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM ${SCHEMA}.job
         WHERE name = ANY($1) AND (state = 'active' OR (state IN ('created', 'retry') AND start_after <= now()))`,
        [names],
      );
      if ((rows[0]?.n ?? 0) === 0) return;
      if (Date.now() > deadline) throw new Error(`Jobs still queued or running after ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  async forget<K extends keyof Jobs & string>(name: K, path: string[], value: string): Promise<number> {
    if (this.poolEnded) return 0;
    const { rowCount } = await this.pool.query(`DELETE FROM ${SCHEMA}.job WHERE name = $1 AND state <> 'active' AND data #>> $2 = $3`, [name, path, value]);
    return rowCount ?? 0;
  }

  async depth(): Promise<Array<{ name: string; waiting: number; active: number }>> {
    const names = [...this.registered.keys()];
    if (this.poolEnded || names.length === 0) return names.map((name) => ({ name, waiting: 0, active: 0 }));
    const { rows } = await this.pool.query<{ name: string; waiting: number; active: number }>(
      `SELECT name, count(*) FILTER (WHERE state IN ('created', 'retry'))::int AS waiting, count(*) FILTER (WHERE state = 'active')::int AS active
       FROM ${SCHEMA}.job WHERE name = ANY($1) AND state IN ('created', 'retry', 'active') GROUP BY name`,
      [names],
    );
    const found = new Map(rows.map((row) => [row.name, row]));
    return names.map((name) => ({ name, waiting: found.get(name)?.waiting ?? 0, active: found.get(name)?.active ?? 0 }));
  }

  /**
   * Runs `work` while holding a PostgreSQL advisory lock, so instances starting at once set up
   * pg-boss one after the other: two `create_queue` calls at the same moment deadlock (each
   * inserts its queue row, then wants a lock on the queue table for the partition's foreign key).
   */
  private async serialized<T>(work: () => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query('SELECT pg_advisory_lock($1)', [START_LOCK]);
      try {
        return await work();
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [START_LOCK]);
      }
    } finally {
      client.release();
    }
  }

  /** Renames pg-boss 10's schema aside (LEGACY_SCHEMA), so that pg-boss installs its own afresh. Runs under the start lock. */
  private async moveLegacySchema(): Promise<void> {
    const { rows } = await this.pool.query<{ installed: boolean }>(`SELECT to_regclass('${SCHEMA}.version') IS NOT NULL AS installed`);
    if (!rows[0]?.installed) return;
    const { rows: versions } = await this.pool.query<{ version: number }>(`SELECT version FROM ${SCHEMA}.version`);
    const version = versions[0]?.version;
    if (version === undefined || version >= FIRST_MIGRATABLE_VERSION) return;
    await this.pool.query(`ALTER SCHEMA ${SCHEMA} RENAME TO ${LEGACY_SCHEMA}`);
    this.options.log(`Job queue: pg-boss 10's tables (schema version ${version}) moved to ${LEGACY_SCHEMA}; their waiting jobs are sent again`);
  }

  /**
   * Sends the jobs that were waiting, retrying or running in pg-boss 10's tables again (same id,
   * singleton key and start time, so a job sent once stays once), then drops those tables. An
   * instance that stopped halfway leaves them for the next start; a job sent twice meanwhile is
   * refused by its stately queue.
   */
  private async resendLegacyJobs(): Promise<void> {
    const { rows } = await this.pool.query<{ present: boolean }>(`SELECT to_regclass('${LEGACY_SCHEMA}.job') IS NOT NULL AS present`);
    if (!rows[0]?.present) return;
    const { rows: jobs } = await this.pool.query<{ id: string; name: string; data: object | null; singleton_key: string | null; start_after: Date }>(
      `SELECT id, name, data, singleton_key, start_after FROM ${LEGACY_SCHEMA}.job
       WHERE state::text IN ('created', 'retry', 'active') ORDER BY created_on`,
    );
    let sent = 0;
    for (const job of jobs) {
      const entry = this.registered.get(job.name);
      if (!entry) continue;
      await this.activate(job.name, entry);
      const id = await this.boss.send(job.name, job.data ?? {}, { id: job.id, singletonKey: job.singleton_key ?? randomUUID(), startAfter: job.start_after });
      if (id) sent += 1;
    }
    await this.pool.query(`DROP SCHEMA IF EXISTS ${LEGACY_SCHEMA} CASCADE`);
    this.options.log(`Job queue: ${sent} of pg-boss 10's ${jobs.length} waiting jobs sent again; its tables are dropped`);
  }

  /** Creates the queue (or brings its policy in step with this code) and starts this instance's worker for it, once. */
  private activate(name: string, entry: Registered): Promise<void> {
    let ready = this.ready.get(name);
    if (!ready) {
      ready = this.serialized(() => this.createAndWork(name, entry));
      this.ready.set(name, ready);
    }
    return ready;
  }

  private async createAndWork(name: string, entry: Registered): Promise<void> {
    const { policy } = entry;
    const settings = {
      retryLimit: policy.retryLimit,
      retryDelay: policy.retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: policy.timeoutSeconds,
    };
    await this.boss.createQueue(name, { policy: 'stately', ...settings });
    // The storage policy is fixed at creation (pg-boss refuses to update it, even to the same value).
    await this.boss.updateQueue(name, settings);
    const workOptions = { batchSize: 1, includeMetadata: true as const, pollingIntervalSeconds: this.options.pollingIntervalSeconds ?? 2 };
    const id = await this.boss.work<unknown, void, typeof workOptions>(name, workOptions, async ([job]) => {
      if (!job) return;
      const lastAttempt = job.retryCount >= job.retryLimit;
      try {
        await entry.handler(job.data, { attempt: job.retryCount, lastAttempt, signal: this.abort.signal });
      } catch (error) {
        this.options.log(`Job ${name} failed (attempt ${job.retryCount + 1}${lastAttempt ? ', for good' : '; it will be retried'})`, error);
        throw error;
      }
    });
    this.workers.set(name, id);
  }

  private async applySchedule(name: string, options: ScheduleOptions<unknown>): Promise<void> {
    // Every instance writes the same schedule (an upsert); pg-boss's clock sends each tick once.
    await this.boss.schedule(name, cronEvery(options.everyMinutes), options.data as object, { tz: 'UTC', singletonKey: name });
  }
}

/** The cron expression for "every n minutes" where n divides an hour. */
function cronEvery(minutes: number): string {
  if (!Number.isInteger(minutes) || minutes < 1 || minutes > 60 || 60 % minutes !== 0) {
    throw new Error(`A schedule runs every n minutes where n divides 60, not ${minutes}`);
  }
  if (minutes === 60) return '0 * * * *';
  return minutes === 1 ? '* * * * *' : `*/${minutes} * * * *`;
}

/** The job id of a `onceKey`: a UUID from a hash of the queue and the key, so every instance sends the same id. */
function onceId(name: string, key: string): string {
  const hex = createHash('sha256').update(`${name}\0${key}`).digest('hex');
  // Shaped as a version 8 (custom) UUID, which is what PostgreSQL's uuid type needs.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${((parseInt(hex.slice(16, 17), 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
