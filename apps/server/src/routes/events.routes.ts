import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import type { DomainEvents } from '../events/event-bus.js';

/** Domain events that are public and safe to fan out to every client. */
const PUBLIC_EVENTS = ['track.created'] as const satisfies ReadonlyArray<keyof DomainEvents>;
const KEEPALIVE_MS = 25_000;

/**
 * `GET /api/events`: server-sent events carrying live updates. The browser's EventSource
 * reconnects by itself (after `retry` ms) and the client refetches what it shows then.
 */
export async function eventRoutes(app: FastifyInstance, { events }: Pick<AppContext, 'events'>): Promise<void> {
  const open = new Set<ServerResponse>();
  app.addHook('onClose', async () => {
    for (const res of open) res.end();
  });

  app.get('/api/events', { schema: { tags: ['system'], summary: 'Live updates as server-sent events (track.created)' } }, (request, reply) => {
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    res.write('retry: 3000\n\n');
    open.add(res);
    const unsubscribe = PUBLIC_EVENTS.map((type) =>
      events.on(type, (payload) => res.write(`event: ${type}\ndata: ${JSON.stringify(payload)}\n\n`)),
    );
    const keepalive = setInterval(() => res.write(': keepalive\n\n'), KEEPALIVE_MS);
    request.raw.on('close', () => {
      for (const off of unsubscribe) off();
      clearInterval(keepalive);
      open.delete(res);
    });
  });
}
