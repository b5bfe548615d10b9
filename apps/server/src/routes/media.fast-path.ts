import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import parseRange from 'range-parser';
import type { MediaBytesCache } from '../media/media-bytes-cache.js';
import type { MediaDescriptor } from '../services/track-media.service.js';
import { AUTHORIZE_ONLY_HEADER, MEDIA_PREFIX } from './media.routes.js';
import { IMMUTABLE, accelRedirectHeaders } from './send-media.js';

export interface MediaFastPathDeps {
  /** A public track's media descriptor when this instance already knows it (TrackMediaService.knownPublicMedia). */
  knownPublicMedia(key: string): MediaDescriptor | undefined;
  bytes: MediaBytesCache;
  /** The security headers every response carries (what the app's helmet hook sets), as name/value pairs. */
  securityHeaders: ReadonlyArray<readonly [string, string]>;
  /** MEDIA_ACCEL_REDIRECT: answer with the proxy's internal location instead of the bytes. */
  accelRedirect: string | undefined;
}

/**
 * The common case of /media, answered before Fastify sees the request: a GET or HEAD of a public
 * track's audio this instance has served in the last minute, whose bytes are in memory (or, behind
 * nginx, whose bytes nginx sends). It gives the same status, headers and bytes as the route in
 * media.routes.ts, without a session lookup, a database round trip, a file system call or
 * Fastify's request objects. Anything else (a first request, a hidden track, an image, an
 * unsatisfiable range, a percent-encoded path) returns false and goes to the route, which fills
 * the caches for the next request.
 */
export function createMediaFastPath(deps: MediaFastPathDeps): (request: IncomingMessage, response: ServerResponse) => boolean {
  const security = deps.securityHeaders.flat();
  // The headers every answer about one file shares, built once per descriptor.
  const heads = new WeakMap<MediaDescriptor, string[]>();
  const head = (media: MediaDescriptor): string[] => {
    let list = heads.get(media);
    if (!list) {
      list = [...security, 'Accept-Ranges', 'bytes', 'Content-Type', media.contentType, 'ETag', media.etag, 'Cache-Control', IMMUTABLE];
      heads.set(media, list);
    }
    return list;
  };

  return (request, response) => {
    const { method, url } = request;
    if ((method !== 'GET' && method !== 'HEAD') || url === undefined || !url.startsWith(MEDIA_PREFIX)) return false;
    const query = url.indexOf('?');
    const key = url.slice(MEDIA_PREFIX.length, query === -1 ? undefined : query);
    if (key.includes('%')) return false;
    // Signed downloads are attachments: the route answers them.
    if (query !== -1 && url.includes('download=', query)) return false;
    const media = deps.knownPublicMedia(key);
    if (!media) return false;

    if (deps.accelRedirect !== undefined) {
      const authorizeOnly = request.headers[AUTHORIZE_ONLY_HEADER] !== undefined;
      response.writeHead(authorizeOnly ? 204 : 200, security.concat(Object.entries(accelRedirectHeaders(deps.accelRedirect, media)).flat()));
      response.end();
      return true;
    }

    const bytes = deps.bytes.get(key, media.etag);
    if (!bytes) {
      deps.bytes.warm(key, media.size, media.etag);
      return false;
    }
    const { headers } = request;
    const ifNoneMatch = headers['if-none-match'];
    if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim() === media.etag)) {
      response.writeHead(304, head(media));
      response.end();
      return true;
    }
    const rangeHeader = headers.range;
    const ifRange = headers['if-range'];
    if (rangeHeader !== undefined && (ifRange === undefined || ifRange === media.etag)) {
      const ranges = parseRange(media.size, rangeHeader, { combine: true });
      // The route words the 416 (an error body in the API's shape).
      if (ranges === -1) return false;
      if (Array.isArray(ranges) && ranges.type === 'bytes' && ranges.length === 1) {
        const [range] = ranges;
        if (range) {
          response.writeHead(206, head(media).concat('Content-Range', `bytes ${range.start}-${range.end}/${media.size}`, 'Content-Length', String(range.end - range.start + 1)));
          response.end(method === 'HEAD' ? undefined : bytes.subarray(range.start, range.end + 1));
          return true;
        }
      }
    }
    response.writeHead(200, head(media).concat('Content-Length', String(media.size)));
    response.end(method === 'HEAD' ? undefined : bytes);
    return true;
  };
}

/**
 * The headers a middleware sets on every response, read once by running it against a recording
 * response: helmet's are the same for every request (no nonces, no per-route options), so the fast
 * path can send them without running it.
 */
export function recordHeaders(middleware: (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void): Array<[string, string]> {
  const headers = new Map<string, [string, string]>();
  const recorder = {
    setHeader(name: string, value: number | string | readonly string[]) {
      headers.set(name.toLowerCase(), [name, Array.isArray(value) ? value.join(', ') : String(value)]);
      return recorder;
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
    getHeader(name: string) {
      return headers.get(name.toLowerCase())?.[1];
    },
    getHeaders(): OutgoingHttpHeaders {
      return Object.fromEntries([...headers.values()]);
    },
    hasHeader(name: string) {
      return headers.has(name.toLowerCase());
    },
  };
  let failed: unknown;
  middleware({ headers: {}, method: 'GET', url: '/' } as IncomingMessage, recorder as unknown as ServerResponse, (error) => {
    failed = error;
  });
  if (failed) throw failed instanceof Error ? failed : new Error(String(failed));
  return [...headers.values()];
}
