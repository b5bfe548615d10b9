/** Every kind of background job and its payload (kept small: ids, never file contents). */
export interface JobPayloads {
  /** Make one track's waveform peaks from its stored file. */
  waveform: { trackId: string };
  /** Measure one track's loudness and make its streaming renditions (media engine). */
  audio: { trackId: string };
  /** Remove uploads that expired unused (their rows and files). */
  'upload-sweep': Record<string, never>;
  /** Publish the scheduled releases and tracks that are due, every minute (the safety net), and send the delayed jobs of the next minutes. */
  'track-publish': Record<string, never>;
  /** Sent delayed to a scheduled time (`startAfter`): publish what is due at `at` (ISO), re-read from the database when it runs. */
  'publish-scheduled': { at: string };
  /** Generate whatever the demo catalogue still lacks. */
  'demo-catalogue': Record<string, never>;
  /** Notify every follower of the artist of a new release (one INSERT … SELECT): a track that went public on its own, or a whole release (one notification per release). */
  'notify-release': { trackId?: string; releaseId?: string };
  /** Submit a listener's queued listens to their ListenBrainz account. */
  'listenbrainz-submit': { userId: string };
  /** Tell ListenBrainz what a listener just started playing. */
  'listenbrainz-now-playing': { userId: string; trackId: string };
  /** Wake the submissions of every listener with queued listens (after a restart lost in-process jobs). */
  'listenbrainz-sweep': Record<string, never>;
  /** Refresh track_similar for recently played tracks, then the next tracks of the catalogue walk (radio). */
  'radio-similar': Record<string, never>;
  /** Merge the segments of SQLite's FTS5 search indexes, a short step at a time (nothing on PostgreSQL). */
  'search-index-merge': Record<string, never>;
  /** Build one "Download my data" archive (DataExportService). */
  'data-export': { exportId: string };
  /** Remove data exports whose download time is over, from storage and the table. */
  'data-export-sweep': Record<string, never>;
  /** Send one email (MailService): the whole message, rendered when it was queued. */
  'send-email': { message: { to: string; subject: string; text: string; html: string; headers?: Record<string, string> } };
  /** Queue the daily notification digests that are due (EmailDigestService; scheduled). */
  'email-digest': Record<string, never>;
  /** "Forgot password?" for one address, run off the request so the answer is the same for every address (PasswordResetRequests). */
  'password-reset-request': { email: string; redirectTo?: string; origin: string; acceptLanguage?: string };
  /** Purge the accounts whose deletion is due (AccountDeletionService), each in small steps. */
  'account-deletion-sweep': Record<string, never>;
  /** One Fedify task (a fan-out, a delivery to one inbox, a received activity): federation/message-queue.ts. */
  federation: { message: unknown };
  /** Bring what the fediverse was told of one track in line with the track now: Create, Update or Delete (FederationOutbox). */
  'federation-track': { trackId: string };
  'federation-post': { postId: string };
  'federation-actor': { profileId: string };
}

/** What a handler knows about the run it is in. */
export interface JobRun {
  /** 0 on the first attempt, 1 on the first retry, and so on. */
  attempt: number;
  /** True when no retry follows a failure of this attempt: the handler's last chance to record an outcome. */
  lastAttempt: boolean;
  /** Aborted when the queue stops: a long handler ends at a safe point (and throws, so the job runs again later). */
  signal: AbortSignal;
}

export type JobHandler<T> = (data: T, run: JobRun) => Promise<void>;

/** How a queue treats its jobs; the same on both implementations. */
export interface QueuePolicy {
  /** Retries after a failed attempt (a thrown handler). Default 2. */
  retryLimit?: number;
  /** Seconds before the first retry; each later one waits about twice as long (with jitter). Default 30. */
  retryDelaySeconds?: number;
  /** A run taking longer is failed (and retried). Default 15 minutes; at most 23 hours. */
  timeoutSeconds?: number;
}

export interface SendOptions {
  /**
   * Jobs sharing a key never run at the same time, and a key waits in the queue at most once:
   * sending it again while it waits does nothing (across instances on PostgreSQL).
   */
  singletonKey?: string;
  /**
   * One job per key: while a job sent with this key is kept (waiting, running, retrying, or on
   * PostgreSQL also finished in the last 12 hours), sending it again does nothing, on any
   * instance. For work done once per thing, such as a track's waveform, however many instances
   * hear of the thing. Implies the same `singletonKey`.
   */
  onceKey?: string;
  /**
   * Not before this time: the job waits (on PostgreSQL in pg-boss's table, `startAfter`; in-process
   * on a timer, lost at exit) and runs at once after it. A job due now or in the past runs now.
   */
  startAfter?: Date;
}

export interface ScheduleOptions<T> {
  /** Every n minutes (n divides 60): at :00, :n, :2n… on PostgreSQL; every n minutes from start in-process. */
  everyMinutes: number;
  data: T;
}

/**
 * Background work as named, claimed jobs. Each job is claimed by one worker, of one instance;
 * a queue runs one job at a time per instance; a failed job is retried with backoff per its
 * queue's policy. In-process on the embedded default, pg-boss on PostgreSQL; chosen once by
 * `createJobQueue` (create-job-queue.ts). Handlers must be idempotent: after a crash a job may run again.
 */
export interface JobQueue<Jobs = JobPayloads> {
  readonly kind: 'in-process' | 'pg-boss';
  /** Declares a queue and its handler; before or after `start()`. */
  register<K extends keyof Jobs & string>(name: K, handler: JobHandler<Jobs[K]>, policy?: QueuePolicy): Promise<void>;
  /**
   * Queues a job for whichever instance claims it first. After `stop()` the job waits for
   * another instance (in-process: it is lost at exit, and found again at the next start);
   * after `close()` it is dropped with a log line.
   */
  send<K extends keyof Jobs & string>(name: K, data: Jobs[K], options?: SendOptions): Promise<void>;
  /**
   * Sends `name` periodically (once per period across instances on PostgreSQL); register it
   * first. Scheduled jobs carry the singleton key `name`: send with that key to run one now.
   */
  schedule<K extends keyof Jobs & string>(name: K, options: ScheduleOptions<Jobs[K]>): Promise<void>;
  /** Connects (PostgreSQL: creates pg-boss's schema under its own lock) and starts claiming. */
  start(): Promise<void>;
  /**
   * Stops claiming, aborts running handlers' signals and waits for them up to the drain bound;
   * what still runs after it is given up (on PostgreSQL failed, so it is retried elsewhere).
   * Sending still works until `close()`.
   */
  stop(): Promise<void>;
  /** `stop()`, then closes the connection. */
  close(): Promise<void>;
  /**
   * Resolves when no job of a registered queue waits to run now or runs (on PostgreSQL: on any
   * instance). Retries waiting out their delay and delayed jobs not yet due do not count. For tests and benches.
   */
  idle(timeoutMs?: number): Promise<void>;
  /**
   * Jobs per registered queue: waiting (due now, or a retry waiting out its delay) and running (on
   * PostgreSQL: on any instance). What /metrics reports as the queue depth.
   */
  depth(): Promise<Array<{ name: string; waiting: number; active: number }>>;
  /**
   * Deletes the jobs of `name` whose payload holds the text `value` at `path` and that are not
   * running now: waiting, retrying, or kept after they ran (pg-boss keeps finished jobs for days).
   * What an account's deletion does with the email still addressed to it. Returns how many went.
   */
  forget<K extends keyof Jobs & string>(name: K, path: string[], value: string): Promise<number>;
}

export const DEFAULT_POLICY: Required<QueuePolicy> = { retryLimit: 2, retryDelaySeconds: 30, timeoutSeconds: 15 * 60 };

/** The delay before retry n (1-based): base·2ⁿ, its second half random (pg-boss's own formula, so both queues agree). */
export function retryDelayMs(policy: Required<QueuePolicy>, retry: number): number {
  const full = policy.retryDelaySeconds * 1000 * 2 ** Math.min(16, retry);
  return full / 2 + (full / 2) * Math.random();
}
