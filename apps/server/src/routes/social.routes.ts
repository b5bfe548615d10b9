import {
  artistPageSchema,
  commentListSchema,
  commentSchema,
  createCommentSchema,
  createPostSchema,
  errorSchema,
  idParamsSchema,
  newsPageSchema,
  newsQuerySchema,
  postLikeStateSchema,
  postListSchema,
  postSchema,
  subscriptionStateSchema,
  trackSecretQuerySchema,
} from '@platter/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { perUserPerMinute } from './rate-limit.js';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

/** Comments, posts and news, artist pages and subscriptions. */
export async function socialRoutes(base: FastifyInstance, { services }: Pick<AppContext, 'services'>): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { comments, posts, artists } = services;

  app.get(
    '/api/tracks/:id/comments',
    { config: { access: 'optional' }, schema: { tags: ['comments'], summary: "A track's comments, oldest first (s: an unlisted track's secret)", params: idParamsSchema, querystring: trackSecretQuerySchema, response: { 200: commentListSchema, ...errors } } },
    async (request) => comments.listForTrack(request.params.id, await request.currentActor(), request.query.s),
  );

  app.post(
    '/api/tracks/:id/comments',
    {
      config: { ...perUserPerMinute(20), access: 'signedIn' },
      schema: {
        tags: ['comments'],
        summary: 'Comments on a track, optionally at a playback position (seconds)',
        params: idParamsSchema,
        querystring: trackSecretQuerySchema,
        body: createCommentSchema,
        response: { 201: commentSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await comments.add(await request.requireActor(), request.params.id, request.body, request.query.s)),
  );

  app.delete(
    '/api/comments/:id',
    { config: { ...perUserPerMinute(60), access: 'signedIn' }, schema: { tags: ['comments'], summary: 'Deletes a comment (its author, the track owner or an admin)', params: idParamsSchema, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await comments.delete(await request.requireActor(), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/posts',
    { config: { ...perUserPerMinute(20), access: 'signedIn' }, schema: { tags: ['posts'], summary: 'Publishes a post (1–180 characters)', body: createPostSchema, response: { 201: postSchema, ...errors } } },
    async (request, reply) => reply.status(201).send(await posts.create(await request.requireActor(), request.body)),
  );

  app.delete(
    '/api/posts/:id',
    { config: { ...perUserPerMinute(60), access: 'signedIn' }, schema: { tags: ['posts'], summary: 'Deletes a post (its author or an admin)', params: idParamsSchema, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await posts.delete(await request.requireActor(), request.params.id);
      return reply.status(204).send(null);
    },
  );

  for (const [method, on] of [['put', true], ['delete', false]] as const) {
    app[method](
      '/api/posts/:id/like',
      { config: { ...perUserPerMinute(120), access: 'signedIn' }, schema: { tags: ['posts'], summary: on ? 'Likes a post' : 'Unlikes a post', params: idParamsSchema, response: { 200: postLikeStateSchema, ...errors } } },
      async (request) => {
        const actor = await request.requireActor();
        return on ? posts.like(actor, request.params.id) : posts.unlike(actor, request.params.id);
      },
    );
    app[method](
      '/api/posts/:id/pin',
      {
        config: { ...perUserPerMinute(60), access: 'signedIn' },
        schema: { tags: ['posts'], summary: on ? 'Pins the post (unpinning the author’s others)' : 'Unpins the post', params: idParamsSchema, response: { 200: postSchema, ...errors } },
      },
      async (request) => posts.pin(await request.requireActor(), request.params.id, on),
    );
    app[method](
      '/api/artists/:id/subscription',
      {
        config: { ...perUserPerMinute(60), access: 'signedIn' },
        schema: { tags: ['artists'], summary: on ? 'Subscribes (a second time is a no-op)' : 'Unsubscribes', params: idParamsSchema, response: { 200: subscriptionStateSchema, ...errors } },
      },
      async (request) => {
        const actor = await request.requireActor();
        return on ? artists.subscribe(actor, request.params.id) : artists.unsubscribe(actor, request.params.id);
      },
    );
  }

  app.get(
    '/api/news',
    { config: { access: 'optional' }, schema: { tags: ['posts'], summary: "Creators' posts and the viewer's subscriptions' posts, newest first", querystring: newsQuerySchema, response: { 200: newsPageSchema, 400: errorSchema } } },
    async (request) => posts.news(await request.currentActor(), request.query),
  );

  app.get(
    '/api/artists/:id',
    { config: { access: 'optional' }, schema: { tags: ['artists'], summary: 'An artist page: the profile and whether the viewer subscribes', params: idParamsSchema, response: { 200: artistPageSchema, 404: errorSchema } } },
    async (request) => artists.page(request.params.id, await request.currentActor()),
  );

  app.get(
    '/api/artists/:id/posts',
    { config: { access: 'optional' }, schema: { tags: ['posts'], summary: "An artist's posts, the pinned one first", params: idParamsSchema, response: { 200: postListSchema, 404: errorSchema } } },
    async (request) => posts.listByAuthor(request.params.id, await request.currentActor()),
  );
}
