import { errorSchema, linkListenBrainzSchema, listenBrainzStateSchema, nowPlayingSchema } from '@platter/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { perUserPerMinute } from './rate-limit.js';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema };

/** Linking a ListenBrainz account, and "playing now". */
export async function listenBrainzRoutes(base: FastifyInstance, { services }: Pick<AppContext, 'services'>): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { listenBrainz } = services;

  app.get(
    '/api/me/listenbrainz',
    { config: { access: 'signedIn' }, schema: { tags: ['listenbrainz'], summary: 'Whether my ListenBrainz account is linked, and how the last submission went', response: { 200: listenBrainzStateSchema, 401: errorSchema } } },
    async (request) => listenBrainz.state((await request.requireActor()).id),
  );

  app.put(
    '/api/me/listenbrainz',
    {
      // Each link asks the ListenBrainz server to validate the token.
      config: { ...perUserPerMinute(10), access: 'signedIn' },
      schema: { tags: ['listenbrainz'], summary: 'Links my ListenBrainz account with its user token (checked with the server first)', body: linkListenBrainzSchema, response: { 200: listenBrainzStateSchema, ...errors } },
    },
    async (request) => listenBrainz.link((await request.requireActor()).id, request.body),
  );

  app.delete(
    '/api/me/listenbrainz',
    { config: { ...perUserPerMinute(30), access: 'signedIn' }, schema: { tags: ['listenbrainz'], summary: 'Unlinks my ListenBrainz account (queued listens are dropped)', response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await listenBrainz.unlink((await request.requireActor()).id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/me/now-playing',
    {
      config: { ...perUserPerMinute(120), access: 'signedIn' },
      schema: { tags: ['listenbrainz'], summary: 'The track I just started: sent on to my linked ListenBrainz as "playing now"', body: nowPlayingSchema, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await listenBrainz.nowPlaying((await request.requireActor()).id, request.body.trackId);
      return reply.status(204).send(null);
    },
  );
}
