import { errorSchema, genreCountsSchema, profileSchema, trackListQuerySchema, trackListSchema, trackSchema, trackSecretQuerySchema } from '@platter/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.js';

export async function catalogRoutes(base: FastifyInstance, { services }: Pick<AppContext, 'services'>): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/genres',
    { config: { access: 'public' }, schema: { tags: ['tracks'], summary: 'Track counts per genre', response: { 200: genreCountsSchema } } },
    () => services.trackCatalogue.genreCounts(),
  );

  app.get(
    '/api/tracks',
    {
      config: { access: 'public' },
      schema: {
        tags: ['tracks'],
        summary: 'Visible tracks, newest first; q matches title or artist (case-insensitive)',
        querystring: trackListQuerySchema,
        response: { 200: trackListSchema, 400: errorSchema },
      },
    },
    (request) => services.trackCatalogue.list(request.query),
  );

  app.get(
    '/api/tracks/:id',
    {
      config: { access: 'optional' },
      schema: {
        tags: ['tracks'],
        summary: 'A track: a public one to anyone, an unlisted one also to whoever gives its secret (s), a private or hidden one to its owner and admins',
        params: z.object({ id: z.string().max(100) }),
        querystring: trackSecretQuerySchema,
        response: { 200: trackSchema, 400: errorSchema, 404: errorSchema },
      },
    },
    async (request) => services.tracks.get(request.params.id, await request.currentActor(), request.query.s),
  );

  app.get(
    '/api/profiles/:id',
    {
      config: { access: 'public' },
      schema: {
        tags: ['profiles'],
        summary: "A user's public profile (artist page)",
        params: z.object({ id: z.string().max(100) }),
        response: { 200: profileSchema, 404: errorSchema },
      },
    },
    (request) => services.profiles.get(request.params.id),
  );
}
