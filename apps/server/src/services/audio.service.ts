import type { EventBus } from '../events/event-bus.js';
import { type JobDeclarations, declareJob } from '../jobs/declared-jobs.js';
import type { JobQueue, JobRun, QueuePolicy } from '../jobs/job-queue.js';
import { type MediaEngine, MediaEngineError } from '../media/engine/media-engine.js';
import { processStoredAudio } from '../media/engine/process-audio.js';
import type { TrackRowsRepository } from '../repositories/track-rows.repository.js';
import type { TrackLifecycleRepository } from '../repositories/track-lifecycle.repository.js';
import type { AudioOutcome } from '../repositories/track-lifecycle.repository.js';
import type { Storage } from '../storage/storage.js';

export interface AudioServiceDeps {
  /** Undefined when no media engine runs here: new tracks then play their originals, unmeasured. */
  engine: MediaEngine | undefined;
  tracks: Pick<TrackRowsRepository, 'getById'> & Pick<TrackLifecycleRepository, 'processingAudio' | 'setAudio'>;
  storage: Storage;
  events: EventBus;
  jobs: Pick<JobQueue, 'register' | 'send'>;
  log?: (message: string, error?: unknown) => void;
}

/** A file that cannot be read yet is retried for a few minutes; the engine's own failures are not retried. */
export const AUDIO_QUEUE: QueuePolicy = { retryLimit: 3, retryDelaySeconds: 15, timeoutSeconds: 30 * 60 };
const PENDING_AT_START = 100_000;

/**
 * The `audio` job, one per uploaded track, claimed by one instance: the media engine measures the
 * file's loudness and true peak and makes the streaming renditions it needs (renditions.ts), in a
 * child process off the event loop. Until it is done the track is listed as `processing` and plays
 * its original.
 */
export class AudioService {
  private stopListening: (() => void) | undefined;

  constructor(private readonly deps: AudioServiceDeps) {}

  /** The state a new track starts in: processing when an engine will measure it. */
  get initialStatus(): 'processing' | 'original' {
    return this.deps.engine ? 'processing' : 'original';
  }

  /** The `audio` job, one per track; at start, the jobs of tracks a restart left processing. */
  jobs(): JobDeclarations {
    return {
      jobs: [declareJob({ name: 'audio', run: ({ trackId }, run) => this.process(trackId, run), policy: AUDIO_QUEUE })],
      atStart: async (log) => {
        const processing = await this.enqueuePending();
        if (processing > 0) log.info(`Audio processing: ${processing} tracks queued`);
      },
    };
  }

  /** Sends an `audio` job for every new track the engine is to measure. */
  listen(): void {
    this.stopListening = this.deps.events.on('track.created', ({ track }) => {
      if (track.audio?.status === 'processing') void this.enqueue(track.id);
    });
  }

  async enqueue(trackId: string): Promise<void> {
    try {
      await this.deps.jobs.send('audio', { trackId }, { onceKey: `audio:${trackId}` });
    } catch (error) {
      this.deps.log?.(`Could not queue the audio processing of track ${trackId}`, error);
    }
  }

  /** Sends the jobs of tracks left processing by a restart. */
  async enqueuePending(): Promise<number> {
    const pending = await this.deps.tracks.processingAudio(PENDING_AT_START);
    for (const track of pending) await this.enqueue(track.id);
    return pending.length;
  }

  /**
   * Idempotent: a track deleted or done meanwhile is skipped (and renditions made for a track
   * deleted during the run are removed). A file the engine cannot read marks the track `failed`
   * at once; a storage error is retried, and on the last attempt marks it `failed` too.
   */
  async process(trackId: string, run: JobRun): Promise<void> {
    const track = await this.deps.tracks.getById(trackId);
    if (!track || track.audio_status !== 'processing') return;
    const { engine } = this.deps;
    if (!engine) {
      await this.finish(trackId, { audio_status: 'original', source_codec: null, source_kbps: null, loudness_lufs: null, true_peak_dbtp: null, high_key: null, saver_key: null });
      return;
    }
    let processed;
    try {
      processed = await processStoredAudio(engine, this.deps.storage, track.storage_key, trackId, { signal: run.signal });
    } catch (error) {
      if (run.signal.aborted || (!(error instanceof MediaEngineError) && !run.lastAttempt)) throw error;
      this.deps.log?.(`Audio processing of track ${trackId} failed; it plays its original`, error);
      await this.finish(trackId, { audio_status: 'failed', source_codec: null, source_kbps: null, loudness_lufs: null, true_peak_dbtp: null, high_key: null, saver_key: null });
      return;
    }
    const { analysis, renditions } = processed;
    const recorded = await this.finish(trackId, {
      audio_status: 'ready',
      source_codec: analysis.codec,
      source_kbps: analysis.bitrateKbps,
      loudness_lufs: analysis.integratedLufs,
      true_peak_dbtp: analysis.truePeakDbtp,
      high_key: renditions.high ?? null,
      saver_key: renditions.saver ?? null,
    });
    if (!recorded) {
      for (const key of Object.values(renditions)) await this.deps.storage.delete(key).catch(() => undefined);
    }
  }

  close(): void {
    this.stopListening?.();
  }

  private async finish(trackId: string, outcome: AudioOutcome): Promise<boolean> {
    const recorded = await this.deps.tracks.setAudio(trackId, outcome);
    if (recorded) this.deps.events.emit('track.updated', { trackId });
    return recorded;
  }
}
