import 'dotenv/config';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { createContext } from './context.js';
import { startBackgroundWork } from './jobs/background.js';
import { describeEngine } from './media/engine/create-media-engine.js';
import { startMetricsListener } from './routes/metrics.routes.js';

/**
 * Reads config, builds the app, listens, and on SIGINT/SIGTERM closes within SHUTDOWN_TIMEOUT_SECONDS:
 * not ready, live-event streams ended (browsers reconnect to another instance), no new connections,
 * in-flight requests finished, jobs drained, the context closed, exit 0.
 */
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
  app.log.info(`Media engine: ${describeEngine(context.mediaEngine)}`);
  const metricsListener = config.metrics.port !== undefined ? await startMetricsListener(context.metrics, config.metrics) : undefined;
  if (metricsListener) app.log.info(`Metrics at http://${config.metrics.host}:${metricsListener.port}/metrics`);
  app.log.info(`Platter is ready at http://${shownHost}:${config.port} (${context.database.dialect} database, data in ${config.dataDir})`);

  const background = startBackgroundWork(context, {
    info: (message) => app.log.info(message),
    error: (err, message) => app.log.error({ err }, message),
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    const bound = config.shutdownTimeoutMs;
    app.log.info(`${signal} received, closing (within ${bound / 1000} s)`);
    // Requests still running near the bound lose their connection, so the rest of the shutdown
    // (the context: jobs, pools) still fits; past the bound the process goes regardless.
    const forceConnections = setTimeout(() => {
      app.log.warn('Shutdown: requests still open near the bound; closing their connections');
      app.server.closeAllConnections();
    }, Math.round(bound * 0.8));
    const giveUp = setTimeout(() => {
      app.log.error(`Shutdown did not finish within ${bound / 1000} s; exiting anyway`);
      process.exit(1);
    }, bound);
    giveUp.unref();
    // A keep-alive connection whose last request finishes during the close would idle on for
    // keepAliveTimeout (5 s): close each as soon as it is idle.
    const closeIdle = setInterval(() => app.server.closeIdleConnections(), 100);
    try {
      // app.close(): /api/ready turns 503 and live-event streams end (preClose hooks), the port stops
      // accepting, idle keep-alive connections close, in-flight requests finish. Meanwhile jobs stop
      // being claimed and the running ones drain.
      await Promise.all([app.close(), background.stop(), metricsListener?.close()]);
      clearTimeout(forceConnections);
      clearInterval(closeIdle);
      await context.close();
    } catch (error) {
      app.log.error({ err: error }, 'Shutdown failed');
      process.exit(1);
    }
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error('Platter failed to start:', error);
  process.exit(1);
});
