import {
  createReportSchema,
  errorSchema,
  historySchema,
  idParamsSchema,
  likeStateSchema,
  likedIdsSchema,
  listenResultSchema,
  recordHistorySchema,
  recordListenSchema,
  reportCreatedSchema,
  searchQuerySchema,
  searchResultSchema,
  trackItemsSchema,
} from '@platter/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { perMinute } from './rate-limit.js';

const errors = { 400: errorSchema, 401: errorSchema, 404: errorSchema };

/** What a listener does with tracks: charts, search, likes, listens, history, reports. */
export async function listenerRoutes(base: FastifyInstance, { services }: Pick<AppContext, 'services'>): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { engagement, search } = services;

  app.get('/api/charts/top', { config: { access: 'public' }, schema: { tags: ['tracks'], summary: 'Top 10 tracks by listens', response: { 200: trackItemsSchema } } }, () =>
    engagement.topCharts(),
  );

  app.get(
    '/api/search',
    {
      config: { access: 'public' },
      schema: {
        tags: ['tracks'],
        summary: 'Tracks, artists, genres and albums matching q, tracks whose lyrics hold q as a phrase (with the matching line), and a corrected query when q has a typo',
        querystring: searchQuerySchema,
        response: { 200: searchResultSchema, 400: errorSchema },
      },
    },
    (request) => search.search(request.query),
  );

  app.put(
    '/api/tracks/:id/like',
    { config: { ...perMinute(120), access: 'signedIn' }, schema: { tags: ['likes'], summary: 'Likes a track (a second time is a no-op)', params: idParamsSchema, response: { 200: likeStateSchema, ...errors } } },
    async (request) => engagement.like((await request.requireUser()).id, request.params.id),
  );

  app.delete(
    '/api/tracks/:id/like',
    { config: { ...perMinute(120), access: 'signedIn' }, schema: { tags: ['likes'], summary: 'Unlikes a track', params: idParamsSchema, response: { 200: likeStateSchema, ...errors } } },
    async (request) => engagement.unlike((await request.requireUser()).id, request.params.id),
  );

  app.get('/api/me/liked-ids', { config: { access: 'signedIn' }, schema: { tags: ['likes'], summary: 'The ids of the tracks I like', response: { 200: likedIdsSchema, 401: errorSchema } } }, async (request) =>
    engagement.likedIds((await request.requireUser()).id),
  );

  app.get(
    '/api/me/likes',
    { config: { access: 'signedIn' }, schema: { tags: ['likes'], summary: 'Liked tracks, most recently liked first', response: { 200: trackItemsSchema, 401: errorSchema } } },
    async (request) => engagement.likedTracks((await request.requireUser()).id),
  );

  app.post(
    '/api/tracks/:id/listens',
    {
      config: { ...perMinute(120), access: 'optional' },
      schema: {
        tags: ['tracks'],
        summary: 'Counts one play (a playback start); signed in or not. playedAt: when a play made offline started',
        params: idParamsSchema,
        body: recordListenSchema,
        response: { 200: listenResultSchema, ...errors },
      },
    },
    async (request) =>
      engagement.recordListen({ userId: (await request.currentUser())?.id, anonymousKey: request.ip }, request.params.id, request.body),
  );

  app.post(
    '/api/me/history',
    { config: { ...perMinute(120), access: 'signedIn' }, schema: { tags: ['history'], summary: 'Adds a track to my listening history', body: recordHistorySchema, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await engagement.recordHistory((await request.requireUser()).id, request.body.trackId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/me/history',
    { config: { access: 'signedIn' }, schema: { tags: ['history'], summary: 'Recently played tracks, newest first, one per track', response: { 200: historySchema, 401: errorSchema } } },
    async (request) => engagement.history((await request.requireUser()).id),
  );

  app.post(
    '/api/tracks/:id/reports',
    {
      config: { ...perMinute(20), access: 'optional' },
      schema: { tags: ['tracks'], summary: 'Reports a track to the moderators', params: idParamsSchema, body: createReportSchema, response: { 201: reportCreatedSchema, ...errors } },
    },
    async (request, reply) => reply.status(201).send(await engagement.report((await request.currentUser())?.id, request.params.id, request.body.reason)),
  );
}
