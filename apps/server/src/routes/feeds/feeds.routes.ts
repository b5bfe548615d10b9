import { createHash } from 'node:crypto';
import { errorSchema } from '@platter/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { PublicOrigin } from '../../lib/public-origin.js';
import type { Feed } from '../../services/feed.service.js';
import { type FeedAddresses, renderAtom, renderRss } from './feed-xml.js';

export interface FeedRouteDeps extends Pick<AppContext, 'services'> {
  publicOrigin: PublicOrigin;
}

/** How long a reader or a shared cache may reuse a feed before asking again (then a 304 by its ETag). */
export const FEED_MAX_AGE_SECONDS = 300;

const FORMATS = {
  rss: { type: 'application/rss+xml; charset=utf-8', render: renderRss },
  atom: { type: 'application/atom+xml; charset=utf-8', render: renderAtom },
} as const;

/** The feed addresses of an artist's or a release's page path (`/artist/:id`, `/release/:id`). */
export const feedPaths = (pagePath: string) => ({ rss: `${pagePath}/feed.rss`, atom: `${pagePath}/feed.atom` });

/** Whether If-None-Match names this ETag (or is `*`); weak and strong forms compare alike, as RFC 9110 asks for a GET. */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}

/**
 * RSS 2.0 (with the iTunes and podcast namespaces) and Atom 1.0 feeds of an artist and of a
 * release, beside their pages so readers find them by the page's address (the pages name them in
 * their head: share.service.ts). Public: no session is read, the answer is the same for everyone.
 */
export async function feedRoutes(base: FastifyInstance, { services, publicOrigin }: FeedRouteDeps): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { feeds } = services;

  const send = (request: FastifyRequest, reply: FastifyReply, feed: Feed, format: keyof typeof FORMATS) => {
    const origin = publicOrigin.of(request);
    const paths = feedPaths(feed.path);
    const at: FeedAddresses = { origin, rss: new URL(paths.rss, origin).href, atom: new URL(paths.atom, origin).href };
    const body = FORMATS[format].render(feed, at);
    // The body's own hash: it changes with anything a feed shows (a renamed track has no date that would).
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
    reply
      .header('Cache-Control', `public, max-age=${FEED_MAX_AGE_SECONDS}`)
      .header('ETag', etag)
      .header('Last-Modified', new Date(feed.updated).toUTCString())
      .header('Access-Control-Allow-Origin', '*')
      .header('X-Content-Type-Options', 'nosniff');
    // Only the ETag decides a 304: Last-Modified is the newest date Platter keeps, and some edits
    // (a track's title) move none, so If-Modified-Since alone could keep a stale copy.
    if (matchesEtag(request.headers['if-none-match'], etag)) return reply.status(304).send();
    return reply.type(FORMATS[format].type).send(body);
  };

  const params = z.object({ id: z.string().min(1).max(100) });
  for (const format of ['rss', 'atom'] as const) {
    const name = format === 'rss' ? 'RSS 2.0 (iTunes and podcast namespaces)' : 'Atom 1.0';
    app.get(
      `/artist/:id/feed.${format}`,
      {
        config: { access: 'public', otherResponses: { 200: `The feed (${FORMATS[format].type})`, 304: 'Not modified (If-None-Match)' } },
        schema: { tags: ['artists'], summary: `An artist’s newest public tracks as a ${name} feed, each with its audio as an enclosure`, params, response: { 404: errorSchema } },
      },
      async (request, reply) => send(request, reply, await feeds.artist(request.params.id), format),
    );
    app.get(
      `/release/:id/feed.${format}`,
      {
        config: { access: 'public', otherResponses: { 200: `The feed (${FORMATS[format].type})`, 304: 'Not modified (If-None-Match)' } },
        schema: { tags: ['releases'], summary: `A public release’s public tracks in order as a ${name} feed, each with its audio as an enclosure (404 for a release that is not public)`, params, response: { 404: errorSchema } },
      },
      async (request, reply) => send(request, reply, await feeds.release(request.params.id), format),
    );
  }
}
