import {
  dashboardQuerySchema,
  dashboardSchema,
  errorSchema,
  idParamsSchema,
  postListSchema,
  profileImageKindSchema,
  profileSchema,
  studioCommentListSchema,
  subscriptionIdsSchema,
  trackItemsSchema,
  trackDownloadSchema,
  trackSchema,
  trackSecretQuerySchema,
  updateProfileSchema,
  updateTrackSchema,
  updateTrackVisibilitySchema,
  waveformSchema,
} from '@platter/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { readImageBody } from '../services/image.service.js';
import { perMinute, perUserPerMinute } from './rate-limit.js';
import { acceptRawBodies, contentLength } from './raw-body.js';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };
const imageErrors = { ...errors, 413: errorSchema, 415: errorSchema };

/** The artist's studio: own tracks, posts, comments, profile, images and dashboard. */
export async function studioRoutes(base: FastifyInstance, { services }: Pick<AppContext, 'services'>): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { tracks, posts, comments, account, dashboard, waveforms, artists } = services;

  app.get(
    '/api/tracks/:id/waveform',
    { config: { access: 'optional' }, schema: { tags: ['tracks'], summary: "The track's waveform peaks (status pending until they are made)", params: idParamsSchema, querystring: trackSecretQuerySchema, response: { 200: waveformSchema, 400: errorSchema, 404: errorSchema } } },
    async (request) => waveforms.get(request.params.id, await request.currentActor(), request.query.s),
  );

  // Issue 13: visibility, the unlisted link's secret, scheduled release and downloads.
  app.patch(
    '/api/tracks/:id/visibility',
    {
      config: { ...perUserPerMinute(60), access: 'signedIn' },
      schema: {
        tags: ['tracks'],
        summary: "Changes a track's visibility (public, unlisted, private), scheduled release (publishAt) or download toggle (owner or admin)",
        params: idParamsSchema,
        body: updateTrackVisibilitySchema,
        response: { 200: trackSchema, ...errors },
      },
    },
    async (request) => tracks.setVisibility(await request.requireActor(), request.params.id, request.body),
  );

  app.post(
    '/api/tracks/:id/secret',
    {
      config: { ...perUserPerMinute(30), access: 'signedIn' },
      schema: { tags: ['tracks'], summary: "Replaces an unlisted track's secret link; the old link stops working (owner or admin)", params: idParamsSchema, response: { 200: trackSchema, ...errors, 409: errorSchema } },
    },
    async (request) => tracks.resetSecret(await request.requireActor(), request.params.id),
  );

  app.get(
    '/api/tracks/:id/download',
    {
      config: { access: 'optional' },
      schema: {
        tags: ['tracks'],
        summary: 'A signed link to download the original file, valid for ten minutes: when the artist allows downloads, and always for the owner and admins',
        params: idParamsSchema,
        querystring: trackSecretQuerySchema,
        response: { 200: trackDownloadSchema, ...errors },
      },
    },
    async (request) => services.trackMedia.downloadLink(request.params.id, await request.currentActor(), request.query.s),
  );

  app.delete(
    '/api/tracks/:id',
    { config: { ...perMinute(30), access: 'signedIn' }, schema: { tags: ['tracks'], summary: 'Deletes a track with its likes, comments, playlist entries and listens (owner or admin)', params: idParamsSchema, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await tracks.delete(await request.requireActor(), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.patch(
    '/api/tracks/:id',
    {
      config: { ...perMinute(30), access: 'signedIn' },
      schema: { tags: ['tracks'], summary: "Changes a track's title or genre after upload (owner or admin)", params: idParamsSchema, body: updateTrackSchema, response: { 200: trackSchema, ...errors } },
    },
    async (request) => tracks.update(await request.requireActor(), request.params.id, request.body),
  );

  app.get('/api/me/tracks', { config: { access: 'signedIn' }, schema: { tags: ['studio'], summary: 'My tracks, hidden ones included', response: { 200: trackItemsSchema, 401: errorSchema } } }, async (request) =>
    tracks.listMine(await request.requireActor()),
  );

  app.get('/api/me/posts', { config: { access: 'signedIn' }, schema: { tags: ['studio'], summary: 'My posts, the pinned one first', response: { 200: postListSchema, 401: errorSchema } } }, async (request) => {
    const actor = await request.requireActor();
    return posts.listByAuthor(actor.id, actor);
  });

  app.get(
    '/api/me/comments',
    { config: { access: 'signedIn' }, schema: { tags: ['studio'], summary: 'Comments on my tracks, newest first', response: { 200: studioCommentListSchema, 401: errorSchema } } },
    async (request) => comments.listForArtist((await request.requireActor()).id),
  );

  app.get(
    '/api/me/subscriptions',
    { config: { access: 'signedIn' }, schema: { tags: ['artists'], summary: 'The artists I subscribe to', response: { 200: subscriptionIdsSchema, 401: errorSchema } } },
    async (request) => artists.subscriptionIds(await request.requireActor()),
  );

  app.get(
    '/api/me/dashboard',
    { config: { access: 'signedIn' }, schema: { tags: ['studio'], summary: 'Listens per day, subscriber growth, top tracks and recent comments', querystring: dashboardQuerySchema, response: { 200: dashboardSchema, ...errors } } },
    async (request) => dashboard.forArtist(await request.requireActor(), request.query.days),
  );

  app.patch(
    '/api/me/profile',
    { config: { ...perMinute(30), access: 'signedIn' }, schema: { tags: ['profiles'], summary: 'Changes my display name or bio', body: updateProfileSchema, response: { 200: profileSchema, ...errors } } },
    async (request) => account.update(await request.requireActor(), request.body),
  );

  // Image bodies are the raw file (any Content-Type): sniffed, size-limited and resized on the server.
  await app.register(async (scope) => {
    acceptRawBodies(scope);
    const raw = scope.withTypeProvider<ZodTypeProvider>();
    raw.put(
      '/api/me/images/:kind',
      {
        config: { ...perMinute(20), access: 'signedIn' },
        schema: { tags: ['profiles'], summary: 'Replaces my avatar or cover with the image in the body', params: z.object({ kind: profileImageKindSchema }), response: { 200: profileSchema, ...imageErrors } },
      },
      async (request) => {
        const actor = await request.requireActor();
        const bytes = await readImageBody(request.raw, contentLength(request.headers));
        return account.setImage(actor, request.params.kind, bytes);
      },
    );
    raw.put(
      '/api/tracks/:id/cover',
      { config: { ...perMinute(20), access: 'signedIn' }, schema: { tags: ['tracks'], summary: "Replaces the track's cover with the image in the body (owner or admin)", params: idParamsSchema, response: { 200: trackSchema, ...imageErrors } } },
      async (request) => {
        const actor = await request.requireActor();
        const bytes = await readImageBody(request.raw, contentLength(request.headers));
        return tracks.setCover(actor, request.params.id, bytes);
      },
    );
  });
}
