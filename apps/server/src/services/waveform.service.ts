import { buffer } from 'node:stream/consumers';
import { WAVEFORM_BARS, type Waveform } from '@platter/shared';
import type { EventBus } from '../events/event-bus.js';
import { type Actor, canSeeTrack } from '../lib/actor.js';
import { NotFoundError } from '../lib/errors.js';
import type { LateMoov } from '../media/waveform/decoders.js';
import { findLateMoov } from '../media/waveform/mp4-moov.js';
import type { WaveformRequest } from '../media/waveform/protocol.js';
import { WorkerClient } from '../media/waveform/worker-client.js';
import { type JobDeclarations, declareJob } from '../jobs/declared-jobs.js';
import type { JobQueue, JobRun, QueuePolicy } from '../jobs/job-queue.js';
import type { TrackRowsRepository } from '../repositories/track-rows.repository.js';
import type { TrackLifecycleRepository } from '../repositories/track-lifecycle.repository.js';
import type { Storage } from '../storage/storage.js';

export interface WaveformServiceDeps {
  tracks: Pick<TrackRowsRepository, 'getById'> & Pick<TrackLifecycleRepository, 'pendingWaveforms' | 'setWaveform'>;
  storage: Storage;
  events: EventBus;
  jobs: Pick<JobQueue, 'send'>;
  log?: (message: string, error?: unknown) => void;
}

const CHUNK_BYTES = 256 * 1024;
const DECODE_TIMEOUT_MS = 5 * 60_000;
/** The worker is stopped after this long with nothing to do, so an idle server holds no decoder. */
const IDLE_MS = 30_000;
/** At most this many pending tracks are sent per start (any beyond wait for the next start). */
const PENDING_AT_START = 100_000;

/**
 * The `waveform` queue: a file that cannot be read is retried with backoff for about seven
 * minutes (another instance's write, or storage catching up) before the track is given up on.
 */
export const WAVEFORM_QUEUE: QueuePolicy = { retryLimit: 4, retryDelaySeconds: 15, timeoutSeconds: 10 * 60 };

/** The decoder failed on bytes that were read: retrying cannot help. */
class DecodeError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = 'DecodeError';
  }
}

/**
 * Makes waveform peaks on a worker thread, off the request path, as one `waveform` job per
 * track: sent when a pending track is created (on whichever instances hear of it: one job per
 * track all the same) and, at start, for tracks left pending. Whichever instance claims the job
 * decodes the stored file; a file it cannot read is retried, never marked `unavailable` because
 * of where the job ran.
 */
export class WaveformService {
  private worker: WorkerClient | undefined;
  private closed = false;
  private idleTimer: NodeJS.Timeout | undefined;
  private stopListening: (() => void) | undefined;

  constructor(private readonly deps: WaveformServiceDeps) {}

  /** GET /api/tracks/:id/waveform: hidden tracks answer only to their owner and admins. */
  async get(trackId: string, viewer: Actor | undefined, secret?: string): Promise<Waveform> {
    const row = await this.deps.tracks.getById(trackId);
    if (!row || !canSeeTrack(row, viewer, secret)) {
      throw new NotFoundError('This track does not exist or was removed.', 'track_not_found');
    }
    const peaks = row.waveform_status === 'ready' && row.waveform ? (JSON.parse(row.waveform) as number[]) : [];
    return { trackId, status: row.waveform_status, peaks, duration: row.duration };
  }

  /** The `waveform` job, one per track; at start, the jobs of tracks a restart left pending. */
  jobs(): JobDeclarations {
    return {
      jobs: [declareJob({ name: 'waveform', run: ({ trackId }, run) => this.make(trackId, run), policy: WAVEFORM_QUEUE })],
      atStart: async (log) => {
        const pending = await this.enqueuePending();
        if (pending > 0) log.info(`Waveforms: ${pending} pending tracks queued`);
      },
    };
  }

  /** Sends a `waveform` job for every new track whose waveform is pending. */
  listen(): void {
    this.stopListening = this.deps.events.on('track.created', ({ track }) => {
      if (track.waveform === 'pending') void this.enqueue(track.id);
    });
  }

  /** Sends the track's waveform job: one per track, however often and wherever this is called. */
  async enqueue(trackId: string): Promise<void> {
    try {
      await this.deps.jobs.send('waveform', { trackId }, { onceKey: trackId });
    } catch (error) {
      this.deps.log?.(`Could not queue the waveform of track ${trackId}`, error);
    }
  }

  /** Sends the jobs of tracks still pending: left by a restart, or made before waveforms were jobs. */
  async enqueuePending(): Promise<number> {
    const pending = await this.deps.tracks.pendingWaveforms(PENDING_AT_START);
    for (const track of pending) await this.enqueue(track.id);
    return pending.length;
  }

  /**
   * The `waveform` job. Idempotent: a track deleted meanwhile or already done is skipped. Throws
   * (so the queue retries) while the file cannot be read, except on the last attempt; marks the
   * track `unavailable` when the file reads but does not decode, or after the last attempt.
   */
  async make(trackId: string, run: JobRun): Promise<void> {
    const track = await this.deps.tracks.getById(trackId);
    if (!track || track.waveform_status !== 'pending') return;
    clearTimeout(this.idleTimer);
    try {
      const stored = await this.deps.storage.stat(track.storage_key);
      if (!stored) {
        if (!run.lastAttempt) throw new Error(`The file of track ${trackId} (${track.storage_key}) is not in storage`);
        this.deps.log?.(`Waveform of track ${trackId}: its file never became readable; marked unavailable`);
        return await this.finish(trackId, []);
      }
      let peaks: number[];
      try {
        peaks = await this.compute(track.storage_key, track.content_type, stored.size);
      } catch (error) {
        await this.resetWorker();
        // Stopping (the worker was ended under it), or reading failed: leave it to a retry.
        if (this.closed || run.signal.aborted || (!(error instanceof DecodeError) && !run.lastAttempt)) throw error;
        this.deps.log?.(`Waveform of track ${trackId} failed`, error);
        peaks = [];
      }
      await this.finish(trackId, peaks);
    } finally {
      this.stopWhenIdle();
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.stopListening?.();
    clearTimeout(this.idleTimer);
    await this.resetWorker();
  }

  private async finish(trackId: string, peaks: number[]): Promise<void> {
    const status = peaks.length > 0 ? 'ready' : 'unavailable';
    await this.deps.tracks.setWaveform(trackId, status, peaks.length > 0 ? peaks : null);
    this.deps.events.emit('track.waveform', { trackId, status });
  }

  private async resetWorker(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
  }

  /** Streams the stored file to the worker; errors of the decoder are DecodeErrors, errors of reading are not. */
  private async compute(key: string, contentType: string, size: number): Promise<number[]> {
    if (this.closed) throw new Error('The waveform service is closed');
    this.worker ??= await WorkerClient.start();
    const worker = this.worker;
    const ask = (message: WaveformRequest) => worker.request(message).catch((error: unknown) => Promise.reject(new DecodeError(error)));
    return withTimeout(
      (async () => {
        const lateMoov = contentType === 'audio/mp4' ? await this.lateMoov(key, size) : undefined;
        const stream = await this.deps.storage.read(key);
        let started = false;
        let pending = Buffer.alloc(0);
        try {
          for await (const chunk of stream) {
            pending = Buffer.concat([pending, chunk as Buffer]);
            if (!started) {
              if (pending.length < 4096 && pending.length < size) continue;
              const reply = await ask({ type: 'start', contentType, head: new Uint8Array(pending.subarray(0, 4096)), lateMoov });
              if (reply.type !== 'started' || !reply.decodable) return [];
              started = true;
            }
            while (pending.length >= CHUNK_BYTES) {
              await ask({ type: 'chunk', bytes: new Uint8Array(pending.subarray(0, CHUNK_BYTES)) });
              pending = pending.subarray(CHUNK_BYTES);
            }
          }
          if (!started) {
            const reply = await ask({ type: 'start', contentType, head: new Uint8Array(pending), lateMoov });
            if (reply.type !== 'started' || !reply.decodable) return [];
          }
          if (pending.length > 0) await ask({ type: 'chunk', bytes: new Uint8Array(pending) });
          const done = await ask({ type: 'end', bars: WAVEFORM_BARS });
          return done.type === 'done' ? done.peaks : [];
        } finally {
          stream.destroy();
        }
      })(),
      DECODE_TIMEOUT_MS,
    );
  }

  /** An MP4's moov when it comes after the audio, read by ranges so the worker can decode as the file streams. */
  private async lateMoov(key: string, size: number): Promise<LateMoov | undefined> {
    return findLateMoov(async (start, end) => new Uint8Array(await buffer(await this.deps.storage.read(key, { start, end }))), size);
  }

  private stopWhenIdle(): void {
    clearTimeout(this.idleTimer);
    if (this.closed) return;
    this.idleTimer = setTimeout(() => void this.resetWorker(), IDLE_MS);
    this.idleTimer.unref();
  }
}

/** A decode that hangs is the decoder's failure: it ends as a DecodeError. */
function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DecodeError(new Error(`timed out after ${ms} ms`))), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
