import { dataExportIdParamsSchema, dataExportRequestSchema, dataExportStateSchema, errorSchema } from '@platter/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.js';

/** Export requests per user per hour: each one reads every file of theirs. */
const EXPORTS_PER_HOUR = 5;

/** "Download my data": ask for an archive, see how it stands, download it (its owner only). */
export async function dataExportRoutes(base: FastifyInstance, { services }: Pick<AppContext, 'services'>): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { dataExports } = services;

  app.post(
    '/api/account/export',
    {
      config: {
        access: 'signedIn',
        rateLimit: { max: EXPORTS_PER_HOUR, timeWindow: '1 hour', keyGenerator: async (request: FastifyRequest) => (await request.currentUser())?.id ?? request.ip },
      },
      schema: {
        tags: ['profiles'],
        summary: 'Asks for an archive of all my data (a ZIP made in the background, announced when ready); 409 while one is being made',
        response: { 202: dataExportRequestSchema, 401: errorSchema, 409: errorSchema },
      },
    },
    async (request, reply) => reply.status(202).send(await dataExports.request(await request.requireActor(), { acceptLanguage: request.headers['accept-language'] })),
  );

  app.get(
    '/api/account/export',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['profiles'],
        summary: 'My newest data export: building, ready (size, expiry, download link) or failed; null when there is none',
        response: { 200: dataExportStateSchema, 401: errorSchema },
      },
    },
    async (request) => dataExports.state(await request.requireActor()),
  );

  // Untyped reply: the body is the archive's stream.
  base.get(
    '/api/account/export/:id/download',
    {
      config: { access: 'signedIn', otherResponses: { 200: 'The archive (application/zip)' } },
      schema: {
        tags: ['profiles'],
        summary: 'Downloads a ready data export of mine (7 days after it was made); anyone else’s is not found',
        params: dataExportIdParamsSchema,
        response: { 401: errorSchema, 404: errorSchema },
      },
    },
    async (request: FastifyRequest<{ Params: { id: string } }>, reply) => {
      const file = await dataExports.download(await request.requireActor(), request.params.id);
      const body = await file.open();
      return reply
        .header('Content-Type', 'application/zip')
        .header('Content-Length', file.size)
        .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
        .header('Cache-Control', 'private, no-store')
        .header('X-Content-Type-Options', 'nosniff')
        .send(body);
    },
  );
}
