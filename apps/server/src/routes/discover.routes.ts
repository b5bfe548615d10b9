import { artistSuggestionsSchema, newReleasesSchema, trendingSchema } from '@platter/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.js';

/** Home's card rows (new releases, trending) and News's artists to follow (issue 29). */
export async function discoverRoutes(base: FastifyInstance, { services }: Pick<AppContext, 'services'>): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { discover } = services;

  app.get(
    '/api/releases/new',
    { config: { access: 'public' }, schema: { tags: ['releases'], summary: 'The newest public releases, newest published first', response: { 200: newReleasesSchema } } },
    () => discover.newReleases(),
  );

  app.get(
    '/api/charts/trending',
    {
      config: { access: 'public' },
      schema: { tags: ['tracks'], summary: "The tracks listened to most in the last 7 days, then the most listened of all time", response: { 200: trendingSchema } },
    },
    () => discover.trending(),
  );

  app.get(
    '/api/artists/suggestions',
    {
      config: { access: 'optional' },
      schema: { tags: ['artists'], summary: 'Artists with tracks the viewer does not follow yet, most followed first', response: { 200: artistSuggestionsSchema } },
    },
    async (request) => discover.artistSuggestions(await request.currentActor()),
  );
}
