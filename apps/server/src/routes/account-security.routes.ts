import { accountSecuritySchema, errorSchema, idParamsSchema, signedInSessionListSchema } from '@platter/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.js';

const errors = { 400: errorSchema, 401: errorSchema, 404: errorSchema };

/**
 * The settings' Account section: the signed-in devices and the account's second factors. Changing
 * the password or email, "sign out everywhere else" and the second factors themselves are
 * better-auth's own endpoints under /api/auth.
 */
export async function accountSecurityRoutes(base: FastifyInstance, { accountSecurity }: Pick<AppContext, 'accountSecurity'>): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/me/security',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['profiles'],
        summary: 'Whether the account has a password and which second factors (authenticator app, passkeys) it has',
        response: { 200: accountSecuritySchema, ...errors },
      },
    },
    async (request) => accountSecurity.status(await request.requireUser(), request.headers),
  );

  app.get(
    '/api/me/sessions',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['profiles'],
        summary: 'The signed-in devices: device, browser, OS, address and last seen, this device first',
        response: { 200: signedInSessionListSchema, ...errors },
      },
    },
    async (request) => ({ sessions: await accountSecurity.sessions(await request.requireUser(), request.headers) }),
  );

  app.delete(
    '/api/me/sessions/:id',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['profiles'],
        summary: 'Signs one of the signed-in devices out: its session ends at once, on every instance',
        params: idParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await accountSecurity.endSession(await request.requireUser(), request.headers, request.params.id);
      return reply.status(204).send(null);
    },
  );
}
