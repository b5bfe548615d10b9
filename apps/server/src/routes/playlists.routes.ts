import {
  type PlaylistDetail,
  type PlaylistPageQuery,
  addPlaylistTrackSchema,
  createPlaylistSchema,
  errorSchema,
  idParamsSchema,
  joinPlaylistSchema,
  movePlaylistEntrySchema,
  playlistActivityListSchema,
  playlistActivityQuerySchema,
  playlistDetailQuerySchema,
  playlistDetailSchema,
  playlistInviteSchema,
  playlistListSchema,
  playlistPageQuerySchema,
  playlistSchema,
  reorderPlaylistSchema,
  updatePlaylistSchema,
} from '@platter/shared';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { readImageBody } from '../services/image.service.js';
import { perMinute, perUserPerMinute } from './rate-limit.js';
import { acceptRawBodies, contentLength } from './raw-body.js';
import { slicedJson } from './sliced-json.js';

/** 403: a collaborator asking for what only the owner may do. */
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };
/** Every change of a playlist is a signed-in user's: limited per user, so listeners behind one address do not share a budget. */
const limited = { ...perUserPerMinute(120), access: 'signedIn' as const };
const entryParamsSchema = idParamsSchema.extend({ entryId: z.string().min(1).max(100) });
const memberParamsSchema = idParamsSchema.extend({ userId: z.string().min(1).max(100) });
/** The least a change can answer (one entry's page); what a change asked without ?page= has its answer thrown away for. */
const SMALLEST_PAGE = { page: 1, pageSize: 1 };

export async function playlistRoutes(base: FastifyInstance, { services }: Pick<AppContext, 'services'>): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { playlists } = services;
  const tags = ['playlists'];

  /** The whole playlist as the viewer may read it, streamed a slice at a time (the same bytes the serializer would send at once). */
  const sendWhole = async (reply: FastifyReply, viewerId: string | undefined, id: string, invite?: string) => {
    const { head, slices } = await playlists.getInSlices(viewerId, id, invite);
    // A stream is sent as it is: the schema's checks are slicedJson's, item by item.
    return reply.type('application/json; charset=utf-8').send(slicedJson(playlistDetailSchema, 'entries', head, slices));
  };

  /**
   * What a change answers: the page asked for, or, without ?page=, the whole playlist after the
   * change, streamed as GET streams it (built at once, 5,000 entries held the event loop ~140 ms).
   */
  const answerChange = async (reply: FastifyReply, userId: string, id: string, query: PlaylistPageQuery, change: (query: PlaylistPageQuery) => Promise<PlaylistDetail>) => {
    if (query.page !== undefined) return change(query);
    await change(SMALLEST_PAGE);
    // The change's work and the whole playlist's first reads in turns of their own.
    await nextTurn();
    return sendWhole(reply, userId, id);
  };

  app.get('/api/playlists', { config: { access: 'signedIn' }, schema: { tags, summary: 'My playlists, then those I collaborate on (`role`)', response: { 200: playlistListSchema, 401: errorSchema } } }, async (request) =>
    playlists.listMine((await request.requireUser()).id),
  );

  app.post('/api/playlists', { config: limited, schema: { tags, summary: 'Creates a playlist of mine', body: createPlaylistSchema, response: { 201: playlistSchema, ...errors } } }, async (request, reply) =>
    reply.status(201).send(await playlists.create((await request.requireUser()).id, request.body)),
  );

  app.get(
    '/api/playlists/:id',
    {
      config: { access: 'optional' },
      schema: {
        tags,
        summary: 'A playlist with its tracks (every one, or one page of them with ?page=): mine, one I collaborate on, one whose invite link I hold (?invite=), or anyone’s public one',
        params: idParamsSchema,
        querystring: playlistDetailQuerySchema,
        response: { 200: playlistDetailSchema, 400: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const viewerId = (await request.currentUser())?.id;
      if (request.query.page !== undefined) return playlists.get(viewerId, request.params.id, request.query);
      return sendWhole(reply, viewerId, request.params.id, request.query.invite);
    },
  );

  app.patch(
    '/api/playlists/:id',
    { config: limited, schema: { tags, summary: 'Renames a playlist of mine or makes it public or private', params: idParamsSchema, body: updatePlaylistSchema, response: { 200: playlistSchema, ...errors } } },
    async (request) => playlists.update((await request.requireUser()).id, request.params.id, request.body),
  );

  app.delete('/api/playlists/:id', { config: limited, schema: { tags, summary: 'Deletes a playlist of mine', params: idParamsSchema, response: { 204: z.null(), ...errors } } }, async (request, reply) => {
    await playlists.delete((await request.requireUser()).id, request.params.id);
    return reply.status(204).send(null);
  });

  app.post(
    '/api/playlists/:id/tracks',
    { config: limited, schema: { tags, summary: 'Adds a track at the end of a playlist of mine or one I collaborate on', params: idParamsSchema, querystring: playlistPageQuerySchema, body: addPlaylistTrackSchema, response: { 200: playlistDetailSchema, ...errors } } },
    async (request, reply) => {
      const userId = (await request.requireUser()).id;
      return answerChange(reply, userId, request.params.id, request.query, (query) => playlists.addTrack(userId, request.params.id, request.body, query));
    },
  );

  app.delete(
    '/api/playlists/:id/tracks/:entryId',
    { config: limited, schema: { tags, summary: 'Removes one entry from a playlist of mine or one I collaborate on', params: entryParamsSchema, querystring: playlistPageQuerySchema, response: { 200: playlistDetailSchema, ...errors } } },
    async (request, reply) => {
      const userId = (await request.requireUser()).id;
      return answerChange(reply, userId, request.params.id, request.query, (query) => playlists.removeEntry(userId, request.params.id, request.params.entryId, query));
    },
  );

  app.put(
    '/api/playlists/:id/tracks/:entryId/position',
    {
      config: limited,
      schema: {
        tags,
        summary: 'Moves one entry to a 0-based place in the playlist (owner or collaborator); the entries in between shift by one',
        params: entryParamsSchema,
        querystring: playlistPageQuerySchema,
        body: movePlaylistEntrySchema,
        response: { 200: playlistDetailSchema, ...errors },
      },
    },
    async (request, reply) => {
      const userId = (await request.requireUser()).id;
      return answerChange(reply, userId, request.params.id, request.query, (query) => playlists.moveEntry(userId, request.params.id, request.params.entryId, request.body, query));
    },
  );

  app.put(
    '/api/playlists/:id/order',
    { config: limited, schema: { tags, summary: 'Puts the entries of a playlist of mine (or one I collaborate on) in the given order', params: idParamsSchema, querystring: playlistPageQuerySchema, body: reorderPlaylistSchema, response: { 200: playlistDetailSchema, ...errors } } },
    async (request, reply) => {
      const userId = (await request.requireUser()).id;
      return answerChange(reply, userId, request.params.id, request.query, (query) => playlists.reorder(userId, request.params.id, request.body, query));
    },
  );

  app.delete(
    '/api/playlists/:id/cover',
    { config: limited, schema: { tags, summary: "Removes the playlist's own cover: the mosaic of its tracks' covers shows again", params: idParamsSchema, querystring: playlistPageQuerySchema, response: { 200: playlistDetailSchema, ...errors } } },
    async (request, reply) => {
      const userId = (await request.requireUser()).id;
      return answerChange(reply, userId, request.params.id, request.query, (query) => playlists.removeCover(userId, request.params.id, query));
    },
  );

  app.post(
    '/api/playlists/:id/invite',
    { config: limited, schema: { tags, summary: 'A new invite link for collaborators (owner); the previous link stops working', params: idParamsSchema, response: { 200: playlistInviteSchema, ...errors } } },
    async (request) => playlists.resetInvite((await request.requireUser()).id, request.params.id),
  );

  app.delete(
    '/api/playlists/:id/invite',
    { config: limited, schema: { tags, summary: 'Turns the invite link off (owner); collaborators who joined stay', params: idParamsSchema, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await playlists.disableInvite((await request.requireUser()).id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/playlists/:id/collaborators',
    { config: limited, schema: { tags, summary: 'Joins a playlist as a collaborator with its invite link’s token', params: idParamsSchema, body: joinPlaylistSchema, response: { 200: playlistDetailSchema, ...errors } } },
    async (request, reply) => {
      const userId = (await request.requireUser()).id;
      await playlists.join(userId, request.params.id, request.body, SMALLEST_PAGE);
      await nextTurn();
      return sendWhole(reply, userId, request.params.id);
    },
  );

  app.delete(
    '/api/playlists/:id/collaborators/:userId',
    { config: limited, schema: { tags, summary: 'Removes a collaborator (owner), or leaves the playlist (the collaborator themselves)', params: memberParamsSchema, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await playlists.removeCollaborator((await request.requireUser()).id, request.params.id, request.params.userId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/playlists/:id/activity',
    {
      config: { access: 'optional' },
      schema: { tags, summary: 'Who added, removed or moved what in a playlist, newest first (a page of 20)', params: idParamsSchema, querystring: playlistActivityQuerySchema, response: { 200: playlistActivityListSchema, 400: errorSchema, 404: errorSchema } },
    },
    async (request) => playlists.activity((await request.currentUser())?.id, request.params.id, request.query),
  );

  // The cover body is the raw image file (any Content-Type): sniffed, size-limited and resized on the server.
  await app.register(async (scope) => {
    acceptRawBodies(scope);
    scope.withTypeProvider<ZodTypeProvider>().put(
      '/api/playlists/:id/cover',
      {
        config: { ...perMinute(20), access: 'signedIn' },
        schema: { tags, summary: "Replaces the playlist's own cover with the image in the body (owner)", params: idParamsSchema, querystring: playlistPageQuerySchema, response: { 200: playlistDetailSchema, ...errors, 413: errorSchema, 415: errorSchema } },
      },
      async (request, reply) => {
        const userId = (await request.requireUser()).id;
        const bytes = await readImageBody(request.raw, contentLength(request.headers));
        return answerChange(reply, userId, request.params.id, request.query, (query) => playlists.setCover(userId, request.params.id, bytes, query));
      },
    );
  });
}
