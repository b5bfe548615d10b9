import {
  createReleaseSchema,
  deleteReleaseQuerySchema,
  errorSchema,
  idParamsSchema,
  releaseDetailSchema,
  releaseLikeStateSchema,
  releaseListSchema,
  setReleaseTracksSchema,
  tagPageQuerySchema,
  tagParamsSchema,
  trackListSchema,
  trackSecretQuerySchema,
  updateReleaseSchema,
} from '@platter/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { readImageBody } from '../services/image.service.js';
import { perMinute } from './rate-limit.js';
import { acceptRawBodies, contentLength } from './raw-body.js';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };
const writeErrors = { ...errors, 409: errorSchema };
const imageErrors = { ...errors, 413: errorSchema, 415: errorSchema };

/** Releases (albums, EPs, singles) and tag pages. */
export async function releaseRoutes(base: FastifyInstance, { services }: Pick<AppContext, 'services'>): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { releases } = services;

  app.post(
    '/api/releases',
    { config: { ...perMinute(30), access: 'signedIn' }, schema: { tags: ['releases'], summary: 'Makes a release of my own tracks, in order', body: createReleaseSchema, response: { 201: releaseDetailSchema, ...writeErrors } } },
    async (request, reply) => reply.status(201).send(await releases.create(await request.requireActor(), request.body)),
  );

  app.get(
    '/api/releases/:id',
    {
      config: { access: 'optional' },
      schema: {
        tags: ['releases'],
        summary: 'A release with its tracks in order (hidden tracks only for its artist and admins; an unlisted release also with its secret ?s=)',
        params: idParamsSchema,
        querystring: trackSecretQuerySchema,
        response: { 200: releaseDetailSchema, 400: errorSchema, 404: errorSchema },
      },
    },
    async (request) => releases.get(request.params.id, await request.currentActor(), request.query.s),
  );

  app.post(
    '/api/releases/:id/secret',
    { config: { ...perMinute(30), access: 'signedIn' }, schema: { tags: ['releases'], summary: "Replaces an unlisted release's secret link, and its tracks' (its artist): the old link stops working", params: idParamsSchema, response: { 200: releaseDetailSchema, ...writeErrors } } },
    async (request) => releases.resetSecret(await request.requireActor(), request.params.id),
  );

  app.patch(
    '/api/releases/:id',
    { config: { ...perMinute(30), access: 'signedIn' }, schema: { tags: ['releases'], summary: "Changes a release's title, type, date, description, visibility or scheduled release (its artist; its tracks follow)", params: idParamsSchema, body: updateReleaseSchema, response: { 200: releaseDetailSchema, ...errors } } },
    async (request) => releases.update(await request.requireActor(), request.params.id, request.body),
  );

  app.put(
    '/api/releases/:id/tracks',
    { config: { ...perMinute(60), access: 'signedIn' }, schema: { tags: ['releases'], summary: "Sets a release's tracks in order: reorders, adds and removes (its artist)", params: idParamsSchema, body: setReleaseTracksSchema, response: { 200: releaseDetailSchema, ...writeErrors } } },
    async (request) => releases.setTracks(await request.requireActor(), request.params.id, request.body),
  );

  app.delete(
    '/api/releases/:id',
    {
      config: { ...perMinute(30), access: 'signedIn' },
      schema: { tags: ['releases'], summary: 'Deletes a release (its artist or an admin); its tracks stay unless deleteTracks=true', params: idParamsSchema, querystring: deleteReleaseQuerySchema, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await releases.delete(await request.requireActor(), request.params.id, request.query.deleteTracks === 'true');
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/api/releases/:id/like',
    { config: { ...perMinute(120), access: 'signedIn' }, schema: { tags: ['releases'], summary: 'Likes a release (a second time is a no-op)', params: idParamsSchema, response: { 200: releaseLikeStateSchema, ...errors } } },
    async (request) => releases.setLiked(await request.requireActor(), request.params.id, true),
  );

  app.delete(
    '/api/releases/:id/like',
    { config: { ...perMinute(120), access: 'signedIn' }, schema: { tags: ['releases'], summary: 'Unlikes a release', params: idParamsSchema, response: { 200: releaseLikeStateSchema, ...errors } } },
    async (request) => releases.setLiked(await request.requireActor(), request.params.id, false),
  );

  app.get(
    '/api/artists/:id/releases',
    { config: { access: 'optional' }, schema: { tags: ['releases'], summary: "An artist's releases, newest first (empty ones only for the artist)", params: idParamsSchema, response: { 200: releaseListSchema, 400: errorSchema } } },
    async (request) => releases.listByArtist(request.params.id, await request.currentActor()),
  );

  app.get('/api/me/releases', { config: { access: 'signedIn' }, schema: { tags: ['studio'], summary: 'My releases, empty ones included', response: { 200: releaseListSchema, 401: errorSchema } } }, async (request) => {
    const actor = await request.requireActor();
    return releases.listByArtist(actor.id, actor);
  });

  app.get(
    '/api/tags/:tag/tracks',
    { config: { access: 'public' }, schema: { tags: ['tracks'], summary: 'Visible tracks with a tag, newest first, a page at a time', params: tagParamsSchema, querystring: tagPageQuerySchema, response: { 200: trackListSchema, 400: errorSchema } } },
    async (request) => services.trackCatalogue.listByTag(request.params.tag, request.query.page, request.query.pageSize),
  );

  await app.register(async (scope) => {
    acceptRawBodies(scope);
    const raw = scope.withTypeProvider<ZodTypeProvider>();
    raw.put(
      '/api/releases/:id/cover',
      { config: { ...perMinute(20), access: 'signedIn' }, schema: { tags: ['releases'], summary: "Replaces the release's cover with the image in the body (its artist)", params: idParamsSchema, response: { 200: releaseDetailSchema, ...imageErrors } } },
      async (request) => {
        const actor = await request.requireActor();
        const bytes = await readImageBody(request.raw, contentLength(request.headers));
        return releases.setCover(actor, request.params.id, bytes);
      },
    );
  });
}
