import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import type { AppContext } from '../../context.js';
import { DomainError, RangeNotSatisfiableError } from '../../lib/errors.js';
import { SubsonicError } from '../../services/subsonic-credential.service.js';
import { sendMedia } from '../send-media.js';
import { SubsonicAnnotation, annotationHandlers } from './annotation.js';
import { SubsonicAuthBackoff, WRONG_CREDENTIALS } from './auth-backoff.js';
import { SubsonicBookmarks, bookmarkHandlers } from './bookmarks.js';
import { SubsonicBrowsing, browsingHandlers } from './browsing.js';
import { SUBSONIC_HTTP_METHODS } from './cross-origin.js';
import { type SubsonicDeps, SubsonicLibrary } from './library.js';
import { legacyHandlers } from './legacy.js';
import { SubsonicLyrics, lyricsHandlers } from './lyrics.js';
import { SubsonicMedia, mediaHandlers } from './media.js';
import { type Handlers, type Params, RequestParams, SENT, checkText } from './params.js';
import { SubsonicPlaylists, playlistHandlers } from './playlists.js';
import { type SubsonicObject, envelope, toJson, toXml } from './response.js';
import { EXTENSIONS, systemHandlers } from './system.js';
import { SubsonicUsers, userHandlers } from './users.js';

/** The core services and repositories the Subsonic API works over, from the running app's context. */
export function subsonicDeps({ services, repositories, shared }: Pick<AppContext, 'services' | 'repositories' | 'shared'>): SubsonicDeps {
  return {
    repository: repositories.subsonic,
    tracks: repositories.tracks,
    releases: repositories.releases,
    profiles: repositories.profiles,
    playlistRows: repositories.playlists,
    trackCatalogue: services.trackCatalogue,
    trackMedia: services.trackMedia,
    engagement: services.engagement,
    playlists: services.playlists,
    releaseService: services.releases,
    artists: services.artists,
    playQueue: services.playQueue,
    images: services.images,
    lyrics: services.lyrics,
    shared,
  };
}

/**
 * Every method of the API by name, from its areas (as Navidrome's server/subsonic splits them):
 * system, users, browsing and search, media annotation, playlists, bookmarks (the play queue),
 * lyrics, and media retrieval, which sends files with `send`.
 */
export function subsonicHandlers(deps: SubsonicDeps, send: SendMediaFn): Handlers {
  const library = new SubsonicLibrary(deps);
  const handlers: Handlers = {
    ...systemHandlers(deps),
    ...userHandlers(new SubsonicUsers()),
    ...browsingHandlers(new SubsonicBrowsing(deps, library)),
    ...annotationHandlers(new SubsonicAnnotation(deps, library), library),
    ...playlistHandlers(new SubsonicPlaylists(deps, library)),
    ...bookmarkHandlers(new SubsonicBookmarks(deps, library)),
    ...lyricsHandlers(new SubsonicLyrics(deps, library)),
    ...mediaHandlers(new SubsonicMedia(deps, library), deps, send),
  };
  // The folder-shaped methods older clients call, as their ID3 methods' answers reshaped.
  return { ...handlers, ...legacyHandlers(handlers) };
}

type SendMediaFn = Parameters<typeof mediaHandlers>[2];

/**
 * The Subsonic API 1.16.1 with OpenSubsonic extensions at `/rest/<method>` (and `<method>.view`),
 * by any HTTP method (GET, POST with a form body as formPost, PUT, PATCH, DELETE), readable from
 * any origin (cross-origin.ts). A method Platter does not have is a Subsonic error (code 0) in a
 * 200 like any other, never a 404. Authentication is Subsonic's own (apiKey, or u with
 * t+s or p), never the session cookie, so it is exempt from the same-origin check of unsafe
 * methods (plugins/request-guard.ts) and lives outside the OpenAPI document (openapi.test's
 * UNDOCUMENTED). Errors are Subsonic errors inside a 200, as clients expect; media answers
 * (stream, download, getCoverArt) are the files, with Range, like /media.
 */
export async function subsonicRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const { services, storage, config } = context;
  const accelRedirect = config.mediaAccelRedirect;
  const backoff = new SubsonicAuthBackoff(context.shared, app.log);
  const credentials = services.subsonic.credentials;

  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 256 * 1024 }, (_request, body, done) => {
      const values: Params = {};
      for (const [key, value] of new URLSearchParams(body as string)) {
        const previous = values[key];
        values[key] = previous === undefined ? value : [...(Array.isArray(previous) ? previous : [previous]), value];
      }
      done(null, values);
    });
  }

  const handlers = subsonicHandlers(subsonicDeps(context), (request, reply, media) => sendMedia(request, reply, media, { storage, accelRedirect }));

  const handle = async (request: FastifyRequest<{ Params: { method: string } }>, reply: FastifyReply) => {
    const query = (request.query ?? {}) as Params;
    const body = request.body && typeof request.body === 'object' && !Array.isArray(request.body) ? (request.body as Params) : {};
    const params = new RequestParams({ ...query, ...body });
    const format = params.format();
    const answer = (status: 'ok' | 'failed', payload: SubsonicObject, httpStatus = 200) => {
      const document = envelope(status, payload);
      return reply
        .status(httpStatus)
        .header('Cache-Control', 'private, no-store')
        .type(format === 'json' ? 'application/json; charset=utf-8' : 'text/xml; charset=utf-8')
        .send(format === 'json' ? toJson(document) : toXml(document));
    };
    try {
      checkText({ ...query, ...body });
      const method = request.params.method.replace(/\.view$/, '');
      const handler = Object.hasOwn(handlers, method) ? handlers[method] : undefined;
      if (method === 'getOpenSubsonicExtensions') return answer('ok', EXTENSIONS);
      const u = params.get('u');
      // A user name that is no e-mail address names no account (Platter's are e-mails): clients
      // probe with `ping?u=dummy&p=dummy` before their sign-in form. It is refused at once and
      // counts toward no backoff, so such probes never lock out the people behind one address.
      if (u !== undefined && params.get('apiKey') === undefined && !u.includes('@')) {
        throw new SubsonicError(40, `There is no account "${u.slice(0, 100)}": sign in with your e-mail address and an app password made in Platter's settings.`);
      }
      const waitMs = await backoff.waitMs(u, request.ip);
      if (waitMs > 0) {
        const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
        reply.header('Retry-After', String(Math.ceil(waitMs / 1000)));
        return answer('failed', { error: { code: 0, message: `Too many failed sign-ins. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.` } }, 429);
      }
      const user = await credentials.authenticate({ u, p: params.get('p'), t: params.get('t'), s: params.get('s'), apiKey: params.get('apiKey') }).catch(async (error: unknown) => {
        if (error instanceof SubsonicError && WRONG_CREDENTIALS.has(error.code)) await backoff.failed(u, request.ip);
        throw error;
      });
      await backoff.succeeded(u);
      if (!handler) throw new SubsonicError(0, `Platter does not implement the Subsonic method "${method}".`);
      const result = await handler(user, params, request, reply);
      if (result === SENT) return reply;
      return answer('ok', result);
    } catch (error) {
      // A range outside the file stays HTTP's 416 (the stream's client reads bytes, not XML).
      if (error instanceof RangeNotSatisfiableError) throw error;
      const failure = asSubsonicError(error);
      if (!failure) throw error;
      return answer('failed', { error: { code: failure.code, message: failure.message } });
    }
  };

  app.route({
    // Any method, as Navidrome answers (a web client deletes a playlist with DELETE); OPTIONS
    // preflights are answered before any route (cross-origin.ts).
    method: [...SUBSONIC_HTTP_METHODS],
    url: '/rest/:method',
    config: { undocumented: 'the OpenSubsonic API' },
    schema: { hide: true },
    handler: handle,
  });
}

/** A thrown error as a Subsonic error, or undefined for a server fault (which stays a 500). */
function asSubsonicError(error: unknown): SubsonicError | undefined {
  if (error instanceof SubsonicError) return error;
  if (error instanceof ZodError) return new SubsonicError(0, error.issues[0]?.message ?? 'A parameter is not valid.');
  if (error instanceof DomainError) {
    if (error.status === 404) return new SubsonicError(70, error.message);
    if (error.status === 401 || error.status === 403) return new SubsonicError(50, error.message);
    if (error.status < 500) return new SubsonicError(0, error.message);
  }
  return undefined;
}
