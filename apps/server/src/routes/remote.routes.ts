import { type RemoteLiveEvent, errorSchema, remoteMessageSchema } from '@platter/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { nowIso } from '../lib/ids.js';
import { perUserPerMinute } from './rate-limit.js';

/**
 * Remote control: the signed-in user's open players find each other and one steers
 * another. Nothing is stored: each message goes out as a live event to that user's own streams
 * only (on every instance, through the event bus), and each player keeps what it heard.
 */
export async function remoteRoutes(base: FastifyInstance, { events }: Pick<AppContext, 'events'>): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/me/remote',
    {
      // A player announces itself on each change and every few seconds; commands come by hand.
      config: { ...perUserPerMinute(600), access: 'signedIn' },
      schema: {
        tags: ['history'],
        summary:
          "Tells my other open players this one's state, asks them for theirs, sends one of them a command (play, pause, next, previous, seek, volume), or continues here what another plays (takeover; the one that stopped answers with a handover)",
        body: remoteMessageSchema,
        response: { 204: z.null(), 400: errorSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request, reply) => {
      const actor = await request.requireActor();
      const message = request.body;
      let event: RemoteLiveEvent;
      if (message.kind === 'state') event = { type: 'remote.state', deviceId: message.deviceId, name: message.name, state: message.state, at: nowIso() };
      else if (message.kind === 'hello') event = { type: 'remote.hello', deviceId: message.deviceId };
      else if (message.kind === 'takeover') event = { type: 'remote.takeover', deviceId: message.deviceId };
      else if (message.kind === 'handover') event = { type: 'remote.handover', deviceId: message.deviceId, targetDeviceId: message.targetDeviceId, state: message.state };
      else event = { type: 'remote.command', deviceId: message.deviceId, targetDeviceId: message.targetDeviceId, command: message.command, ...(message.value === undefined ? {} : { value: message.value }) };
      events.emit('remote.message', { userId: actor.id, event });
      return reply.status(204).send(null);
    },
  );
}
