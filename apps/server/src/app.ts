import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, LogController, type RouteOptions } from 'fastify';
import helmet from 'helmet';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { isAdminEmail } from './config.js';
import type { AppContext } from './context.js';
import { answerClientError } from './lib/client-error.js';
import { type PublicOrigin, createPublicOrigin } from './lib/public-origin.js';
import { apiDocsPlugin } from './plugins/api-docs.js';
import { errorHandlerPlugin } from './plugins/error-handler.js';
import { requestGuardPlugin } from './plugins/request-guard.js';
import { sessionPlugin } from './plugins/session.js';
import { type ShareMeta, renderShareHtml } from './services/share.service.js';
import { accountRoutes } from './routes/account.routes.js';
import { authRoutes } from './routes/auth.routes.js';
import { accountSecurityRoutes } from './routes/account-security.routes.js';
import { catalogRoutes } from './routes/catalog.routes.js';
import { eventRoutes } from './routes/events.routes.js';
import { healthRoutes } from './routes/health.routes.js';
import { listenerRoutes } from './routes/listener.routes.js';
import { radioRoutes } from './routes/radio.routes.js';
import { playlistRoutes } from './routes/playlists.routes.js';
import { mediaRoutes } from './routes/media.routes.js';
import { createMediaFastPath, recordHeaders } from './routes/media.fast-path.js';
import { MediaBytesCache } from './media/media-bytes-cache.js';
import { uploadRoutes } from './routes/uploads.routes.js';
import { adminRoutes } from './routes/admin.routes.js';
import { socialRoutes } from './routes/social.routes.js';
import { notificationRoutes } from './routes/notifications.routes.js';
import { emailRoutes } from './routes/email.routes.js';
import { listenBrainzRoutes } from './routes/listenbrainz.routes.js';
import { accountDeletionRoutes } from './routes/account-deletion.routes.js';
import { playlistTransferRoutes } from './routes/playlist-transfer.routes.js';
import { playQueueRoutes } from './routes/play-queue.routes.js';
import { remoteRoutes } from './routes/remote.routes.js';
import { studioRoutes } from './routes/studio.routes.js';
import { siteRoutes } from './routes/site.routes.js';
import { embedRoutes } from './routes/embed.routes.js';
import { releaseRoutes } from './routes/releases.routes.js';
import { subsonicCredentialRoutes } from './routes/subsonic/credentials.routes.js';
import { subsonicRoutes } from './routes/subsonic/subsonic.routes.js';
import { lyricsRoutes } from './routes/lyrics.routes.js';
import { dataExportRoutes } from './routes/data-export.routes.js';
import { metricsRoutes } from './routes/metrics.routes.js';

const DEFAULT_WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export interface BuildOptions {
  /** Pino logger options, or false for none (tests). */
  logger?: boolean | object;
  /** Told of every route as it is registered (the API document's test compares them with the document). */
  onRoute?: (route: RouteOptions) => void;
}

/**
 * TRUST_PROXY as Fastify takes it. Fastify 5 ignores a bare hop count (it trusts nobody then), so a
 * count n becomes what it means elsewhere (Express, proxy-addr): trust the nearest n hops, whatever
 * their address. Addresses or CIDRs are the safer setting, since they also check who is asking.
 */
function fastifyTrustProxy(trustProxy: boolean | number | string[]): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trustProxy !== 'number') return trustProxy;
  return (_address, hop) => hop < trustProxy;
}

/**
 * Builds Platter's HTTP app from a context. It never listens: server.ts does, and tests use a real
 * port or `inject`. Order: third-party plugins, then ours, then routes, then the web app.
 */
export async function buildApp(context: AppContext, options: BuildOptions = {}): Promise<FastifyInstance> {
  // On S3 the browser PUTs uploads to the bucket and fetches audio and images from it (/media
  // redirects there), so the CSP names the bucket's public origin for those three.
  const bucket = context.storage.publicOrigin ? [context.storage.publicOrigin] : [];
  // helmet's headers, worked out once: @fastify/helmet built its middleware anew for every request
  // (parsing the CSP directives each time, 8 % of a listen's CPU). No route has options of its own
  // or nonces, so every response carries the same list.
  const securityHeaders = recordHeaders(helmet({
    contentSecurityPolicy: {
      directives: {
        'default-src': ["'self'"],
        'img-src': ["'self'", 'data:', 'blob:', 'https:', ...bucket],
        'media-src': ["'self'", 'blob:', ...bucket],
        'connect-src': ["'self'", ...bucket],
        'style-src': ["'self'", "'unsafe-inline'"],
        'script-src': ["'self'"],
        'worker-src': ["'self'"],
        'frame-ancestors': ["'none'"],
        'upgrade-insecure-requests': null,
      },
    },
    // The Google sign-in popup must keep a way back to the window that opened it.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  }));
  // Public audio played a moment ago is answered before Fastify (routes/media.fast-path.ts) where
  // Platter sends stored bytes itself; where the storage sends readers elsewhere (S3), /media is a
  // redirect to the bucket and always goes through the route.
  const mediaFastPath = !context.storage.servesBytes
    ? undefined
    : createMediaFastPath({
        knownPublicMedia: (key) => context.services.trackMedia.knownPublicMedia(key),
        bytes: new MediaBytesCache(context.storage, context.config.mediaCacheBytes),
        securityHeaders,
        accelRedirect: context.config.mediaAccelRedirect,
      });

  const app = Fastify({
    logger: options.logger ?? false,
    // Fastify's own two lines per request (at info) would bury the progress lines of a start; one
    // line per request at debug instead (LOG_LEVEL=debug shows them).
    logController: new LogController({ disableRequestLogging: true }),
    // Unknown JSON properties are stripped by the zod schemas; a 1 MB JSON body is plenty.
    bodyLimit: 1024 * 1024,
    // Upload URL tokens are path parameters of a few hundred characters.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 4096 },
    // Errors Fastify meets before any hook (a path parameter whose %-escapes are not UTF-8, a
    // body it cannot read), in Platter's `{ error, message }` like every other answer.
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
      const message = error.code === 'FST_ERR_BAD_URL' ? 'The address has a %-escape that is not valid UTF-8. Check the link, or encode the text as UTF-8.' : error.message;
      void reply.status(status).send({ error: error.code === 'FST_ERR_BAD_URL' ? 'invalid_address' : (error.code ?? 'bad_request').toLowerCase(), message });
    },
    // Requests Node's parser cannot read at all (raw bytes in the address, headers over 16 KB).
    clientErrorHandler: answerClientError,
    // TRUST_PROXY: behind a proxy, request.ip (and so every per-address rate limit) comes from
    // X-Forwarded-For; by default that header is ignored, since any client can send it.
    trustProxy: fastifyTrustProxy(context.config.trustProxy),
    // The server Fastify would make, with the media fast path in front of Fastify's own handler.
    serverFactory: (handler, fastifyOptions) => {
      const options = fastifyOptions as { keepAliveTimeout?: number; requestTimeout?: number; connectionTimeout?: number };
      // Audio the fast path answers never reaches Fastify's hooks: timed here, as the route `/media/*`.
      const fastPath = mediaFastPath
        ? (request: http.IncomingMessage, response: http.ServerResponse) => {
            const started = performance.now();
            if (!mediaFastPath(request, response)) return false;
            response.once('finish', () => context.metrics.observeRequest(request.method ?? 'GET', '/media/*', response.statusCode, (performance.now() - started) / 1000));
            return true;
          }
        : undefined;
      const server = http.createServer(fastPath ? (request, response) => fastPath(request, response) || handler(request, response) : handler);
      server.keepAliveTimeout = options.keepAliveTimeout ?? 72_000;
      server.requestTimeout = options.requestTimeout ?? 0;
      server.setTimeout(options.connectionTimeout ?? 0);
      return server;
    },
  });
  if (options.onRoute) {
    const { onRoute } = options;
    app.addHook('onRoute', (route) => onRoute(route));
  }
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of securityHeaders) reply.raw.setHeader(name, value);
    done();
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onResponse', async (request, reply) => {
    // The route's pattern (`/api/tracks/:id`), never the URL: one series per route, not per track.
    context.metrics.observeRequest(request.method, request.routeOptions.url, reply.statusCode, reply.elapsedTime / 1000);
    request.log.debug({ method: request.method, url: request.url, statusCode: reply.statusCode, ms: Math.round(reply.elapsedTime) }, 'request');
  });

  // Counters where the shared state keeps them (Redis across instances, else in memory). Should
  // Redis fail, requests pass (its failure is logged and shows in /api/ready) rather than every
  // rate-limited route answering 500.
  await app.register(rateLimit, { global: false, ...context.shared.rateLimitStore() });
  // Before every route: the document is made of the routes registered after it.
  await app.register(apiDocsPlugin, { auth: context.auth });

  const publicOrigin = createPublicOrigin(context.config);
  await app.register(errorHandlerPlugin);
  await app.register(requestGuardPlugin, { publicOrigin });
  await app.register(sessionPlugin, {
    sessions: context.sessions,
    isAdminEmail: (email) => isAdminEmail(context.config, email),
    adminLacksSecondFactor: (user) => context.accountSecurity.adminLacksSecondFactor(user),
  });

  await app.register(healthRoutes, context);
  await app.register(metricsRoutes, context);
  await app.register(authRoutes, { auth: context.auth, shared: context.shared, publicOrigin, passwordResets: context.passwordResets });
  await app.register(accountRoutes, context);
  await app.register(accountSecurityRoutes, context);
  await app.register(accountDeletionRoutes, context);
  await app.register(catalogRoutes, context);
  await app.register(uploadRoutes, context);
  await app.register(mediaRoutes, context);
  await app.register(listenerRoutes, context);
  await app.register(radioRoutes, context);
  await app.register(playlistRoutes, context);
  await app.register(socialRoutes, context);
  await app.register(notificationRoutes, context);
  await app.register(emailRoutes, { ...context, publicOrigin });
  await app.register(listenBrainzRoutes, context);
  await app.register(playlistTransferRoutes, { ...context, publicOrigin });
  await app.register(playQueueRoutes, context);
  await app.register(remoteRoutes, context);
  await app.register(studioRoutes, context);
  await app.register(adminRoutes, context);
  await app.register(siteRoutes, context);
  await app.register(releaseRoutes, context);
  await app.register(lyricsRoutes, context);
  await app.register(dataExportRoutes, context);
  await app.register(eventRoutes, context);
  await app.register(subsonicCredentialRoutes, context);
  // The OpenSubsonic API (/rest/*): its own auth and answers, in its own scope (form bodies).
  await app.register(subsonicRoutes, context);
  // The embed player page (framed by any site: its own CSP) and oEmbed.
  await app.register(embedRoutes, { ...context, publicOrigin, webDist: context.config.webDist ?? DEFAULT_WEB_DIST, securityHeaders });

  await registerWebApp(app, context, context.config.webDist ?? DEFAULT_WEB_DIST, publicOrigin);
  return app;
}

/**
 * The web app's own pages (apps/web/src/config/paths.ts; a test keeps the two in step). Only these
 * get index.html; any other path that is not a file of the build is a 404, so a probe or scanner
 * asking for /healthz, /wp-admin or /.env learns that nothing is there instead of getting the app.
 */
export const WEB_APP_PAGES = [
  '/',
  '/home',
  '/home/ArtistDashboard',
  '/artist/:id',
  '/track/:id',
  '/playlist/:id',
  '/notifications',
  '/release/:id',
  '/tag/:tag',
  '/platter-started',
  '/about',
  '/for-artist',
  '/contact',
  '/unsubscribe',
  '/privacy-policy',
  '/cookie-policy',
  '/terms-of-service',
  '/auth/popup',
  '/auth/done',
  '/reset-password',
  '/email-verified',
];

/** The pages as patterns (they hold only letters, dashes, slashes and `:params`, so nothing needs escaping). */
const WEB_APP_PAGE_PATTERNS = WEB_APP_PAGES.map((page) => new RegExp(`^${page.replace(/:[a-z]+/gi, '[^/]+')}$`, 'i'));

/** A browser loading a page: it asks for HTML first (probes and fetch() ask for anything, or JSON). */
function isBrowserNavigation(request: FastifyRequest): boolean {
  return /^text\/html\b/.test(request.headers.accept ?? '') || request.headers['sec-fetch-mode'] === 'navigate';
}

/** Whether a path is one of the web app's pages; like the web router, ignoring case and a trailing slash. */
export function isWebAppPage(pathname: string): boolean {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return WEB_APP_PAGE_PATTERNS.some((pattern) => pattern.test(normalized));
}

/**
 * Serves the built web app, with index.html for the web app's pages (client-side routes). Share
 * links (/track/:id, /artist/:id, /playlist/:id of a public playlist) get their preview meta tags
 * rendered into index.html here, since chat apps read the HTML without running the app.
 */
async function registerWebApp(app: FastifyInstance, context: AppContext, webDist: string, publicOrigin: PublicOrigin): Promise<void> {
  const indexFile = path.join(webDist, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  if (hasWeb) {
    const sharePage = (find: (id: string, secret?: string) => Promise<ShareMeta | undefined>) => async (request: FastifyRequest<{ Params: { id: string }; Querystring: { s?: unknown } }>, reply: FastifyReply) => {
      // `?s=`: an unlisted track's secret link.
      const meta = await find(request.params.id, typeof request.query?.s === 'string' ? request.query.s : undefined);
      const html = await fs.promises.readFile(indexFile, 'utf8');
      const origin = publicOrigin.of(request);
      return reply
        .status(meta ? 200 : 404)
        .header('Cache-Control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(meta ? renderShareHtml(html, meta, origin) : html);
    };
    // The web app's pages are not API operations: HTML for people and link previews, registered
    // only with a web build (share.test.ts and hardening.test.ts hold them to their contract).
    const page = (why: string) => ({ schema: { hide: true }, config: { undocumented: why } });
    // `/` is the landing's own prerendered page (apps/web/landing.html); every other route is the SPA's.
    if (fs.existsSync(path.join(webDist, 'landing.html'))) {
      app.get('/', page('the landing page (HTML)'), (_request, reply) => reply.sendFile('landing.html'));
    }
    app.get('/track/:id', page('a share page (HTML with preview tags)'), sharePage((id, secret) => context.services.share.forTrack(id, secret)));
    app.get('/artist/:id', page('a share page (HTML with preview tags)'), sharePage((id) => context.services.share.forArtist(id)));
    app.get('/playlist/:id', page('a share page (HTML with preview tags)'), sharePage((id) => context.services.share.forPlaylist(id)));
    app.get('/release/:id', page('a share page (HTML with preview tags)'), sharePage((id, secret) => context.services.share.forRelease(id, secret)));
    await app.register(fastifyStatic, {
      root: webDist,
      // Looked up per request, so a rebuilt web app is served without a restart; misses fall through to the handler below.
      wildcard: true,
      // The web build writes .br/.gz copies of its text assets (apps/web/scripts/precompress.mjs).
      preCompressed: true,
      // Cache-Control comes from setHeaders alone: otherwise send's own 'public, max-age=0' replaces it.
      cacheControl: false,
      setHeaders(reply, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  // `/home` (any tab) starts from its prerendered first frame (apps/web/scripts/prerender-home.mjs).
  const hasHome = hasWeb && fs.existsSync(path.join(webDist, 'home.html'));
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const page = hasWeb && (request.method === 'GET' || request.method === 'HEAD');
    if (page && isWebAppPage(pathname)) {
      const home = hasHome && /^\/home\/*$/i.test(pathname);
      return reply.header('Cache-Control', 'no-cache').sendFile(home ? 'home.html' : 'index.html');
    }
    // A person who mistyped a page's address gets the app's own "Page not found", with a 404
    // status; a probe or a script (/healthz, /metrics, asking for anything but HTML) gets JSON.
    if (page && isBrowserNavigation(request) && !/^\/(api|media|assets|rest)(\/|$)/.test(pathname)) {
      return reply.status(404).header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ error: 'not_found', message: `Nothing at ${request.method} ${pathname}.` });
  });
}
