import 'dotenv/config';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { createContext } from './context.js';
import { DemoCatalogueService } from './services/demo-catalogue.service.js';
import { ImageService } from './services/image.service.js';

const SWEEP_INTERVAL_MS = 10 * 60 * 1000;

/** Reads config, builds the app, listens, and closes gracefully on SIGINT/SIGTERM. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Platter cannot start. ${error.message}`);
      process.exit(1);
    }
    throw error;
  }

  const context = await createContext(config);
  const app = await buildApp(context, {
    logger: {
      level: config.logLevel,
      // Readable lines on a terminal; JSON lines (for log collectors) otherwise.
      ...(process.stdout.isTTY ? { transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname', translateTime: 'SYS:HH:MM:ss' } } } : {}),
    },
  });
  await app.listen({ host: config.host, port: config.port });
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  app.log.info(`Platter is ready at http://${shownHost}:${config.port} (${context.database.dialect} database, data in ${config.dataDir})`);

  const background = new AbortController();
  const sweep = () =>
    context.services.uploads.sweepAbandoned().catch((error: unknown) => app.log.error({ err: error }, 'upload sweep failed'));
  void sweep();
  const sweeper = setInterval(sweep, SWEEP_INTERVAL_MS).unref();
  // Waveforms left pending by a restart (or made before waveforms existed) are made now.
  context.services.waveforms.schedule();

  if (config.demo) {
    const demo = new DemoCatalogueService({
      db: context.database.db,
      auth: context.auth,
      storage: context.storage,
      images: new ImageService(context.storage),
      tracks: context.repositories.tracks,
      profileRows: context.repositories.profiles,
      profiles: context.services.profiles,
      events: context.events,
      workers: config.demoWorkers,
      limit: config.demoTracks,
      log: (message) => app.log.info(message),
    });
    demo.run(background.signal).catch((error: unknown) => app.log.error({ err: error }, 'demo catalogue generation failed'));
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, closing`);
    background.abort();
    clearInterval(sweeper);
    await app.close();
    await context.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error('Platter failed to start:', error);
  process.exit(1);
});
