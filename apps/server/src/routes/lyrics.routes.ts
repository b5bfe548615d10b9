import { errorSchema, idParamsSchema, lyricsSchema, putLyricsSchema, trackSecretQuerySchema } from '@platter/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { perUserPerMinute } from './rate-limit.js';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

/** A track's lyrics: read by whoever may see the track, written by its owner or an admin. */
export async function lyricsRoutes(base: FastifyInstance, { services }: Pick<AppContext, 'services'>): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { lyrics } = services;

  app.get(
    '/api/tracks/:id/lyrics',
    {
      config: { access: 'optional' },
      schema: {
        tags: ['tracks'],
        summary: "The track's lyrics: synced lines with their start (ms) or plain lines; 404 no_lyrics when it has none",
        params: idParamsSchema,
        querystring: trackSecretQuerySchema,
        response: { 200: lyricsSchema, 400: errorSchema, 404: errorSchema },
      },
    },
    async (request) => lyrics.get(request.params.id, await request.currentActor(), request.query.s),
  );

  app.put(
    '/api/tracks/:id/lyrics',
    {
      config: { ...perUserPerMinute(60), access: 'signedIn' },
      schema: {
        tags: ['tracks'],
        summary: "Sets the track's lyrics from plain text or LRC ([mm:ss.xx] stamps, [offset:ms]) (owner or admin)",
        params: idParamsSchema,
        body: putLyricsSchema,
        response: { 200: lyricsSchema, ...errors },
      },
    },
    async (request) => lyrics.put(await request.requireActor(), request.params.id, request.body),
  );

  app.delete(
    '/api/tracks/:id/lyrics',
    {
      config: { ...perUserPerMinute(60), access: 'signedIn' },
      schema: { tags: ['tracks'], summary: "Removes the track's lyrics (owner or admin)", params: idParamsSchema, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await lyrics.delete(await request.requireActor(), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
