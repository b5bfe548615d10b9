import { meSchema, serverConfigSchema } from '@platter/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.js';

export async function accountRoutes(base: FastifyInstance, { services, config, federation }: Pick<AppContext, 'services' | 'config' | 'federation'>): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/config',
    {
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        summary: 'What the web app needs to know about this server',
        response: { 200: serverConfigSchema },
      },
    },
    () => ({ googleSignIn: config.google !== undefined, maxUploadMb: Math.round(config.maxUploadBytes / (1024 * 1024)), emailVerificationRequired: config.requireEmailVerification, federation: federation !== undefined }),
  );

  app.get(
    '/api/me',
    {
      config: { access: 'optional' },
      schema: {
        tags: ['profiles'],
        summary: 'The signed-in user and their profile; null when signed out',
        response: { 200: meSchema.nullable() },
      },
    },
    async (request) => services.account.me(await request.currentUser(), await request.currentActor()),
  );
}
