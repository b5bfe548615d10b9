import type { JobLog, JobRunner } from './declared-jobs.js';
import type { JobQueue } from './job-queue.js';

export interface BackgroundWork {
  /** Stops claiming jobs and waits (within the drain bound) for the ones running. */
  stop(): Promise<void>;
}

export interface BackgroundLog extends JobLog {
  error(error: unknown, message: string): void;
}

/** What background work needs of a running Platter (an AppContext has both). */
export interface BackgroundParts {
  jobs: Pick<JobQueue, 'stop'>;
  jobRunner: Pick<JobRunner, 'startBackground'>;
}

/**
 * Starts the work that runs beside requests: the schedules and at-start jobs the services declare
 * (each service's `jobs()`, registered by the context, so every context runs every kind of job),
 * then the services' at-start work (the waveform and audio jobs of tracks a restart left pending).
 * server.ts calls it once after listening; tests call it when they need it.
 */
export function startBackgroundWork({ jobs, jobRunner }: BackgroundParts, log: BackgroundLog): BackgroundWork {
  const started = jobRunner.startBackground(log).catch((error: unknown) => log.error(error, 'Background work did not start'));
  return {
    async stop() {
      await started;
      await jobs.stop();
    },
  };
}
