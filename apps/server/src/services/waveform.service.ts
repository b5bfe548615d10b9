import { WAVEFORM_BARS, type Waveform } from '@platter/shared';
import type { EventBus } from '../events/event-bus.js';
import { type Actor, canSeeTrack } from '../lib/actor.js';
import { NotFoundError } from '../lib/errors.js';
import { WorkerClient } from '../media/waveform/worker-client.js';
import type { TrackRepository } from '../repositories/track.repository.js';
import type { Storage } from '../storage/storage.js';

export interface WaveformServiceDeps {
  tracks: TrackRepository;
  storage: Storage;
  events: EventBus;
  log?: (message: string, error?: unknown) => void;
}

const CHUNK_BYTES = 256 * 1024;
const JOB_TIMEOUT_MS = 5 * 60_000;
/** The worker is stopped after this long with nothing to do, so an idle server holds no decoder. */
const IDLE_MS = 30_000;

/**
 * Makes waveform peaks for tracks whose waveform is pending, one at a time on a worker thread:
 * off the request path, so uploads and streaming never wait for it. It drains the queue at start
 * (tracks left pending by a restart) and whenever `schedule()` is called after an upload.
 */
export class WaveformService {
  private worker: WorkerClient | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private closed = false;
  private idleTimer: NodeJS.Timeout | undefined;

  constructor(private readonly deps: WaveformServiceDeps) {}

  /** GET /api/tracks/:id/waveform: hidden tracks answer only to their owner and admins. */
  async get(trackId: string, viewer: Actor | undefined): Promise<Waveform> {
    const row = await this.deps.tracks.getById(trackId);
    if (!row || !canSeeTrack(row, viewer)) {
      throw new NotFoundError('This track does not exist or was removed.', 'track_not_found');
    }
    const peaks = row.waveform_status === 'ready' && row.waveform ? (JSON.parse(row.waveform) as number[]) : [];
    return { trackId, status: row.waveform_status, peaks, duration: row.duration };
  }

  /** Starts draining the queue (or makes the running drain look again when it finishes). */
  schedule(): void {
    if (this.closed) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .catch((error: unknown) => this.deps.log?.('Waveform queue stopped', error))
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.schedule();
        } else {
          this.stopWhenIdle();
        }
      });
  }

  /** Resolves when the queue is empty: for tests and graceful shutdown. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.idleTimer);
    await this.running?.catch(() => undefined);
    await this.worker?.terminate();
    this.worker = undefined;
  }

  private async drain(): Promise<void> {
    clearTimeout(this.idleTimer);
    for (;;) {
      if (this.closed) return;
      const batch = await this.deps.tracks.pendingWaveforms(10);
      if (batch.length === 0) return;
      for (const track of batch) {
        if (this.closed) return;
        await this.process(track);
      }
    }
  }

  private async process(track: { id: string; storage_key: string; content_type: string }): Promise<void> {
    let peaks: number[] = [];
    try {
      peaks = await this.compute(track.storage_key, track.content_type);
    } catch (error) {
      this.deps.log?.(`Waveform of track ${track.id} failed`, error);
      await this.worker?.terminate();
      this.worker = undefined;
    }
    if (this.closed) return;
    const status = peaks.length > 0 ? 'ready' : 'unavailable';
    await this.deps.tracks.setWaveform(track.id, status, peaks.length > 0 ? peaks : null);
    this.deps.events.emit('track.waveform', { trackId: track.id, status });
  }

  private async compute(key: string, contentType: string): Promise<number[]> {
    const stored = await this.deps.storage.stat(key);
    if (!stored) return [];
    this.worker ??= await WorkerClient.start();
    const worker = this.worker;
    return withTimeout(
      (async () => {
        const stream = await this.deps.storage.read(key);
        let started = false;
        let pending = Buffer.alloc(0);
        try {
          for await (const chunk of stream) {
            pending = Buffer.concat([pending, chunk as Buffer]);
            if (!started) {
              if (pending.length < 4096 && pending.length < stored.size) continue;
              const reply = await worker.request({ type: 'start', contentType, head: new Uint8Array(pending.subarray(0, 4096)) });
              if (reply.type !== 'started' || !reply.decodable) return [];
              started = true;
            }
            while (pending.length >= CHUNK_BYTES) {
              await worker.request({ type: 'chunk', bytes: new Uint8Array(pending.subarray(0, CHUNK_BYTES)) });
              pending = pending.subarray(CHUNK_BYTES);
            }
          }
          if (!started) {
            const reply = await worker.request({ type: 'start', contentType, head: new Uint8Array(pending) });
            if (reply.type !== 'started' || !reply.decodable) return [];
          }
          if (pending.length > 0) await worker.request({ type: 'chunk', bytes: new Uint8Array(pending) });
          const done = await worker.request({ type: 'end', bars: WAVEFORM_BARS });
          return done.type === 'done' ? done.peaks : [];
        } finally {
          stream.destroy();
        }
      })(),
      JOB_TIMEOUT_MS,
    );
  }

  private stopWhenIdle(): void {
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => {
      if (this.running) return;
      void this.worker?.terminate();
      this.worker = undefined;
    }, IDLE_MS);
    this.idleTimer.unref();
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
