import { type ELDHistogram as IntervalHistogram, monitorEventLoopDelay } from 'node:perf_hooks';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { ActivityCounters } from '../lib/activity-counters.js';

/** What a pg pool tells of itself (pg.Pool's own counters). */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

/** Jobs per queue: waiting to run (now or after a retry's delay) and running. */
export interface QueueDepth {
  name: string;
  waiting: number;
  active: number;
}

/** Where the gauges read their values at scrape time: each source is optional (none for SQLite's pool). */
export interface MetricSources {
  pool?: () => PoolStats;
  queueDepth?: () => Promise<QueueDepth[]>;
  liveSubscribers?: () => number;
  /** The declared jobs' names: their failure counters start at zero. */
  jobNames?: () => string[];
}

/** Seconds; from a fast cached read (1 ms) to a slow request (10 s). */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const QUERY_BUCKETS = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 5];
const JOB_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300, 900];

/** The statement kind of a SQL text, a label with few values: select, insert, update, delete or other. */
export function statementKind(sqlText: string): string {
  const word = /^\s*(?:with\b[\s\S]*?\)\s*)?(\w+)/i.exec(sqlText)?.[1]?.toLowerCase();
  return word === 'select' || word === 'insert' || word === 'update' || word === 'delete' ? word : 'other';
}

/**
 * Platter's Prometheus series (docs/metrics.md lists them all), on a registry of this app's own:
 * tests start many apps in one process, and prom-client's global registry would make the second
 * app's series collide with the first's. Counters and histograms are fed by the code that does the
 * work (through ActivityCounters and the hooks below); gauges read their sources at scrape time.
 * Node's default metrics and the event-loop monitor start only with `enableRuntimeMetrics` (when
 * /metrics is served), so an app that is never scraped keeps no timers for them.
 */
export class Metrics implements ActivityCounters {
  readonly registry = new Registry();
  private readonly httpDuration: Histogram<'method' | 'route' | 'status'>;
  private readonly queryDuration: Histogram<'statement'>;
  private readonly queryErrors: Counter<'statement'>;
  private readonly jobDuration: Histogram<'job' | 'outcome'>;
  private readonly jobFailures: Counter<'job'>;
  private readonly listensTotal: Counter<'outcome'>;
  private readonly uploadsTotal: Counter<'result'>;
  private readonly uploadBytes: Counter;
  private readonly tracksCreated: Counter;
  private readonly emailsSent: Counter<'kind'>;
  private readonly emailsFailed: Counter<'kind'>;
  private loopDelay: IntervalHistogram | undefined;
  private sources: MetricSources = {};

  constructor() {
    const registers = [this.registry];
    this.httpDuration = new Histogram({
      name: 'platter_http_request_duration_seconds',
      help: 'HTTP request latency by method, route pattern (never the raw URL) and status code',
      labelNames: ['method', 'route', 'status'],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.queryDuration = new Histogram({ name: 'platter_db_query_duration_seconds', help: 'Database query time by statement kind', labelNames: ['statement'], buckets: QUERY_BUCKETS, registers });
    this.queryErrors = new Counter({ name: 'platter_db_query_errors_total', help: 'Database queries that failed, by statement kind', labelNames: ['statement'], registers });
    this.jobDuration = new Histogram({ name: 'platter_job_duration_seconds', help: 'Background job runs by job name and outcome (ok or failed)', labelNames: ['job', 'outcome'], buckets: JOB_BUCKETS, registers });
    const sourcesOf = () => this.sources;
    this.jobFailures = new Counter({
      name: 'platter_job_failures_total',
      help: 'Background job attempts that failed (each retry counts), by job name',
      labelNames: ['job'],
      registers,
      collect() {
        for (const job of sourcesOf().jobNames?.() ?? []) this.inc({ job }, 0);
      },
    });
    this.listensTotal = new Counter({ name: 'platter_listens_total', help: 'Plays reported, by outcome: counted, or not counted (a replay within the guard)', labelNames: ['outcome'], registers });
    this.uploadsTotal = new Counter({ name: 'platter_uploads_total', help: 'Uploads received by this server (local disk), by result: stored or refused', labelNames: ['result'], registers });
    this.uploadBytes = new Counter({ name: 'platter_upload_bytes_total', help: 'Bytes of uploads stored by this server', registers });
    this.tracksCreated = new Counter({ name: 'platter_tracks_created_total', help: 'Tracks created from an upload (any storage)', registers });
    this.emailsSent = new Counter({ name: 'platter_emails_sent_total', help: 'Emails handed to the mail transport, by kind', labelNames: ['kind'], registers });
    this.emailsFailed = new Counter({ name: 'platter_emails_failed_total', help: 'Emails the mail transport refused or could not send (each attempt), by kind', labelNames: ['kind'], registers });
    // Counters at zero from the start, so a dashboard's rate() has a series before the first event.
    for (const outcome of ['counted', 'ignored']) this.listensTotal.inc({ outcome }, 0);
    for (const result of ['stored', 'refused']) this.uploadsTotal.inc({ result }, 0);
    for (const statement of ['select', 'insert', 'update', 'delete', 'other']) this.queryErrors.inc({ statement }, 0);
    // The gauges' collect() runs with `this` the gauge: the instance's state is read through these.
    const sources = () => this.sources;
    const loopDelay = () => this.loopDelay;
    new Gauge({
      name: 'platter_live_subscribers',
      help: 'Open live-event streams (GET /api/events) on this instance',
      registers,
      collect() {
        this.set(sources().liveSubscribers?.() ?? 0);
      },
    });
    new Gauge({
      name: 'platter_job_queue_depth',
      help: 'Background jobs by job name and state: waiting (due now or retrying later) or active',
      labelNames: ['job', 'state'],
      registers,
      async collect() {
        this.reset();
        for (const queue of (await sources().queueDepth?.()) ?? []) {
          this.set({ job: queue.name, state: 'waiting' }, queue.waiting);
          this.set({ job: queue.name, state: 'active' }, queue.active);
        }
      },
    });
    new Gauge({
      name: 'platter_db_pool_connections',
      help: 'PostgreSQL pool connections by state: total, idle, and waiting (requests queued for one); absent on SQLite',
      labelNames: ['state'],
      registers,
      collect() {
        const stats = sources().pool?.();
        if (!stats) return;
        this.set({ state: 'total' }, stats.total);
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'waiting' }, stats.waiting);
      },
    });
    new Gauge({
      name: 'platter_event_loop_delay_seconds',
      help: 'Event-loop delay since the previous scrape (monitorEventLoopDelay), by quantile: 0.5, 0.99 and 1 (the maximum)',
      labelNames: ['quantile'],
      registers,
      collect() {
        const delay = loopDelay();
        if (!delay) return;
        this.set({ quantile: '0.5' }, delay.percentile(50) / 1e9);
        this.set({ quantile: '0.99' }, delay.percentile(99) / 1e9);
        this.set({ quantile: '1' }, delay.max / 1e9);
        // Each scrape reports the delays since the one before.
        delay.reset();
      },
    });
  }

  /** Where the gauges read their values; set once the context has built them. */
  setSources(sources: MetricSources): void {
    this.sources = { ...this.sources, ...sources };
  }

  /** Node's default series (CPU, memory, GC, handles, its own event-loop lag) and Platter's event-loop delay monitor. */
  enableRuntimeMetrics(): void {
    if (this.loopDelay) return;
    collectDefaultMetrics({ register: this.registry });
    this.loopDelay = monitorEventLoopDelay({ resolution: 10 });
    this.loopDelay.enable();
  }

  /** One HTTP request, by its route pattern (`/api/tracks/:id`); requests matching no route are `unmatched`. */
  observeRequest(method: string, route: string | undefined, status: number, seconds: number): void {
    this.httpDuration.observe({ method, route: route ?? 'unmatched', status: String(status) }, seconds);
  }

  /** One database query (Kysely's log hook). */
  observeQuery(sqlText: string, seconds: number, failed: boolean): void {
    const statement = statementKind(sqlText);
    this.queryDuration.observe({ statement }, seconds);
    if (failed) this.queryErrors.inc({ statement });
  }

  /** One run of a background job's handler. */
  observeJob(job: string, ok: boolean, seconds: number): void {
    this.jobDuration.observe({ job, outcome: ok ? 'ok' : 'failed' }, seconds);
    if (!ok) this.jobFailures.inc({ job });
  }

  listens(counted: number, ignored: number): void {
    if (counted > 0) this.listensTotal.inc({ outcome: 'counted' }, counted);
    if (ignored > 0) this.listensTotal.inc({ outcome: 'ignored' }, ignored);
  }

  upload(result: 'stored' | 'refused', bytes: number): void {
    this.uploadsTotal.inc({ result });
    if (result === 'stored' && bytes > 0) this.uploadBytes.inc(bytes);
  }

  trackCreated(): void {
    this.tracksCreated.inc();
  }

  /** For the Mailer: one email handed to the transport. */
  emailSent(kind = 'other'): void {
    this.emailsSent.inc({ kind });
  }

  /** For the Mailer: one attempt that failed. */
  emailFailed(kind = 'other'): void {
    this.emailsFailed.inc({ kind });
  }

  /** The registry in Prometheus's text format. */
  async text(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }

  close(): void {
    this.loopDelay?.disable();
    this.registry.clear();
  }
}
