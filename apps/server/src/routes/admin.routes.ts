import {
  adminUserListSchema,
  adminUserQuerySchema,
  adminUserSchema,
  auditListSchema,
  auditQuerySchema,
  setRoleSchema,
  suspendUserSchema,
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
  const { moderation, userAdmin, auditLog } = services;

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
    async (request) => moderation.setTrackHidden(await request.requireActor(), request.params.id, request.body.hidden),
  );

  app.get(
    '/api/admin/users',
    { config: { access: 'admin' }, schema: { tags: ['admin'], summary: 'Users whose email or name contains q, newest first, a page of 50 at a time', querystring: adminUserQuerySchema, response: { 200: adminUserListSchema, ...errors } } },
    async (request) => userAdmin.search(await request.requireActor(), request.query),
  );

  app.get(
    '/api/admin/users/:id',
    { config: { access: 'admin' }, schema: { tags: ['admin'], summary: 'One user as admins see them: role, status, suspension', params: idParamsSchema, response: { 200: adminUserSchema, ...errors } } },
    async (request) => userAdmin.get(await request.requireActor(), request.params.id),
  );

  app.post(
    '/api/admin/users/:id/suspend',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: "Suspends a user: every session ended, their content hidden from everyone else, sign-in refused",
        params: idParamsSchema,
        body: suspendUserSchema.nullish(),
        response: { 200: adminUserSchema, ...errors },
      },
    },
    async (request) => userAdmin.suspend(await request.requireActor(), request.params.id, request.body?.reason),
  );

  app.delete(
    '/api/admin/users/:id/suspend',
    { config: { access: 'admin' }, schema: { tags: ['admin'], summary: 'Lifts a suspension: the content is back, sign-in works again', params: idParamsSchema, response: { 200: adminUserSchema, ...errors } } },
    async (request) => userAdmin.lift(await request.requireActor(), request.params.id),
  );

  app.put(
    '/api/admin/users/:id/role',
    { config: { access: 'admin' }, schema: { tags: ['admin'], summary: "Sets a user's role: listener, artist or admin", params: idParamsSchema, body: setRoleSchema, response: { 200: adminUserSchema, ...errors } } },
    async (request) => userAdmin.setRole(await request.requireActor(), request.params.id, request.body.role),
  );

  app.get(
    '/api/admin/audit',
    { config: { access: 'admin' }, schema: { tags: ['admin'], summary: 'The audit log of admin actions, newest first, a page of 50 at a time', querystring: auditQuerySchema, response: { 200: auditListSchema, ...errors } } },
    async (request) => auditLog.list(await request.requireActor(), request.query.page),
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
