import {
  DEFAULT_POLICY,
  type JobHandler,
  type JobPayloads,
  type JobQueue,
  type QueuePolicy,
  type ScheduleOptions,
  type SendOptions,
  retryDelayMs,
} from './job-queue.js';

export interface InProcessJobQueueOptions {
  /** How long `stop()` waits for running handlers. */
  drainMs: number;
  log: (message: string, error?: unknown) => void;
}

interface Waiting {
  data: unknown;
  key: string | undefined;
  /** Sent with `onceKey`: its key stays taken until the job is done or given up. */
  once: boolean;
  attempt: number;
}

interface Queue {
  handler: JobHandler<unknown>;
  policy: Required<QueuePolicy>;
  waiting: Waiting[];
  /** Failed jobs waiting out their retry delay. */
  retrying: number;
  running: Promise<void> | undefined;
  /** Keys of `onceKey` jobs waiting, running or waiting to retry. */
  onceKeys: Set<string>;
  /** Jobs sent with a `startAfter` still ahead, by key (or a key of their own): their timers. */
  delayed: Map<string, NodeJS.Timeout>;
}

/** setTimeout's longest delay (about 24.8 days); a later job gets no timer (see `send`). */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * The embedded default's queue: jobs live in memory, one at a time per queue, schedules and
 * delayed jobs (`startAfter`) are timers. Nothing survives a restart, which is why every kind of work that must not be lost is
 * also found again at start (pending waveforms are re-sent, the sweep and the demo look at the
 * database).
 */
export class InProcessJobQueue<Jobs = JobPayloads> implements JobQueue<Jobs> {
  readonly kind = 'in-process' as const;
  private readonly queues = new Map<string, Queue>();
  private readonly schedules = new Map<string, ScheduleOptions<unknown>>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly intervals = new Set<NodeJS.Timeout>();
  private abort = new AbortController();
  private started = false;
  private stopped = false;
  private closed = false;

  constructor(private readonly options: InProcessJobQueueOptions) {}

  async register<K extends keyof Jobs & string>(name: K, handler: JobHandler<Jobs[K]>, policy: QueuePolicy = {}): Promise<void> {
    if (this.queues.has(name)) throw new Error(`Job queue ${name} is registered twice`);
    this.queues.set(name, { handler: handler as JobHandler<unknown>, policy: { ...DEFAULT_POLICY, ...policy }, waiting: [], retrying: 0, running: undefined, onceKeys: new Set(), delayed: new Map() });
  }

  async send<K extends keyof Jobs & string>(name: K, data: Jobs[K], options: SendOptions = {}): Promise<void> {
    if (this.closed) {
      this.options.log(`Job ${name} was not sent: the job queue is closed`);
      return;
    }
    const job: Waiting = { data, key: options.onceKey ?? options.singletonKey, once: options.onceKey !== undefined, attempt: 0 };
    const delay = options.startAfter ? options.startAfter.getTime() - Date.now() : 0;
    if (delay <= 0) {
      this.enqueue(name, job);
      return;
    }
    const queue = this.queues.get(name);
    if (!queue) throw new Error(`Job queue ${name} is not registered`);
    // A key waits at most once, delayed or not.
    const key = job.key ?? `\0${Math.random()}`;
    if (queue.delayed.has(key)) return;
    // Beyond setTimeout's reach the job is dropped: what sends delayed jobs also finds its work again nearer the time (the publish sweep's look-ahead).
    if (delay > MAX_TIMER_MS) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      queue.delayed.delete(key);
      this.enqueue(name, job);
    }, delay);
    timer.unref();
    this.timers.add(timer);
    queue.delayed.set(key, timer);
  }

  async schedule<K extends keyof Jobs & string>(name: K, options: ScheduleOptions<Jobs[K]>): Promise<void> {
    if (!this.queues.has(name)) throw new Error(`Job queue ${name} is not registered`);
    this.schedules.set(name, options);
    if (this.started && !this.stopped) this.startTimer(name, options);
  }

  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    for (const [name, options] of this.schedules) this.startTimer(name, options);
    for (const name of this.queues.keys()) this.pump(name);
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    for (const queue of this.queues.values()) queue.delayed.clear();
    for (const interval of this.intervals) clearInterval(interval);
    this.timers.clear();
    this.intervals.clear();
    this.abort.abort();
    const running = [...this.queues.values()].flatMap((queue) => (queue.running ? [queue.running] : []));
    if (running.length === 0) return;
    let timer: NodeJS.Timeout | undefined;
    const bound = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), this.options.drainMs);
    });
    const outcome = await Promise.race([Promise.all(running), bound]);
    clearTimeout(timer);
    if (outcome === 'timeout') this.options.log(`Jobs still running after ${this.options.drainMs} ms were left to finish or die with the process`);
  }

  async close(): Promise<void> {
    await this.stop();
    this.closed = true;
  }

  async idle(timeoutMs = 60_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while ([...this.queues.values()].some((queue) => queue.running || queue.waiting.length > 0)) {
      if (Date.now() > deadline) throw new Error(`Jobs still queued or running after ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  async forget<K extends keyof Jobs & string>(name: K, path: string[], value: string): Promise<number> {
    const queue = this.queues.get(name);
    if (!queue) return 0;
    const at = (data: unknown) => path.reduce<unknown>((node, key) => (node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), data);
    const before = queue.waiting.length;
    queue.waiting = queue.waiting.filter((job) => at(job.data) !== value);
    return before - queue.waiting.length;
  }

  async depth(): Promise<Array<{ name: string; waiting: number; active: number }>> {
    return [...this.queues].map(([name, queue]) => ({ name, waiting: queue.waiting.length + queue.retrying + queue.delayed.size, active: queue.running ? 1 : 0 }));
  }

  private enqueue(name: string, job: Waiting): void {
    const queue = this.queues.get(name);
    if (!queue) throw new Error(`Job queue ${name} is not registered`);
    if (job.key !== undefined) {
      const retry = job.attempt > 0;
      if (job.once && !retry && queue.onceKeys.has(job.key)) return;
      // A key waits at most once; a retry finding its key waiting leaves the work to that job.
      if (queue.waiting.some((w) => w.key === job.key)) {
        if (retry && job.once) queue.onceKeys.delete(job.key);
        return;
      }
      if (job.once) queue.onceKeys.add(job.key);
    }
    queue.waiting.push(job);
    this.pump(name);
  }

  /** Runs the queue's next job unless one runs already; the queue pumps itself again after each. */
  private pump(name: string): void {
    const queue = this.queues.get(name);
    if (!queue || !this.started || this.stopped || queue.running) return;
    const job = queue.waiting.shift();
    if (!job) return;
    queue.running = this.run(name, queue, job).finally(() => {
      queue.running = undefined;
      this.pump(name);
    });
  }

  private async run(name: string, queue: Queue, job: Waiting): Promise<void> {
    const { policy } = queue;
    const lastAttempt = job.attempt >= policy.retryLimit;
    const done = () => {
      if (job.once && job.key !== undefined) queue.onceKeys.delete(job.key);
    };
    try {
      await withTimeout(queue.handler(job.data, { attempt: job.attempt, lastAttempt, signal: this.abort.signal }), policy.timeoutSeconds * 1000);
      done();
    } catch (error) {
      if (lastAttempt || this.stopped) {
        done();
        this.options.log(`Job ${name} failed (attempt ${job.attempt + 1}${lastAttempt ? ', for good' : ''})`, error);
        return;
      }
      const delay = retryDelayMs(policy, job.attempt + 1);
      this.options.log(`Job ${name} failed (attempt ${job.attempt + 1}); retrying in ${Math.round(delay / 1000)} s`, error);
      queue.retrying += 1;
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        queue.retrying -= 1;
        this.enqueue(name, { ...job, attempt: job.attempt + 1 });
      }, delay);
      timer.unref();
      this.timers.add(timer);
    }
  }

  private startTimer(name: string, options: ScheduleOptions<unknown>): void {
    const timer = setInterval(() => this.enqueue(name, { data: options.data, key: name, once: false, attempt: 0 }), options.everyMinutes * 60_000);
    timer.unref();
    this.intervals.add(timer);
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
