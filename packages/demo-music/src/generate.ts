/**
 * Generates demo tracks on a small pool of worker threads. Each finished MP3
 * is handed to `onTrack` as soon as it is ready; `onTrack` calls never
 * overlap, and a worker renders its next track while the previous one is
 * being stored.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { spawnWorker } from '@platter/shared/spawn-worker';
import type { DemoTrackSpec } from './catalogue.js';
import { DEFAULT_SAMPLE_RATE, WORKER_READY, renderDemoTrack, type DemoJob, type DemoJobResult } from './render-job.js';

export interface GenerateOptions {
  specs: DemoTrackSpec[];
  /** Worker threads; default `os.availableParallelism()`. */
  workers?: number;
  sampleRate?: number;
  /** `peaks`: the track's waveform (WAVEFORM_BARS values in 0..1), from the rendered samples. */
  onTrack: (spec: DemoTrackSpec, mp3: Uint8Array, peaks: number[]) => Promise<void>;
  /** Aborting terminates the workers; the promise then resolves with what was done so far. */
  signal?: AbortSignal;
  /** Failures and the in-process fallback are reported here. */
  log?: (message: string) => void;
}

export interface GenerateResult {
  generated: number;
  failed: number;
}

export async function generateDemoTracks(opts: GenerateOptions): Promise<GenerateResult> {
  const result: GenerateResult = { generated: 0, failed: 0 };
  if (opts.specs.length === 0 || opts.signal?.aborted) return result;
  const ctx: PoolContext = {
    queue: [...opts.specs],
    sampleRate: opts.sampleRate ?? DEFAULT_SAMPLE_RATE,
    signal: opts.signal,
    log: opts.log ?? (() => undefined),
    result,
    renderers: new Set(),
    deliveries: Promise.resolve(),
    onTrack: opts.onTrack,
  };
  const onAbort = (): void => {
    for (const r of ctx.renderers) void r.close();
  };
  opts.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    const slots = Math.max(1, Math.min(opts.workers ?? availableParallelism(), opts.specs.length));
    await Promise.all(Array.from({ length: slots }, () => runSlot(ctx)));
    await ctx.deliveries;
  } finally {
    opts.signal?.removeEventListener('abort', onAbort);
    for (const r of ctx.renderers) await r.close();
  }
  return result;
}

interface PoolContext {
  queue: DemoTrackSpec[];
  sampleRate: number;
  signal: AbortSignal | undefined;
  log: (message: string) => void;
  result: GenerateResult;
  renderers: Set<Renderer>;
  /** Chain that serialises the `onTrack` calls. */
  deliveries: Promise<void>;
  onTrack: GenerateOptions['onTrack'];
}

interface Renderer {
  run(spec: DemoTrackSpec): Promise<DemoJobResult>;
  close(): Promise<void>;
}

const aborted = (ctx: PoolContext): boolean => ctx.signal?.aborted === true;

/** One pool slot: takes specs off the shared queue until it is empty or the run is aborted. */
async function runSlot(ctx: PoolContext): Promise<void> {
  let renderer = await startRenderer(ctx);
  let previous: Promise<void> = Promise.resolve();
  try {
    for (let spec = ctx.queue.shift(); spec && !aborted(ctx); spec = ctx.queue.shift()) {
      let outcome: DemoJobResult;
      try {
        outcome = await renderer.run(spec);
      } catch (err) {
        if (aborted(ctx)) break;
        // The worker died (crash, out of memory): this track fails, a fresh renderer takes the rest.
        outcome = { key: spec.key, error: errorText(err) };
        await closeRenderer(ctx, renderer);
        renderer = await startRenderer(ctx);
      }
      // At most one finished track per slot waits for storage, so memory stays bounded.
      await previous;
      if (aborted(ctx)) break;
      previous = 'mp3' in outcome ? deliver(ctx, spec, outcome.mp3, outcome.peaks) : Promise.resolve(fail(ctx, spec, outcome.error));
    }
    await previous;
  } finally {
    await closeRenderer(ctx, renderer);
  }
}

function deliver(ctx: PoolContext, spec: DemoTrackSpec, mp3: Uint8Array, peaks: number[]): Promise<void> {
  ctx.deliveries = ctx.deliveries.then(async () => {
    try {
      await ctx.onTrack(spec, mp3, peaks);
      ctx.result.generated++;
    } catch (err) {
      fail(ctx, spec, errorText(err));
    }
  });
  return ctx.deliveries;
}

function fail(ctx: PoolContext, spec: DemoTrackSpec, error: string): void {
  ctx.result.failed++;
  ctx.log(`Demo track ${spec.key} (${spec.title}) failed: ${error}`);
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

async function startRenderer(ctx: PoolContext): Promise<Renderer> {
  let renderer: Renderer;
  try {
    renderer = await WorkerRenderer.start(ctx.sampleRate);
  } catch (err) {
    ctx.log(`Demo generator: no worker thread (${errorText(err)}); rendering in the main thread`);
    renderer = new InProcessRenderer(ctx.sampleRate);
  }
  ctx.renderers.add(renderer);
  return renderer;
}

async function closeRenderer(ctx: PoolContext, renderer: Renderer): Promise<void> {
  ctx.renderers.delete(renderer);
  await renderer.close();
}

function spawnDemoWorker(): Worker {
  return spawnWorker(import.meta.url, 'demo.worker');
}

/** A worker thread that renders one track at a time. */
class WorkerRenderer implements Renderer {
  private pending: { resolve: (r: DemoJobResult) => void; reject: (e: Error) => void } | undefined;
  private closed = false;

  private constructor(
    private readonly worker: Worker,
    private readonly sampleRate: number,
  ) {
    worker.on('message', (msg: DemoJobResult) => this.settle((p) => p.resolve(msg)));
    worker.on('error', (err) => this.settle((p) => p.reject(err)));
    worker.on('exit', (code) => this.settle((p) => p.reject(new Error(`worker exited with code ${code}`))));
  }

  /** Resolves once the worker has loaded its modules, rejects if it cannot. */
  static start(sampleRate: number): Promise<WorkerRenderer> {
    let worker: Worker;
    try {
      worker = spawnDemoWorker();
    } catch (err) {
      return Promise.reject(err instanceof Error ? err : new Error(String(err)));
    }
    return new Promise((resolve, reject) => {
      const onMessage = (msg: unknown): void => {
        if (msg !== WORKER_READY) return;
        cleanup();
        resolve(new WorkerRenderer(worker, sampleRate));
      };
      const onError = (err: Error): void => {
        cleanup();
        void worker.terminate();
        reject(err);
      };
      const onExit = (code: number): void => {
        cleanup();
        reject(new Error(`worker exited with code ${code} before it was ready`));
      };
      const cleanup = (): void => {
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
      };
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
    });
  }

  run(spec: DemoTrackSpec): Promise<DemoJobResult> {
    if (this.closed) return Promise.reject(new Error('worker closed'));
    return new Promise((resolve, reject) => {
      this.pending = { resolve, reject };
      const job: DemoJob = { spec, sampleRate: this.sampleRate };
      this.worker.postMessage(job);
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.settle((p) => p.reject(new Error('worker terminated')));
    await this.worker.terminate();
  }

  private settle(action: (p: NonNullable<WorkerRenderer['pending']>) => void): void {
    const p = this.pending;
    this.pending = undefined;
    if (p) action(p);
  }
}

/** Fallback when no worker thread can be started: renders on the calling thread. */
class InProcessRenderer implements Renderer {
  constructor(private readonly sampleRate: number) {}

  async run(spec: DemoTrackSpec): Promise<DemoJobResult> {
    // Let pending I/O run between tracks, since rendering blocks this thread.
    await new Promise((resolve) => setImmediate(resolve));
    try {
      return { key: spec.key, ...(await renderDemoTrack(spec, this.sampleRate)) };
    } catch (err) {
      return { key: spec.key, error: errorText(err) };
    }
  }

  async close(): Promise<void> {}
}
