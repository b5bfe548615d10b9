import { PLAYLIST_IMPORT_MAX_BYTES, errorSchema, idParamsSchema, playlistExportQuerySchema, playlistImportQuerySchema, playlistImportResultSchema } from '@platter/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { BadRequestError, PayloadTooLargeError } from '../lib/errors.js';
import type { PublicOrigin } from '../lib/public-origin.js';
import { perUserPerMinute } from './rate-limit.js';
import { acceptRawBodies, contentLength } from './raw-body.js';

const tooLarge = () => new PayloadTooLargeError(`The playlist file is larger than ${PLAYLIST_IMPORT_MAX_BYTES / 1024 / 1024} MB. Split it into smaller files.`);

/** The request body as UTF-8 text, at most PLAYLIST_IMPORT_MAX_BYTES. */
async function readText(body: AsyncIterable<unknown>, declared: number | undefined): Promise<string> {
  if (declared !== undefined && declared > PLAYLIST_IMPORT_MAX_BYTES) throw tooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    size += buffer.length;
    if (size > PLAYLIST_IMPORT_MAX_BYTES) throw tooLarge();
    chunks.push(buffer);
  }
  const bytes = Buffer.concat(chunks);
  // Text files have no NUL bytes (nor can a database text hold one): this is something else.
  if (bytes.includes(0)) throw new BadRequestError('This is not a playlist file: it holds binary data. Give an M3U8 or XSPF text file.', 'playlist_file_binary');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new BadRequestError('The playlist file is not UTF-8 text. Save it as M3U8 (UTF-8) or XSPF.', 'playlist_file_encoding');
  }
}

/** Playlists as M3U8 and XSPF files, out and in. */
export async function playlistTransferRoutes(base: FastifyInstance, { services, publicOrigin }: Pick<AppContext, 'services'> & { publicOrigin: PublicOrigin }): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { playlistTransfer } = services;

  app.get(
    '/api/playlists/:id/export',
    {
      config: { access: 'optional' },
      schema: {
        tags: ['playlists'],
        summary: 'A playlist as an M3U8 or XSPF file (its owner, or anyone when it is public)',
        params: idParamsSchema,
        querystring: playlistExportQuerySchema,
        response: { 200: z.string(), 400: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const viewer = await request.currentActor();
      const file = await playlistTransfer.export(viewer?.id, request.params.id, request.query, publicOrigin.of(request));
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, '')}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
        .send(file.body);
    },
  );

  await app.register(async (scope) => {
    acceptRawBodies(scope);
    const raw = scope.withTypeProvider<ZodTypeProvider>();
    raw.post(
      '/api/playlists/import',
      {
        config: { ...perUserPerMinute(10), access: 'signedIn' },
        schema: {
          tags: ['playlists'],
          summary: 'Makes a playlist of mine from an M3U8 or XSPF file in the body, matching its entries to tracks, with a report of the rest',
          querystring: playlistImportQuerySchema,
          response: { 201: playlistImportResultSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 413: errorSchema },
        },
      },
      async (request, reply) => {
        const actor = await request.requireActor();
        const text = await readText(request.raw, contentLength(request.headers));
        return reply.status(201).send(await playlistTransfer.import(actor.id, text, request.query));
      },
    );
  });
}
