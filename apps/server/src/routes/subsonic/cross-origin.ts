import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** Every method /rest answers by (a Subsonic method answers the same whichever is used). */
export const SUBSONIC_HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** Whether a request is for the Subsonic API (`/rest`, `/rest/<method>`, with any query). */
export const isSubsonicPath = (url: string): boolean => /^\/rest(\/|\?|$)/.test(url);

/** What every /rest answer carries (over helmet's Cross-Origin-Resource-Policy: same-origin). */
export const SUBSONIC_CROSS_ORIGIN_HEADERS: ReadonlyArray<readonly [string, string]> = [
  ['Access-Control-Allow-Origin', '*'],
  ['Access-Control-Expose-Headers', 'Content-Length, Content-Range, Accept-Ranges, Content-Disposition, ETag, Retry-After'],
  ['Cross-Origin-Resource-Policy', 'cross-origin'],
];

/** Headers a preflight may ask for: names only (RFC 9110 tokens), at most 2,000 characters. */
const HEADER_LIST = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+(\s*,\s*[!#$%&'*+.^_`|~0-9A-Za-z-]+)*$/;

/**
 * The Subsonic API is readable from any origin, as Navidrome's is: web Subsonic clients (Feishin,
 * Aonsoku, Airsonic Refix…) are served from their own origin and call /rest with `fetch`, and show
 * covers and play songs with `<img>` and `<audio>`. /rest authenticates every request by its own
 * credentials (apiKey, or u with t+s or p) and never reads the session cookie, so letting any
 * origin read its answers gives no site anything a Subsonic app could not have already; it never
 * allows credentials (no Access-Control-Allow-Credentials), so a browser sends no cookie along.
 *
 * For every request to /rest (before any other hook, so errors have them too):
 * - `Access-Control-Allow-Origin: *`, and the media headers a player reads exposed;
 * - `Cross-Origin-Resource-Policy: cross-origin` instead of helmet's `same-origin`, so another
 *   origin's `<img>` and `<audio>` (and pages with COEP) may load covers and streams;
 * - a preflight (`OPTIONS`) is answered here with 204: any method of SUBSONIC_HTTP_METHODS and the
 *   headers the browser asked for.
 * The rest of the app keeps helmet's headers and no CORS.
 */
export const subsonicCrossOriginPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', async (request, reply) => {
      if (!isSubsonicPath(request.url)) return;
      for (const [name, value] of SUBSONIC_CROSS_ORIGIN_HEADERS) reply.raw.setHeader(name, value);
      if (request.method !== 'OPTIONS') return;
      return reply
        .status(204)
        .header('Access-Control-Allow-Methods', ['HEAD', ...SUBSONIC_HTTP_METHODS, 'OPTIONS'].join(', '))
        .header('Access-Control-Allow-Headers', requestedHeaders(request))
        .header('Access-Control-Max-Age', '86400')
        .header('Vary', 'Access-Control-Request-Headers')
        .header('Cache-Control', 'no-cache')
        .send();
    });
  },
  { name: 'platter-subsonic-cross-origin' },
);

/** The headers a preflight asks for, when they read as a list of header names; else the usual ones. */
function requestedHeaders(request: FastifyRequest): string {
  const asked = request.headers['access-control-request-headers'];
  const text = Array.isArray(asked) ? asked.join(', ') : asked;
  return text && text.length <= 2000 && HEADER_LIST.test(text.trim()) ? text.trim() : 'Content-Type, Range';
}
