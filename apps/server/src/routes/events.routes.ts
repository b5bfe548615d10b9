import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { EventBus } from '../events/event-bus.js';
import type { LiveHub } from '../events/live-hub.js';
import { EventStreamWriter } from './event-stream-writer.js';

const KEEPALIVE_MS = 25_000;

/**
 * `GET /api/events`: live updates as server-sent events, filtered by the hub to what this viewer
 * may see. The browser's EventSource reconnects by itself (after `retry` ms); the client
 * refetches what it shows after a reconnect, since events sent while away were missed.
 */
export async function eventRoutes(app: FastifyInstance, { hub, events }: { hub: LiveHub; events: EventBus }): Promise<void> {
  /** Each open stream and what stops feeding it. */
  const open = new Map<ServerResponse, () => void>();
  /** The signed-in streams by the session they were opened with. */
  const bySession = new Map<string, Set<ServerResponse>>();
  const writer = new EventStreamWriter();
  // A session that ends (signed out, revoked from another device, ended by a password change, on
  // any instance: the bus carries it) ends its streams at once; the browser reconnects as whoever
  // its cookie now says, signed out.
  const offEnded = events.on('session.ended', ({ sessionId }) => {
    for (const res of bySession.get(sessionId) ?? []) {
      open.get(res)?.();
      res.end();
    }
  });
  app.addHook('onClose', async () => offEnded());
  let closing = false;
  // preClose, not onClose: the server only finishes closing once every connection has ended, and a
  // stream never ends by itself. Ended, the browser's EventSource reconnects (to another instance).
  // Unsubscribed first, so no event or keepalive is written after the end.
  const endAll = () => {
    for (const [res, stop] of open) {
      stop();
      res.end();
    }
  };
  app.addHook('preClose', async () => {
    closing = true;
    endAll();
  });
  // Events of other instances may have been lost (Redis came back after a drop): end the streams,
  // so every browser reconnects and refetches what it shows, as after any reconnect.
  const offMissed = hub.onEventsMissed(endAll);
  app.addHook('onClose', async () => offMissed());

  // The stream is written to the socket, so its answers are described, not serialized.
  const answers = { 200: 'The stream (text/event-stream): the events this viewer may see, until the connection closes', 503: 'This instance is shutting down: reconnect' };
  app.get('/api/events', { config: { access: 'optional', otherResponses: answers }, schema: { tags: ['system'], summary: 'Live updates as server-sent events' } }, async (request, reply) => {
    const actor = await request.currentActor();
    const sessionId = actor ? (await request.currentUser())?.sessionId : undefined;
    // A stream asked for while this instance closes: the browser retries, reaching another one.
    if (closing) return reply.status(503).header('Connection', 'close').send({ error: 'shutting_down', message: 'This instance is shutting down.' });
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    res.write('retry: 3000\n\n');
    const unsubscribe = hub.subscribe({
      userId: actor?.id,
      isAdmin: actor?.isAdmin ?? false,
      // The hub made the frame once for every stream it goes to; the writer makes its bytes once.
      send: (frame) => writer.send(res, frame),
      end: () => {
        stop();
        res.end();
      },
    });
    const keepalive = setInterval(() => res.write(': keepalive\n\n'), KEEPALIVE_MS);
    const stop = () => {
      unsubscribe();
      clearInterval(keepalive);
      open.delete(res);
      const streams = sessionId ? bySession.get(sessionId) : undefined;
      streams?.delete(res);
      if (sessionId && streams?.size === 0) bySession.delete(sessionId);
    };
    open.set(res, stop);
    if (sessionId) bySession.set(sessionId, (bySession.get(sessionId) ?? new Set()).add(res));
    request.raw.on('close', stop);
  });
}
