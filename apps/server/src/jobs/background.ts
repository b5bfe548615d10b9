import type { AppContext } from '../context.js';
import { DemoCatalogueService } from '../services/demo-catalogue.service.js';
import { ImageService } from '../services/image.service.js';

const SWEEP_EVERY_MINUTES = 10;
const RADIO_EVERY_MINUTES = 10;
const SEARCH_INDEX_EVERY_MINUTES = 5;

export interface BackgroundWork {
  /** Stops claiming jobs and waits (within the drain bound) for the ones running. */
  stop(): Promise<void>;
}

export interface BackgroundLog {
  info(message: string): void;
  error(error: unknown, message: string): void;
}

/**
 * Starts the work that runs beside requests, all of it as jobs on `context.jobs` (waveforms are
 * registered by the context itself, so every context makes them):
 * - `upload-sweep` every ten minutes and once now, one instance at a time;
 * - `search-index-merge` every five minutes on SQLite (its FTS5 indexes' segments merged);
 * - a `waveform` job for each track left pending by a restart (one per track, however many
 *   instances start);
 * - `demo-catalogue` when PLATTER_DEMO is on: once per database, by whichever instance claims it
 *   first; an instance starting meanwhile neither collides with it nor generates again.
 * server.ts calls it once after listening; tests call it when they need it.
 */
export function startBackgroundWork(context: AppContext, log: BackgroundLog): BackgroundWork {
  const { config, jobs, services } = context;
  const started = (async () => {
    // Scheduled and sent jobs share the key `upload-sweep`: two sweeps never run at once.
    await jobs.register(
      'upload-sweep',
      async () => {
        const swept = await services.uploads.sweepAbandoned();
        if (swept > 0) log.info(`Upload sweep: ${swept} abandoned uploads removed`);
      },
      { retryLimit: 1, retryDelaySeconds: 60, timeoutSeconds: 10 * 60 },
    );
    await jobs.schedule('upload-sweep', { everyMinutes: SWEEP_EVERY_MINUTES, data: {} });
    await jobs.send('upload-sweep', {}, { singletonKey: 'upload-sweep' });

    // Scheduled releases (registered by the context): every minute, one instance at a time.
    await jobs.schedule('track-publish', { everyMinutes: 1, data: {} });
    // ListenBrainz: picks up queued listens whose submission job a restart lost.
    await jobs.schedule('listenbrainz-sweep', { everyMinutes: 5, data: {} });
    await jobs.send('listenbrainz-sweep', {}, { singletonKey: 'listenbrainz-sweep' });

    // Radio's similar tracks (registered by the context): every ten minutes and once now.
    await jobs.schedule('radio-similar', { everyMinutes: RADIO_EVERY_MINUTES, data: {} });
    await jobs.send('radio-similar', {}, { singletonKey: 'radio-similar' });

    // SQLite's FTS5 search indexes merged back to few segments (registered by the context): every
    // five minutes (a run after a hundred uploads takes milliseconds), not at start, so a start's
    // first requests do not meet it. PostgreSQL's GIN indexes need nothing of the kind.
    if (services.searchIndex.hasWork()) await jobs.schedule('search-index-merge', { everyMinutes: SEARCH_INDEX_EVERY_MINUTES, data: {} });

    const pending = await services.waveforms.enqueuePending();
    if (pending > 0) log.info(`Waveforms: ${pending} pending tracks queued`);
    const processing = await services.audio.enqueuePending();
    if (processing > 0) log.info(`Audio processing: ${processing} tracks queued`);

    if (config.demo) {
      const demo = new DemoCatalogueService({
        db: context.database.db,
        auth: context.auth,
        storage: context.storage,
        images: new ImageService(context.storage),
        tracks: context.repositories.tracks,
        profileRows: context.repositories.profiles,
        profiles: services.profiles,
        events: context.events,
        workers: config.demoWorkers,
        limit: config.demoTracks,
        log: (message) => log.info(message),
      });
      await jobs.register(
        'demo-catalogue',
        async (_data, run) => {
          await demo.run(run.signal);
          // Stopped halfway: failing the job makes another instance (or the next start) finish it.
          if (run.signal.aborted && (await demo.missingTracks()).length > 0) throw new Error('Stopped before the demo catalogue was complete');
        },
        { retryLimit: 3, retryDelaySeconds: 30, timeoutSeconds: 60 * 60 },
      );
      // Sent by every instance at every start: one waits at a time, one runs at a time, and a run
      // after another finds nothing missing (the service only makes what is missing).
      await jobs.send('demo-catalogue', {}, { singletonKey: 'demo-catalogue' });
    }
  })().catch((error: unknown) => log.error(error, 'Background work did not start'));

  return {
    async stop() {
      await started;
      await jobs.stop();
    },
  };
}
