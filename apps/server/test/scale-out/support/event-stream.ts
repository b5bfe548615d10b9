import http from 'node:http';
import type { LiveEvent } from '@platter/shared';

export interface TimedEvent {
  /** performance.now() when the event's last byte arrived. */
  at: number;
  event: LiveEvent;
}

/**
 * A live-events client (GET /api/events) on a plain HTTP connection of its own, as one browser tab
 * holds one: it records each event with the moment it arrived, and notices when the server ends
 * the stream. Light enough to open a thousand in one process (the bench does).
 */
export class EventStream {
  readonly events: TimedEvent[] = [];
  /** Resolves when the server ends the stream or the connection drops (not when we close it). */
  readonly ended: Promise<number>;
  private endedAt: number | undefined;
  private closedByUs = false;
  private waiters: Array<() => void> = [];

  private constructor(
    readonly baseUrl: string,
    private readonly request: http.ClientRequest,
    response: http.IncomingMessage,
  ) {
    let buffer = '';
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => {
      buffer += chunk;
      let end = buffer.indexOf('\n\n');
      while (end >= 0) {
        const data = buffer
          .slice(0, end)
          .split('\n')
          .find((line) => line.startsWith('data: '));
        if (data) this.events.push({ at: performance.now(), event: JSON.parse(data.slice(6)) as LiveEvent });
        buffer = buffer.slice(end + 2);
        end = buffer.indexOf('\n\n');
      }
      if (this.waiters.length > 0) for (const wake of this.waiters.splice(0)) wake();
    });
    this.ended = new Promise((resolve) => {
      const finish = () => {
        if (this.endedAt !== undefined) return;
        this.endedAt = performance.now();
        for (const wake of this.waiters.splice(0)) wake();
        resolve(this.endedAt);
      };
      response.on('end', finish);
      response.on('close', finish);
      response.on('error', finish);
      request.on('error', finish);
    });
  }

  /**
   * Opens the stream and resolves once the server has answered and subscribed this client (its
   * first bytes, `retry:`, are written after the subscription is in place).
   */
  static open(baseUrl: string, options: { cookie?: string; timeoutMs?: number } = {}): Promise<EventStream> {
    return new Promise((resolve, reject) => {
      const request = http.get(`${baseUrl}/api/events`, { agent: false, headers: options.cookie ? { cookie: options.cookie } : {} }, (response) => {
        if (response.statusCode !== 200) {
          response.resume();
          reject(new Error(`GET ${baseUrl}/api/events answered ${response.statusCode}`));
          return;
        }
        const stream = new EventStream(baseUrl, request, response);
        // The first chunk is the `retry:` line the server writes once this client is subscribed.
        response.once('data', () => {
          clearTimeout(timer);
          resolve(stream);
        });
      });
      const timer = setTimeout(() => {
        request.destroy();
        reject(new Error(`GET ${baseUrl}/api/events sent nothing within ${options.timeoutMs ?? 10_000} ms`));
      }, options.timeoutMs ?? 10_000);
      request.on('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
    });
  }

  /** Whether the server ended the stream (or the connection dropped). */
  get isEnded(): boolean {
    return this.endedAt !== undefined && !this.closedByUs;
  }

  /** The events so far that match. */
  matching(predicate: (event: LiveEvent) => boolean): TimedEvent[] {
    return this.events.filter((e) => predicate(e.event));
  }

  /** Waits for the first event (from index `from`) that matches; fails after `ms` naming what did arrive. */
  async waitFor(predicate: (event: LiveEvent) => boolean, ms = 10_000, from = 0): Promise<TimedEvent> {
    const deadline = performance.now() + ms;
    for (;;) {
      const hit = this.events.slice(from).find((e) => predicate(e.event));
      if (hit) return hit;
      const left = deadline - performance.now();
      if (left <= 0 || this.endedAt !== undefined) {
        const why = this.endedAt !== undefined ? 'the stream ended' : `nothing matched within ${ms} ms`;
        throw new Error(`${this.baseUrl}/api/events: ${why}; received ${JSON.stringify(this.events.map((e) => e.event))}`);
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Closes the connection from the client's side. */
  close(): void {
    if (this.endedAt === undefined) this.closedByUs = true;
    this.request.destroy();
  }
}
