import 'dotenv/config';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { createContext } from './context.js';
import { startBackgroundWork } from './jobs/background.js';

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

  const background = startBackgroundWork(context, {
    info: (message) => app.log.info(message),
    error: (err, message) => app.log.error({ err }, message),
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, closing`);
    await background.stop();
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
