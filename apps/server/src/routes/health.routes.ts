import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { describeEngine } from '../media/engine/create-media-engine.js';

/** Each dependency must answer within this, or it counts as down: a probe must not hang. */
const CHECK_TIMEOUT_MS = 2000;

const readySchema = z.object({
  status: z.enum(['ready', 'unavailable', 'shutting down']),
  /** 'ok', or 'down: <why>' per dependency. */
  checks: z.record(z.string(), z.string()),
  /** Which media engine measures and transcodes uploads here (chosen at start), or none. */
  mediaEngine: z.string(),
});

async function probe(check: () => Promise<unknown>): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([check(), timeout]);
    return 'ok';
  } catch (error) {
    return `down: ${error instanceof Error ? error.message : String(error)}`;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Liveness and readiness. /api/health is cheap and checks nothing outside the process (restart
 * me if this fails); /api/ready checks what serving needs (send me traffic only if this is 200):
 * the database, Redis (when configured) and storage (local disk, or the bucket when configured),
 * and answers 503 as soon as shutdown begins, so a load balancer drains this instance.
 */
export async function healthRoutes(base: FastifyInstance, context: Pick<AppContext, 'database' | 'shared' | 'storage' | 'mediaEngine'>): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  let shuttingDown = false;
  base.addHook('preClose', async () => {
    shuttingDown = true;
  });

  app.get('/api/health', { config: { access: 'public' }, schema: { tags: ['system'], summary: 'Liveness: the process answers', response: { 200: z.object({ ok: z.literal(true) }) } } }, () => ({
    ok: true as const,
  }));

  app.get(
    '/api/ready',
    {
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        summary: 'Readiness: the database, shared state and storage answer (503 naming what is down, or while shutting down)',
        response: { 200: readySchema, 503: readySchema },
      },
    },
    async (_request, reply) => {
      const usesRedis = context.shared.kind === 'redis';
      const [database, redis, storage] = await Promise.all([
        probe(() => sql`SELECT 1`.execute(context.database.db)),
        usesRedis ? probe(() => context.shared.check()) : undefined,
        probe(() => context.storage.check()),
      ]);
      const checks: Record<string, string> = { database, ...(redis ? { redis } : {}), storage };
      const down = Object.values(checks).some((value) => value !== 'ok');
      reply.header('Cache-Control', 'no-store');
      const mediaEngine = describeEngine(context.mediaEngine);
      if (shuttingDown) return reply.status(503).send({ status: 'shutting down', checks, mediaEngine });
      if (down) return reply.status(503).send({ status: 'unavailable', checks, mediaEngine });
      return { status: 'ready' as const, checks, mediaEngine };
    },
  );
}
