import { createTrackSchema, errorSchema, trackSchema, uploadUrlRequestSchema, uploadUrlResponseSchema } from '@platter/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { LOCAL_UPLOAD_PATH } from '../storage/local-disk.storage.js';
import { perMinute } from './rate-limit.js';
import { acceptRawBodies, contentLength } from './raw-body.js';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema, 410: errorSchema, 413: errorSchema, 415: errorSchema };

/** The upload protocol of SPEC section 7: get a URL, PUT the file to it, create the track with the fileUrl. */
export async function uploadRoutes(base: FastifyInstance, { services }: Pick<AppContext, 'services'>): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/get-upload-url',
    {
      config: { ...perMinute(60), access: 'signedIn' },
      schema: {
        tags: ['uploads'],
        summary: 'A signed, single-use URL to PUT an audio file to (expires in 15 minutes)',
        body: uploadUrlRequestSchema,
        response: { 200: uploadUrlResponseSchema, ...errors },
      },
    },
    async (request) => services.uploads.createUploadUrl((await request.requireUser()).id, request.body),
  );

  app.post(
    '/api/tracks',
    {
      config: { ...perMinute(60), access: 'signedIn' },
      schema: {
        tags: ['tracks'],
        summary: 'Creates a track from a fileUrl this user uploaded and has not used yet',
        body: createTrackSchema,
        response: { 201: trackSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      return reply.status(201).send(await services.tracks.createFromUpload(user.id, request.body));
    },
  );

  // The receiver of local-disk upload URLs. Its body is the raw file, streamed straight to storage.
  await app.register(async (scope) => {
    acceptRawBodies(scope);
    scope.withTypeProvider<ZodTypeProvider>().put(
      `${LOCAL_UPLOAD_PATH}:token`,
      {
        // The signed URL is what authorizes the PUT; a session, when sent, must be the uploader's.
        config: { ...perMinute(60), access: 'optional' },
        schema: {
          tags: ['uploads'],
          summary: 'Receives the file of a local-disk upload URL (the signed URL authorizes it)',
          params: z.object({ token: z.string().max(4096) }),
          response: { 200: z.object({ ok: z.literal(true), size: z.number(), contentType: z.string() }), ...errors },
        },
      },
      async (request) => {
        const result = await services.uploads.receive({
          token: request.params.token,
          sessionUserId: (await request.currentUser())?.id,
          contentType: request.headers['content-type'],
          contentLength: contentLength(request.headers),
          body: request.raw,
        });
        return { ok: true as const, ...result };
      },
    );
  });
}
