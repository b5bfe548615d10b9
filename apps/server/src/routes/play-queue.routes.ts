import { errorSchema, playQueueStateSchema, savePlayQueueSchema, savedPlayQueueSchema } from '@platter/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.js';
import { toTrack } from '../services/track.mapper.js';
import { perUserPerMinute } from './rate-limit.js';

/** The play queue on the server: continue on another device; the same one OpenSubsonic's getPlayQueue reads. */
export async function playQueueRoutes(base: FastifyInstance, { services }: Pick<AppContext, 'services'>): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { playQueue } = services;

  app.get(
    '/api/me/play-queue',
    { config: { access: 'signedIn' }, schema: { tags: ['history'], summary: 'My last saved play queue (from any device or Subsonic app), its current track and position', response: { 200: playQueueStateSchema, 401: errorSchema } } },
    async (request) => {
      const saved = await playQueue.get((await request.requireActor()).id);
      return { queue: saved ? { tracks: saved.tracks.map(toTrack), currentId: saved.currentId, positionMs: saved.positionMs, changedBy: saved.changedBy, updatedAt: saved.updatedAt } : null };
    },
  );

  app.put(
    '/api/me/play-queue',
    {
      // A player saves on changes and every few seconds while playing.
      config: { ...perUserPerMinute(120), access: 'signedIn' },
      schema: { tags: ['history'], summary: "Saves this device's play queue, current track and position (an empty queue clears it)", body: savePlayQueueSchema, response: { 200: savedPlayQueueSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema } },
    },
    async (request) => {
      const { trackIds, currentId, positionMs, device } = request.body;
      return { updatedAt: await playQueue.save((await request.requireActor()).id, { trackIds, currentId, positionMs, changedBy: device }) };
    },
  );
}
