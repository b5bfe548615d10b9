import fs from 'node:fs';
import path from 'node:path';
import { errorSchema, oembedQuerySchema, oembedSchema } from '@platter/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { NotFoundError } from '../lib/errors.js';
import type { PublicOrigin } from '../lib/public-origin.js';
import { FALLBACK_EMBED_TEMPLATE, embedLanguage, embedTheme, renderEmbedHtml, renderEmbedNotFoundHtml } from '../services/embed-html.js';

export interface EmbedRouteDeps extends Pick<AppContext, 'services'> {
  publicOrigin: PublicOrigin;
  /** The web build: its embed.html is the embed page's template (its script and style). */
  webDist: string;
  /** The headers every other answer gets (helmet's); the embed page gets them with framing allowed. */
  securityHeaders: ReadonlyArray<[string, string]>;
}

/**
 * The security headers of a page any site may frame: Platter's own, but with the CSP's
 * `frame-ancestors *` instead of `'none'` and no X-Frame-Options. Everything else (script-src
 * 'self' and the rest) stays as strict as on every other page.
 */
export function embeddableHeaders(securityHeaders: ReadonlyArray<[string, string]>): Array<[string, string]> {
  let found = false;
  const headers = securityHeaders
    .filter(([name]) => name.toLowerCase() !== 'x-frame-options')
    .map(([name, value]): [string, string] => {
      if (name.toLowerCase() !== 'content-security-policy') return [name, value];
      found = value.includes("frame-ancestors 'none'");
      return [name, value.replace("frame-ancestors 'none'", 'frame-ancestors *')];
    });
  if (!found) throw new Error("The CSP has no frame-ancestors 'none' for the embed page to replace: update embeddableHeaders.");
  return headers;
}

/** The embed player pages (/embed/track/:id, /embed/release/:id) and the oEmbed endpoint that hands out their iframes. */
export async function embedRoutes(base: FastifyInstance, { services, publicOrigin, webDist, securityHeaders }: EmbedRouteDeps): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { embeds } = services;
  const framingHeaders = embeddableHeaders(securityHeaders);
  const templateFile = path.join(webDist, 'embed.html');

  app.get(
    '/api/oembed',
    {
      config: { access: 'public' },
      schema: {
        tags: ['tracks'],
        summary: 'oEmbed (https://oembed.com): the rich embed (an iframe of /embed/track/:id or /embed/release/:id) of a Platter track or release address; JSON only (xml is 501)',
        querystring: oembedQuerySchema,
        response: { 200: oembedSchema, 400: errorSchema, 404: errorSchema, 501: errorSchema },
      },
    },
    async (request, reply) => {
      const answer = await embeds.oembed(request.query, publicOrigin.of(request));
      return reply.header('Cache-Control', `public, max-age=${answer.cache_age}`).header('Access-Control-Allow-Origin', '*').send(answer);
    },
  );

  const embedQuery = z.object({ theme: z.string().max(10).optional(), lang: z.string().max(10).optional(), s: z.string().max(200).optional() });
  for (const kind of ['track', 'release'] as const) {
    app.get(
      `/embed/${kind}/:id`,
      {
        schema: { hide: true, params: z.object({ id: z.string().max(100) }), querystring: embedQuery },
        config: { undocumented: `the ${kind} embed player page (HTML any site may frame)` },
      },
      async (request, reply) => {
        // Read per request, like the share pages' index.html, so a rebuilt web app is served without a restart.
        const template = await fs.promises.readFile(templateFile, 'utf8').catch(() => FALLBACK_EMBED_TEMPLATE);
        const options = {
          origin: publicOrigin.of(request),
          theme: embedTheme(request.query.theme),
          language: embedLanguage(request.query.lang, request.headers['accept-language']),
        };
        for (const [name, value] of framingHeaders) reply.header(name, value);
        reply.removeHeader('x-frame-options');
        reply.raw.removeHeader('x-frame-options');
        // Who may see the item decides, as on its API; so it is never shared by caches.
        reply.header('Cache-Control', 'private, no-cache').header('Vary', 'Accept-Language, Cookie').type('text/html; charset=utf-8');
        try {
          const viewer = await request.currentActor();
          // An unlisted item plays only with its secret (`?s=`), which its audio URLs carry on.
          const view = kind === 'release' ? await embeds.release(request.params.id, viewer, request.query.s) : await embeds.track(request.params.id, viewer, request.query.s);
          return reply.send(renderEmbedHtml(template, view, options));
        } catch (error) {
          if (error instanceof NotFoundError) return reply.status(404).send(renderEmbedNotFoundHtml(template, options, kind));
          throw error;
        }
      },
    );
  }
}
