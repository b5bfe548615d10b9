import {
  adminUserListSchema,
  adminUserQuerySchema,
  contactMessageInputSchema,
  contactMessageListSchema,
  errorSchema,
  idParamsSchema,
  profileSchema,
  reportListQuerySchema,
  reportListSchema,
  reportSchema,
  setStatusSchema,
  setTrackHiddenSchema,
  trackSchema,
} from '@platter/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.js';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

/** Moderation (admins only: every route answers 403 to anyone else) and the public contact form. */
export async function adminRoutes(base: FastifyInstance, { services }: Pick<AppContext, 'services'>): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { moderation, tracks } = services;

  app.get(
    '/api/admin/reports',
    { config: { access: 'admin' }, schema: { tags: ['admin'], summary: 'The report queue by status, newest first', querystring: reportListQuerySchema, response: { 200: reportListSchema, ...errors } } },
    async (request) => moderation.listReports(await request.requireActor(), request.query.status),
  );

  app.post(
    '/api/admin/reports/:id/dismiss',
    { config: { access: 'admin' }, schema: { tags: ['admin'], summary: 'Dismisses a report', params: idParamsSchema, response: { 200: reportSchema, ...errors } } },
    async (request) => moderation.dismiss(await request.requireActor(), request.params.id),
  );

  app.post(
    '/api/admin/reports/:id/hide',
    { config: { access: 'admin' }, schema: { tags: ['admin'], summary: "Hides the reported track and resolves the track's open reports", params: idParamsSchema, response: { 200: reportSchema, ...errors } } },
    async (request) => moderation.hide(await request.requireActor(), request.params.id),
  );

  app.put(
    '/api/admin/tracks/:id/hidden',
    { config: { access: 'admin' }, schema: { tags: ['admin'], summary: 'Hides or shows a track', params: idParamsSchema, body: setTrackHiddenSchema, response: { 200: trackSchema, ...errors } } },
    async (request) => tracks.setHidden(await request.requireActor(), request.params.id, request.body.hidden),
  );

  app.get(
    '/api/admin/users',
    { config: { access: 'admin' }, schema: { tags: ['admin'], summary: 'Users whose email or name contains q', querystring: adminUserQuerySchema, response: { 200: adminUserListSchema, ...errors } } },
    async (request) => moderation.searchUsers(await request.requireActor(), request.query.q),
  );

  app.put(
    '/api/admin/users/:id/status',
    { config: { access: 'admin' }, schema: { tags: ['admin'], summary: "Sets a user's status (creator, artist, premium, user)", params: idParamsSchema, body: setStatusSchema, response: { 200: profileSchema, ...errors } } },
    async (request) => moderation.setStatus(await request.requireActor(), request.params.id, request.body.status),
  );

  app.get(
    '/api/admin/contact-messages',
    { config: { access: 'admin' }, schema: { tags: ['admin'], summary: 'Messages sent with the contact form, newest first', response: { 200: contactMessageListSchema, ...errors } } },
    async (request) => moderation.listContactMessages(await request.requireActor()),
  );

  app.post(
    '/api/contact',
    {
      config: { access: 'public', rateLimit: { max: 5, timeWindow: '10 minutes' } },
      schema: { tags: ['system'], summary: 'Sends a message to the Platter team', body: contactMessageInputSchema, response: { 201: z.object({ id: z.string() }), 400: errorSchema } },
    },
    async (request, reply) => reply.status(201).send(await moderation.addContactMessage(request.body)),
  );
}
