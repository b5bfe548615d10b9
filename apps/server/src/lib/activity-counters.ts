/**
 * What services count for the operator's metrics, named as the work they do: the metrics module
 * (metrics/metrics.ts) implements it with prom-client, and services know nothing of Prometheus.
 */
export interface ActivityCounters {
  /** A batch of plays committed: how many counted, how many not (a replay within the guard). */
  listens(counted: number, ignored: number): void;
  /** An upload this server received: stored, or refused (too big, not audio, cut short). */
  upload(result: 'stored' | 'refused', bytes: number): void;
  /** A track created from an upload. */
  trackCreated(): void;
  /** An email handed to the mail transport, or one attempt that failed, by kind (verification, reset, digest…). */
  emailSent(kind?: string): void;
  emailFailed(kind?: string): void;
}

/** Counts nothing: the default where no metrics are wired (service tests). */
export const noCounters: ActivityCounters = {
  listens: () => undefined,
  upload: () => undefined,
  trackCreated: () => undefined,
  emailSent: () => undefined,
  emailFailed: () => undefined,
};
