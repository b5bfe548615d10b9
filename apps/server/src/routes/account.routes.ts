import { errorSchema, meSchema, serverConfigSchema } from '@platter/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.js';

export async function accountRoutes(base: FastifyInstance, { services, config }: Pick<AppContext, 'services' | 'config'>): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get('/api/health', { schema: { tags: ['system'], response: { 200: z.object({ ok: z.literal(true) }) } } }, () => ({
    ok: true as const,
  }));

  app.get(
    '/api/config',
    {
      schema: {
        tags: ['system'],
        summary: 'What the web app needs to know about this server',
        response: { 200: serverConfigSchema },
      },
    },
    () => ({ googleSignIn: config.google !== undefined, maxUploadMb: Math.round(config.maxUploadBytes / (1024 * 1024)) }),
  );

  app.get(
    '/api/me',
    { schema: { tags: ['profiles'], summary: 'The signed-in user and their profile', response: { 200: meSchema, 401: errorSchema } } },
    async (request) => {
      const user = await request.requireUser();
      const actor = await request.requireActor();
      return { user, profile: await services.profiles.requireForUser(user.id, user.name), isAdmin: actor.isAdmin };
    },
  );
}
