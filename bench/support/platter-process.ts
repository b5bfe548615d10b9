/**
 * One Platter server of a given checkout, for A/B benchmarks (search-ab.bench.ts): run with tsx
 * from that checkout (`npx tsx --conditions=source <this file> <checkout>`), it builds the app
 * from the checkout's own sources on the configured database (DATA_DIR or DATABASE_URL), as
 * catalogue.bench.ts does in its own process, listens on a free port and prints `PORT <n>`.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(process.argv[2] ?? '.');
const source = (file: string) => import(pathToFileURL(path.join(root, 'apps/server/src', file)).href);
const { loadConfig } = await source('config.ts');
const { createContext } = await source('context.ts');
const { buildApp } = await source('app.ts');

const config = loadConfig({
  ...process.env,
  NODE_ENV: 'production',
  PLATTER_DEMO: '0',
  LOG_LEVEL: 'warn',
  BETTER_AUTH_SECRET: process.env.BETTER_AUTH_SECRET ?? 'bench-secret-bench-secret-bench-secret-0123',
});
const context = await createContext(config);
const app = await buildApp(context);
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
if (!address || typeof address === 'string') throw new Error('no port');
console.log(`PORT ${address.port}`);
const close = async () => {
  await app.close();
  await context.close();
  process.exit(0);
};
process.on('SIGTERM', close);
process.on('SIGINT', close);
