import { APK_CONTENT_TYPE, appDownloadSchema, errorSchema, siteStatsSchema } from '@platter/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.js';

/** The public site: the Android package, Digital Asset Links and the landing page's real figures. */
export async function siteRoutes(base: FastifyInstance, { services }: Pick<AppContext, 'services'>): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { site } = services;

  app.get(
    '/api/app/download',
    { config: { access: 'public' }, schema: { tags: ['system'], summary: 'Where the Android package is: a file served here, a remote URL, or none', response: { 200: appDownloadSchema } } },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-cache');
      return site.download();
    },
  );

  app.get(
    '/api/stats',
    { config: { access: 'public' }, schema: { tags: ['system'], summary: 'Tracks, artists and users: the real figures of the landing page', response: { 200: siteStatsSchema } } },
    () => site.stats(),
  );

  // Untyped replies: the body is the file's stream.
  base.route({
    method: ['GET', 'HEAD'],
    url: '/downloads/:file',
    exposeHeadRoute: false,
    config: { access: 'public', otherResponses: { 200: 'The package file (application/vnd.android.package-archive)' } },
    schema: { tags: ['system'], summary: 'The Android package (from DATA_DIR/downloads)', params: z.object({ file: z.string().max(200) }), response: { 404: errorSchema } },
    handler: async (request: FastifyRequest<{ Params: { file: string } }>, reply) => {
      const file = await site.findDownload(request.params.file);
      reply
        .header('Content-Type', APK_CONTENT_TYPE)
        .header('Content-Length', file.size)
        .header('Content-Disposition', `attachment; filename="${file.name}"`)
        .header('Cache-Control', 'no-cache')
        .header('X-Content-Type-Options', 'nosniff');
      if (request.method === 'HEAD') return reply.send();
      return reply.send(file.open());
    },
  });

  // Served as JSON at its fixed address for Android's verifier; [] when no app is configured.
  app.get('/.well-known/assetlinks.json', { schema: { hide: true }, config: { undocumented: 'Android’s Digital Asset Links file, at the address Android fixes' } }, async (_request, reply) =>
    reply.header('Cache-Control', 'public, max-age=3600').type('application/json').send(JSON.stringify(site.assetLinks())),
  );
}
