import { accountDeletionStateSchema, errorSchema, requestAccountDeletionSchema } from '@platter/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.js';
import { perUserPerMinute } from './rate-limit.js';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema };

/** Deleting my account: asked with the password (and second factor) again, cancelled by signing in during the grace. */
export async function accountDeletionRoutes(base: FastifyInstance, { services }: Pick<AppContext, 'services'>): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { accountDeletion } = services;

  app.get(
    '/api/account/deletion',
    {
      config: { access: 'signedIn' },
      schema: { tags: ['auth'], summary: 'Whether my account is to be deleted and when, and what confirming a deletion takes', response: { 200: accountDeletionStateSchema, 401: errorSchema } },
    },
    async (request) => accountDeletion.state(await request.requireActor()),
  );

  app.post(
    '/api/account/deletion',
    {
      // Each request checks a password hash: slow on purpose, and a guess per try.
      config: { ...perUserPerMinute(5), access: 'signedIn' },
      schema: {
        tags: ['auth'],
        summary: 'Asks for my account to be deleted, with my password (and second factor) again: after ACCOUNT_DELETION_GRACE_DAYS, or at once when it is 0',
        body: requestAccountDeletionSchema,
        response: { 200: accountDeletionStateSchema, ...errors },
      },
    },
    async (request) => accountDeletion.request(await request.requireActor(), request.body, request.headers),
  );

  app.delete(
    '/api/account/deletion',
    {
      config: { ...perUserPerMinute(30), access: 'signedIn' },
      schema: { tags: ['auth'], summary: 'Keeps my account: cancels a deletion still in its grace (409 once it has begun)', response: { 200: accountDeletionStateSchema, 409: errorSchema, ...errors } },
    },
    async (request) => accountDeletion.cancel(await request.requireActor()),
  );
}
