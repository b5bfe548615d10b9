import type { JobPayloads, JobQueue, JobRun, QueuePolicy } from './job-queue.js';

/** Where a job's progress lines go: the server's log once background work has started. */
export interface JobLog {
  info(message: string): void;
}

/**
 * One kind of background job as the service that owns its rule declares it, next to the rule:
 * its name and payload (JobPayloads), its handler and queue policy, and whether it runs by itself.
 */
export interface DeclaredJob<K extends keyof JobPayloads> {
  name: K;
  /** The handler; idempotent, since after a crash a job may run again. */
  run(data: JobPayloads[K], run: JobRun, log: JobLog): Promise<void>;
  policy?: QueuePolicy;
  /**
   * Sent every this many minutes once background work starts (once per period across instances
   * on PostgreSQL; the schedule's singleton key is the job's name, so two runs never overlap).
   */
  everyMinutes?: number;
  /** Also sent once when background work starts, with the job's name as its singleton key. */
  atStart?: boolean;
}

/** A declared job of any kind. */
export type AnyDeclaredJob = { [K in keyof JobPayloads]: DeclaredJob<K> }[keyof JobPayloads];

/** What a service declares about its background work: its jobs, and what it does once when background work starts. */
export interface JobDeclarations {
  jobs?: AnyDeclaredJob[];
  /** Once when background work starts, after the schedules: e.g. queuing the work a restart left pending. */
  atStart?(log: JobLog): Promise<void>;
}

/** Declares a job, checking its handler against its payload. */
export function declareJob<K extends keyof JobPayloads>(job: DeclaredJob<K>): AnyDeclaredJob {
  return job as unknown as AnyDeclaredJob;
}

/**
 * The one place declared jobs meet the queue. `register` gives the queue every handler (the
 * context calls it before the queue starts, so every instance runs every kind of job);
 * `startBackground` (startBackgroundWork, once after the server listens) sets the schedules, sends
 * the at-start jobs and runs the services' at-start work, in the order the context listed them.
 * Handlers' lines go to the log background work was started with, to `fallback` before.
 */
/** Told of every run of a handler: the job's name, whether it ended without throwing, and how long it took. */
export type JobObserver = (job: string, ok: boolean, seconds: number) => void;

export class JobRunner {
  private log: JobLog;

  constructor(
    private readonly queue: Pick<JobQueue, 'register' | 'schedule' | 'send'>,
    private readonly declarations: readonly JobDeclarations[],
    fallback: JobLog,
    private readonly observe: JobObserver = () => undefined,
  ) {
    this.log = fallback;
  }

  /** The names of the declared jobs. */
  get names(): string[] {
    return this.jobs.map((job) => job.name);
  }

  private get jobs(): AnyDeclaredJob[] {
    return this.declarations.flatMap((declared) => declared.jobs ?? []);
  }

  async register(): Promise<void> {
    for (const job of this.jobs) {
      const handler = job.run as (data: unknown, run: JobRun, log: JobLog) => Promise<void>;
      await this.queue.register(
        job.name,
        async (data, run) => {
          const started = performance.now();
          try {
            await handler(data, run, this.log);
            this.observe(job.name, true, (performance.now() - started) / 1000);
          } catch (error) {
            this.observe(job.name, false, (performance.now() - started) / 1000);
            throw error;
          }
        },
        job.policy,
      );
    }
  }

  async startBackground(log: JobLog): Promise<void> {
    this.log = log;
    for (const job of this.jobs) {
      if (job.everyMinutes !== undefined) await this.queue.schedule(job.name, { everyMinutes: job.everyMinutes, data: {} as never });
      if (job.atStart) await this.queue.send(job.name, {} as never, { singletonKey: job.name });
    }
    for (const declared of this.declarations) await declared.atStart?.(log);
  }
}
