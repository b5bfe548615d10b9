import {
  errorSchema,
  idParamsSchema,
  notificationPageSchema,
  notificationSettingsSchema,
  notificationsQuerySchema,
  releaseRepostStateSchema,
  repostPageSchema,
  repostStateSchema,
  repostsQuerySchema,
  unreadCountSchema,
  updateNotificationSettingsSchema,
} from '@platter/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.js';
import { perUserPerMinute } from './rate-limit.js';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

/** Reposts and notifications. */
export async function notificationRoutes(base: FastifyInstance, { services }: Pick<AppContext, 'services'>): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { reposts, notifications } = services;

  app.get(
    '/api/tracks/:id/repost',
    { config: { access: 'optional' }, schema: { tags: ['reposts'], summary: "A track's repost count and whether the viewer reposted it", params: idParamsSchema, response: { 200: repostStateSchema, 404: errorSchema } } },
    async (request) => reposts.state(await request.currentActor(), request.params.id),
  );

  for (const [method, on] of [['post', true], ['delete', false]] as const) {
    app[method](
      '/api/tracks/:id/repost',
      {
        config: { ...perUserPerMinute(60), access: 'signedIn' },
        schema: { tags: ['reposts'], summary: on ? 'Reposts a track into my followers’ News (a second time is a no-op)' : 'Undoes my repost of a track', params: idParamsSchema, response: { 200: repostStateSchema, ...errors } },
      },
      async (request) => {
        const actor = await request.requireActor();
        return on ? reposts.repost(actor, request.params.id) : reposts.unrepost(actor, request.params.id);
      },
    );
  }

  // Reposts of releases (migration release-reposts): public releases only.
  app.get(
    '/api/releases/:id/repost',
    { config: { access: 'optional' }, schema: { tags: ['reposts'], summary: "A public release's repost count and whether the viewer reposted it", params: idParamsSchema, response: { 200: releaseRepostStateSchema, 404: errorSchema } } },
    async (request) => reposts.releaseState(await request.currentActor(), request.params.id),
  );

  for (const [method, on] of [['put', true], ['delete', false]] as const) {
    app[method](
      '/api/releases/:id/repost',
      {
        config: { ...perUserPerMinute(60), access: 'signedIn' },
        schema: {
          tags: ['reposts'],
          summary: on ? 'Reposts a public release into my followers’ News (a second time is a no-op)' : 'Undoes my repost of a release',
          params: idParamsSchema,
          response: { 200: releaseRepostStateSchema, ...errors },
        },
      },
      async (request) => reposts.setReleaseReposted(await request.requireActor(), request.params.id, on),
    );
  }

  app.get(
    '/api/artists/:id/reposts',
    {
      config: { access: 'optional' },
      schema: { tags: ['reposts'], summary: "An artist's reposts of tracks and releases, newest first (paged by `before`)", params: idParamsSchema, querystring: repostsQuerySchema, response: { 200: repostPageSchema, 400: errorSchema, 404: errorSchema } },
    },
    async (request) => reposts.byArtist(request.params.id, request.query),
  );

  app.get(
    '/api/notifications',
    {
      config: { access: 'signedIn' },
      schema: { tags: ['notifications'], summary: 'My notifications, newest first, grouped by kind and subject (paged by `before`)', querystring: notificationsQuerySchema, response: { 200: notificationPageSchema, 400: errorSchema, 401: errorSchema } },
    },
    async (request) => notifications.page((await request.requireActor()).id, request.query),
  );

  app.get(
    '/api/notifications/unread',
    { config: { access: 'signedIn' }, schema: { tags: ['notifications'], summary: 'How many of my notifications are unread (up to 99, then capped)', response: { 200: unreadCountSchema, 401: errorSchema } } },
    async (request) => notifications.unread((await request.requireActor()).id),
  );

  app.post(
    '/api/notifications/read',
    { config: { ...perUserPerMinute(60), access: 'signedIn' }, schema: { tags: ['notifications'], summary: 'Marks all my notifications read', response: { 200: unreadCountSchema, ...errors } } },
    async (request) => notifications.markAllRead((await request.requireActor()).id),
  );

  app.get(
    '/api/notifications/settings',
    { config: { access: 'signedIn' }, schema: { tags: ['notifications'], summary: 'Which kinds of notification I get', response: { 200: notificationSettingsSchema, 401: errorSchema } } },
    async (request) => notifications.settings((await request.requireActor()).id),
  );

  app.put(
    '/api/notifications/settings',
    {
      config: { ...perUserPerMinute(60), access: 'signedIn' },
      schema: { tags: ['notifications'], summary: 'Turns kinds of notification on or off', body: updateNotificationSettingsSchema, response: { 200: notificationSettingsSchema, ...errors } },
    },
    async (request) => notifications.updateSettings((await request.requireActor()).id, request.body),
  );
}
