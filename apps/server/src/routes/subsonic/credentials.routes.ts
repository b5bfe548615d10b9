import { createSubsonicCredentialSchema, errorSchema, idParamsSchema, subsonicCredentialCreatedSchema, subsonicCredentialListSchema } from '@platter/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { perUserPerMinute } from '../rate-limit.js';

const errors = { 400: errorSchema, 401: errorSchema, 404: errorSchema };

/** The settings page's API keys and app passwords for Subsonic apps: list, make (shown once), revoke. */
export async function subsonicCredentialRoutes(base: FastifyInstance, { services }: Pick<AppContext, 'services'>): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const credentials = services.subsonic.credentials;
  const tags = ['subsonic'];

  app.get(
    '/api/me/subsonic-credentials',
    { config: { access: 'signedIn' }, schema: { tags, summary: 'My API keys and app passwords for Subsonic apps (never their secrets)', response: { 200: subsonicCredentialListSchema, 401: errorSchema } } },
    async (request) => credentials.list((await request.requireUser()).id),
  );

  app.post(
    '/api/me/subsonic-credentials',
    {
      config: { ...perUserPerMinute(20), access: 'signedIn' },
      schema: {
        tags,
        summary: 'Makes an API key or an app password for a Subsonic app; the answer is the only time its secret is shown',
        body: createSubsonicCredentialSchema,
        response: { 201: subsonicCredentialCreatedSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await credentials.create((await request.requireUser()).id, request.body)),
  );

  app.delete(
    '/api/me/subsonic-credentials/:id',
    { config: { ...perUserPerMinute(60), access: 'signedIn' }, schema: { tags, summary: 'Revokes one of my API keys or app passwords', params: idParamsSchema, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await credentials.revoke((await request.requireUser()).id, request.params.id);
      return reply.status(204).send(null);
    },
  );
}
