import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { BadRequestError, ForbiddenError, UnsupportedMediaTypeError } from '../lib/errors.js';
import type { PublicOrigin } from '../lib/public-origin.js';

/** Methods that change state: each must come from one of Platter's own pages. */
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Writes that carry their own proof instead of a session cookie, so they are taken from any origin:
 * the Subsonic API (credentials in each request) and an email's one-click unsubscribe (a signed
 * link a mail client POSTs without any Origin, RFC 8058), and ActivityPub inboxes (each delivery
 * HTTP-signed by its sender's key, which Fedify verifies).
 */
const SIGNED_ELSEWHERE = ['/rest/', '/api/email/unsubscribe?', '/inbox', '/ap/actors/'];

/** JSON deeper than this is refused before any route (or better-auth) walks it recursively. */
export const MAX_JSON_DEPTH = 32;

/** Text bodies Platter reads as characters; any charset but UTF-8 (or its subset ASCII) is refused. */
const TEXT_BODY = /^\s*(application\/(json|x-www-form-urlencoded)|text\/)/i;
const UTF8_CHARSET = /^"?(utf-?8|us-ascii)"?$/i;

/**
 * Why an address cannot be read, or undefined when it can: a NUL character (`%00`) or a %-escape
 * that is not UTF-8, in the path or any query parameter. Both would reach a database as text
 * (PostgreSQL refuses NUL in text with an error, so the route answered 500).
 */
export function addressProblem(url: string): string | undefined {
  if (!url.includes('%')) return undefined;
  const query = url.indexOf('?');
  const parts = [query < 0 ? url : url.slice(0, query)];
  if (query >= 0) {
    for (const pair of url.slice(query + 1).split('&')) parts.push(...pair.replace(/\+/g, ' ').split('='));
  }
  for (const part of parts) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(part);
    } catch {
      return 'The address has a %-escape that is not valid UTF-8. Check the link, or encode the text as UTF-8.';
    }
    if (decoded.includes('\0')) return 'The address contains a NUL character (%00). Remove it and try again.';
  }
  return undefined;
}

/**
 * Why a parsed JSON body is refused, or undefined: nested deeper than MAX_JSON_DEPTH, or text (a
 * value or a key) with a NUL character. Walked with a stack of its own, so no depth overflows it.
 */
export function jsonProblem(value: unknown): string | undefined {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop() as [unknown, number];
    if (typeof node === 'string') {
      if (node.includes('\0')) return 'Text in the request contains a NUL character (\\u0000). Remove it and try again.';
    } else if (node !== null && typeof node === 'object') {
      if (depth >= MAX_JSON_DEPTH) return `The JSON is nested more than ${MAX_JSON_DEPTH} levels deep. Send a flatter body.`;
      for (const [key, child] of Object.entries(node)) {
        if (key.includes('\0')) return 'A field name in the request contains a NUL character (\\u0000). Remove it and try again.';
        stack.push([child, depth + 1]);
      }
    }
  }
  return undefined;
}

/** The charset a text body declares, when it is not UTF-8; undefined otherwise. */
export function foreignCharset(contentType: string | undefined): string | undefined {
  if (!contentType || !TEXT_BODY.test(contentType)) return undefined;
  for (const parameter of contentType.split(';').slice(1)) {
    const [name, value = ''] = parameter.split('=').map((s) => s.trim());
    if (name?.toLowerCase() === 'charset' && !UTF8_CHARSET.test(value)) return value;
  }
  return undefined;
}

/**
 * Whether a state-changing request comes from one of Platter's own pages: its `Origin` is an
 * allowed origin, or, without an Origin, the browser says `Sec-Fetch-Site: same-origin`. SameSite
 * cookies stop other sites but not a sibling subdomain or another port of the same host; this does.
 */
export function comesFromPlatter(request: FastifyRequest, publicOrigin: PublicOrigin): boolean {
  const origin = request.headers.origin;
  if (origin !== undefined) return publicOrigin.allows(origin, request);
  return request.headers['sec-fetch-site'] === 'same-origin';
}

/**
 * What every request passes before any route, in one place rather than per route:
 * - its address must be readable: no NUL, no %-escape that is not UTF-8 (400);
 * - a text body must be UTF-8 (415), and JSON no deeper than MAX_JSON_DEPTH and without NUL (400);
 * - a POST, PUT, PATCH or DELETE must come from Platter's own origin (403).
 */
export const requestGuardPlugin = fp(
  async (app: FastifyInstance, { publicOrigin }: { publicOrigin: PublicOrigin }) => {
    app.addHook('onRequest', (request, _reply, done) => {
      const problem = addressProblem(request.url);
      if (problem) return done(new BadRequestError(problem, 'invalid_address'));
      if (UNSAFE_METHODS.has(request.method)) {
        // The OpenSubsonic API (/rest/*) authenticates each request by its own credentials (apiKey,
        // or u with t+s or p), never the session cookie, so no other site can ride a session there:
        // Subsonic apps POST forms (formPost) with no Origin.
        if (!comesFromPlatter(request, publicOrigin) && !SIGNED_ELSEWHERE.some((prefix) => request.url.startsWith(prefix))) {
          return done(
            new ForbiddenError(
              "This request did not come from Platter's own pages (its Origin header is missing or another site's), so it was refused. Use Platter in the browser, or send Origin: " +
                publicOrigin.of(request) +
                '.',
              'cross_origin',
            ),
          );
        }
        const charset = foreignCharset(request.headers['content-type']);
        if (charset !== undefined) return done(new UnsupportedMediaTypeError(`Send text as UTF-8: the body's charset ${charset} is not supported.`));
      }
      done();
    });

    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      parseJson(request, body as string, (error: Error | null, value?: unknown) => {
        if (error) return done(error, undefined);
        const problem = jsonProblem(value);
        if (problem) return done(new BadRequestError(problem, 'invalid_json'), undefined);
        done(null, value);
      });
    });
  },
  { name: 'platter-request-guard' },
);
