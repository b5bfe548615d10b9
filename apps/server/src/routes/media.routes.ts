import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { NotFoundError } from '../lib/errors.js';
import type { MediaDescriptor } from '../services/track-media.service.js';
import { sendMedia } from './send-media.js';

/** Where media is served: `/media/<key>`. */
export const MEDIA_PREFIX = '/media/';

/**
 * nginx's `auth_request` asks with this header (docs/deploy.md, "Media through nginx"): the answer is
 * then 204 (allowed) or 403 (anything else) with no body, since auth_request understands only those.
 */
export const AUTHORIZE_ONLY_HEADER = 'x-platter-media-auth';

/**
 * Redirects to the bucket when storage is S3; behind nginx with MEDIA_ACCEL_REDIRECT, authorizes and
 * leaves the bytes (and Range, and revalidation) to nginx's internal location; otherwise streams
 * audio with HTTP Range: 206 with Content-Range for a satisfiable single range, 416 for an
 * unsatisfiable one, 200 otherwise. Multiple ranges are answered with the whole file. The common
 * case (a public track served a moment ago) never reaches this route: media.fast-path.ts answers it.
 */
export async function mediaRoutes(app: FastifyInstance, { services, storage, config, federation }: Pick<AppContext, 'services' | 'storage' | 'config' | 'federation'>): Promise<void> {
  const accelRedirect = config.mediaAccelRedirect;
  const handler = async (request: FastifyRequest<{ Params: { '*': string }; Querystring: Record<string, string | undefined> }>, reply: FastifyReply) => {
    const query = request.query ?? {};
    // A signed download link: its signature alone grants it, and it is sent as an attachment.
    const download = query.download !== undefined || query.sig !== undefined;
    const authorizeOnly = accelRedirect !== undefined && request.headers[AUTHORIZE_ONLY_HEADER] !== undefined;
    let media: MediaDescriptor;
    try {
      let key: string;
      try {
        key = request.params['*'].split('/').map(decodeURIComponent).join('/');
      } catch {
        throw new NotFoundError('No such audio file.', 'media_not_found');
      }
      media = download
        ? await services.trackMedia.downloadForKey(key, typeof query.download === 'string' ? query.download : undefined, typeof query.sig === 'string' ? query.sig : undefined)
        : await services.trackMedia.mediaForKey(key, () => request.currentActor(), typeof query.s === 'string' ? query.s : undefined);
    } catch (error) {
      // nginx then asks the route again without the header, for the 404 in the API's own words.
      if (authorizeOnly && error instanceof NotFoundError) return reply.status(403).header('X-Accel-Expires', '0').send();
      throw error;
    }
    // With federation on, a public file may be played by another Platter's page (a remote listener's
    // News, issue 30): its Cross-Origin-Resource-Policy lets other origins load it; private ones keep same-origin.
    // And CORS (any origin, no credentials): that page's player routes its <audio> through Web Audio
    // once it has played a local track, and then asks other origins' media with crossOrigin=anonymous,
    // which fails to load without this header. The file is public: nothing is shown that a plain GET does not.
    if (federation && !media.private && !download) reply.header('Cross-Origin-Resource-Policy', 'cross-origin').header('Access-Control-Allow-Origin', '*');
    return sendMedia(request, reply, media, { storage, accelRedirect, authorizeOnly });
  };

  app.route({
    method: ['GET', 'HEAD'],
    url: '/media/*',
    exposeHeadRoute: false,
    // Documented without response schemas: the answers are files, and the route must not serialize.
    config: {
      access: 'optional',
      otherResponses: {
        200: 'The whole file (audio or image)',
        206: 'The byte range asked for (Range)',
        304: 'Not modified (If-None-Match)',
        307: 'On S3 storage: a short-lived address of the file in the bucket',
        403: 'Asked by nginx’s authorization request (x-platter-media-auth): not allowed; or a download link (download, sig) that expired or was forged',
        404: 'No such file, or the track is hidden or deleted and the viewer is not its owner or an admin',
        416: 'The range is outside the file',
      },
    },
    schema: {
      tags: ['media'],
      summary: 'An audio file or image by its key: public media to anyone, an unlisted track’s audio also with its secret (s), a private or hidden one to its owner and admins; with download and sig, a signed download of the original',
    },
    handler,
  });
}
