import { dailyMixSchema, errorSchema, radioPageSchema, radioQuerySchema, similarTracksSchema, trackSecretQuerySchema } from '@platter/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.js';

/** Radio, similar tracks and the daily mix. */
export async function radioRoutes(base: FastifyInstance, { services }: Pick<AppContext, 'services'>): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { radio } = services;

  app.get(
    '/api/radio',
    {
      config: { access: 'optional' },
      schema: {
        tags: ['tracks'],
        summary: 'The next tracks of an endless radio from a track, an artist or a genre, each with its reason; exclude: the ids played lately, newest first',
        querystring: radioQuerySchema,
        response: { 200: radioPageSchema, 400: errorSchema, 404: errorSchema },
      },
    },
    async (request) => radio.radio(request.query, await request.currentActor()),
  );

  app.get(
    '/api/tracks/:id/similar',
    {
      config: { access: 'optional' },
      schema: {
        tags: ['tracks'],
        summary: "A track's similar public tracks, best first, each with its reason",
        params: z.object({ id: z.string().min(1).max(100) }),
        querystring: trackSecretQuerySchema,
        response: { 200: similarTracksSchema, 400: errorSchema, 404: errorSchema },
      },
    },
    async (request) => radio.similar(request.params.id, await request.currentActor(), request.query.s),
  );

  app.get(
    '/api/me/daily-mix',
    {
      config: { access: 'signedIn' },
      schema: { tags: ['tracks'], summary: "My mix of the day, from my recent plays and likes (the same all day; empty without any)", response: { 200: dailyMixSchema, 401: errorSchema } },
    },
    async (request) => radio.dailyMix((await request.requireUser()).id),
  );
}
