import fs from 'node:fs';
import { HOME_PAGE_SIZE, MAX_PAGE_SIZE, PLAYLIST_PAGE_SIZE } from '@platter/shared';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
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
import { type ShareMeta, renderPageFrame, renderShareHtml } from './services/share.service.js';
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
import { discoverRoutes } from './routes/discover.routes.js';
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
import { feedRoutes } from './routes/feeds/feeds.routes.js';
import { releaseRoutes } from './routes/releases.routes.js';
import { subsonicCredentialRoutes } from './routes/subsonic/credentials.routes.js';
import { SUBSONIC_CROSS_ORIGIN_HEADERS, isSubsonicPath, subsonicCrossOriginPlugin } from './routes/subsonic/cross-origin.js';
import { subsonicRoutes } from './routes/subsonic/subsonic.routes.js';
import { lyricsRoutes } from './routes/lyrics.routes.js';
import { dataExportRoutes } from './routes/data-export.routes.js';
import { metricsRoutes } from './routes/metrics.routes.js';
import { activityPubRoutes, federationRoutes, negotiateActivityPub } from './routes/federation.routes.js';

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
  // With federation on, a followed remote artist's track plays from its own server (issue 30), any
  // server a listener follows: https: for audio (images already allow it); plain http: only with
  // ALLOW_PRIVATE_FETCH, the loopback development and test setup (docs/ARCHITECTURE.md, Federation).
  const remoteMedia = context.federation ? ['https:', ...(context.config.allowPrivateFetch ? ['http:'] : [])] : [];
  // helmet's headers, worked out once: @fastify/helmet built its middleware anew for every request
  // (parsing the CSP directives each time, 8 % of a listen's CPU). No route has options of its own
  // or nonces, so every response carries the same list.
  const securityHeaders = recordHeaders(helmet({
    contentSecurityPolicy: {
      directives: {
        'default-src': ["'self'"],
        'img-src': ["'self'", 'data:', 'blob:', 'https:', ...bucket, ...remoteMedia.filter((scheme) => scheme === 'http:')],
        'media-src': ["'self'", 'blob:', ...bucket, ...remoteMedia],
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
        // It answers public files only: with federation on, other servers' pages play them, with CORS too (see media.routes.ts).
        securityHeaders: context.federation
          ? [...securityHeaders.map(([name, value]): [string, string] => (name.toLowerCase() === 'cross-origin-resource-policy' ? [name, 'cross-origin'] : [name, value])), ['Access-Control-Allow-Origin', '*']]
          : securityHeaders,
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
    frameworkErrors: (error, request, reply: FastifyReply) => {
      // /rest's cross-origin headers (its hook does not run for these), so a web client can read why.
      if (isSubsonicPath(request.url)) for (const [name, value] of SUBSONIC_CROSS_ORIGIN_HEADERS) reply.raw.setHeader(name, value);
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
  // /rest is readable from any origin (CORS, preflights, cross-origin CORP), before the guard so its refusals have them too.
  await app.register(subsonicCrossOriginPlugin);
  await app.register(requestGuardPlugin, { publicOrigin });
  await app.register(sessionPlugin, {
    sessions: context.sessions,
    isAdminEmail: (email) => isAdminEmail(context.config, email),
    adminLacksSecondFactor: (user) => context.accountSecurity.adminLacksSecondFactor(user),
  });

  // The fediverse (FEDERATION): Fedify answers ActivityPub's addresses, and the pages asked for as ActivityStreams.
  const activityPub = { federation: context.federation?.core, publicOrigin, kv: context.federation?.kv };
  negotiateActivityPub(app, activityPub);
  await app.register(activityPubRoutes, activityPub);
  await app.register(federationRoutes, { ...context, publicOrigin });
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
  await app.register(discoverRoutes, context);
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

  // RSS and Atom feeds beside the artist and release pages (/artist/:id/feed.rss and the rest).
  await app.register(feedRoutes, { ...context, publicOrigin });

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

const withSecret = (url: string, secret: string | undefined) => (secret ? `${url}?s=${encodeURIComponent(secret)}` : url);

/**
 * What the public API answers a visitor who is not signed in (the same requests, without cookies:
 * never anything private), by path without its `?s=` (apps/web/src/lib/initial-data.ts reads them).
 * A request that fails is left out: the page asks for it itself and shows what it gets.
 */
async function initialAnswers(app: FastifyInstance, urls: string[]): Promise<Record<string, unknown>> {
  // Side by side: a page's answers are independent reads.
  const all = [...urls, ...SIGNED_OUT_APP_ANSWERS];
  const responses = await Promise.all(all.map((url) => app.inject({ method: 'GET', url, headers: { accept: 'application/json' } }).catch(() => null)));
  const answers: Record<string, unknown> = {};
  all.forEach((url, i) => {
    const response = responses[i];
    if (response?.statusCode === 200) answers[initialAnswerKey(url)] = response.json();
  });
  return answers;
}

/**
 * What every page of the app asks first, answered here for a signed-out visitor: who they are
 * (`null`) and the server's settings. Each answer that arrives after the first render re-renders
 * what reads it in one blocking task (tens of milliseconds on a phone); carried in the page, none does.
 */
const SIGNED_OUT_APP_ANSWERS = ['/api/me', '/api/config'];

/** An answer's key: its path and query as the web asks it, without an unlisted page's `s` secret. */
function initialAnswerKey(url: string): string {
  const [pathname = url, search = ''] = url.split('?');
  const query = new URLSearchParams(search);
  query.delete('s');
  const rest = query.toString();
  return rest ? `${pathname}?${rest}` : pathname;
}

/** An HTML page made for this request, compressed like the build's static pages (a framed page inlines its stylesheets: ~60 KB raw, ~12 KB Brotli). */
function sendPage(request: FastifyRequest, reply: FastifyReply, body: string) {
  const encoding = /\bbr\b/.test(request.headers['accept-encoding'] ?? '') ? 'br' : /\bgzip\b/.test(request.headers['accept-encoding'] ?? '') ? 'gzip' : null;
  reply.header('Cache-Control', 'no-cache').header('Vary', 'Accept-Encoding').type('text/html; charset=utf-8');
  if (encoding === 'br') return reply.header('Content-Encoding', 'br').send(zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }));
  if (encoding === 'gzip') return reply.header('Content-Encoding', 'gzip').send(zlib.gzipSync(body));
  return reply.send(body);
}

/**
 * The answers as `<script type="application/json" id="initial-data">` before `</body>`: JSON with
 * `<`, `>`, `&` and the line separators as \u escapes, so no text in it (a title's `</script>`)
 * can end the element or be read as markup.
 */
export function withInitialData(html: string, answers: Record<string, unknown>): string {
  if (Object.keys(answers).length === 0) return html;
  const json = JSON.stringify(answers).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return html.replace('</body>', () => `<script type="application/json" id="initial-data">${json}</script></body>`);
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
    const sharePage =
      (
        find: (id: string, secret?: string) => Promise<ShareMeta | undefined>,
        visibleTo?: (request: FastifyRequest, id: string, secret?: string) => Promise<boolean>,
        initial?: (id: string, secret?: string) => string[],
      ) =>
      async (request: FastifyRequest<{ Params: { id: string }; Querystring: { s?: unknown } }>, reply: FastifyReply) => {
        // `?s=`: an unlisted track's secret link.
        const secret = typeof request.query?.s === 'string' ? request.query.s : undefined;
        const meta = await find(request.params.id, secret);
        // A public page starts from its first frame (page-*.html, when the build has it), the rest from index.html.
        const framed = meta?.frame ? await fs.promises.readFile(path.join(webDist, `page-${meta.frame.page}.html`), 'utf8').catch(() => null) : null;
        const html = framed !== null && meta?.frame ? renderPageFrame(framed, meta.frame) : await fs.promises.readFile(indexFile, 'utf8');
        const origin = publicOrigin.of(request);
        // No preview for a page that is not public, but its artist (and admins) open it: a 200 without preview tags.
        const found = meta !== undefined || (visibleTo !== undefined && (await visibleTo(request, request.params.id, secret).catch(() => false)));
        let body = meta ? renderShareHtml(html, meta, origin) : html;
        // A signed-out visitor's framed page carries the API's answers the page starts from, so it renders without asking again.
        if (framed !== null && meta?.frame && initial !== undefined && !(await request.currentActor().catch(() => undefined))) {
          body = withInitialData(body, await initialAnswers(app, initial(request.params.id, secret)));
        }
        return sendPage(request, reply.status(found ? 200 : 404), body);
      };
    // The web app's pages are not API operations: HTML for people and link previews, registered
    // only with a web build (share.test.ts and hardening.test.ts hold them to their contract).
    const page = (why: string) => ({ schema: { hide: true }, config: { undocumented: why } });
    // `/` is the landing's own prerendered page (apps/web/landing.html); every other route is the SPA's.
    if (fs.existsSync(path.join(webDist, 'landing.html'))) {
      app.get('/', page('the landing page (HTML)'), (_request, reply) => reply.sendFile('landing.html'));
    }
    // Like a release: a track that is not public has no preview, but its artist (and admins) open its page.
    app.get(
      '/track/:id',
      page('a share page (HTML with preview tags)'),
      sharePage(
        (id, secret) => context.services.share.forTrack(id, secret),
        async (request, id, secret) => !!(await context.services.tracks.get(id, await request.currentActor(), secret)),
        (id, secret) => {
          const track = encodeURIComponent(id);
          // As the track page asks: the track, its reposts, waveform, similar tracks and comments.
          return [`/api/tracks/${track}`, `/api/tracks/${track}/repost`, `/api/tracks/${track}/waveform`, `/api/tracks/${track}/similar`, `/api/tracks/${track}/comments`].map((url) => withSecret(url, secret));
        },
      ),
    );
    app.get(
      '/artist/:id',
      page('a share page (HTML with preview tags)'),
      sharePage(
        (id) => context.services.share.forArtist(id),
        undefined,
        (id) => {
          const artist = encodeURIComponent(id);
          // As the artist page asks: its tracks' first page, releases, posts and reposts.
          return [`/api/artists/${artist}`, `/api/tracks?artistId=${artist}&page=1&pageSize=${MAX_PAGE_SIZE}`, `/api/artists/${artist}/releases`, `/api/artists/${artist}/posts`, `/api/artists/${artist}/reposts`];
        },
      ),
    );
    app.get(
      '/playlist/:id',
      page('a share page (HTML with preview tags)'),
      sharePage(
        (id) => context.services.share.forPlaylist(id),
        undefined,
        // As the playlist's page asks: its first page of entries (PLAYLIST_PAGE_SIZE).
        (id) => [`/api/playlists/${encodeURIComponent(id)}?page=1&pageSize=${PLAYLIST_PAGE_SIZE}`],
      ),
    );
    // A release that is not public has no preview, but its artist (and admins) open its page.
    app.get(
      '/release/:id',
      page('a share page (HTML with preview tags)'),
      sharePage(
        (id, secret) => context.services.share.forRelease(id, secret),
        async (request, id, secret) => !!(await context.services.releases.get(id, await request.currentActor(), secret)),
        (id, secret) => [withSecret(`/api/releases/${encodeURIComponent(id)}`, secret)],
      ),
    );
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
  /** A signed-out visitor's catalogue also carries what it shows first (as a public page does); anyone else gets the file. */
  const sendHome = async (request: FastifyRequest, reply: FastifyReply) => {
    const tab = new URLSearchParams(request.url.split('?')[1] ?? '').get('tab');
    if ((tab !== null && tab !== 'home') || (await request.currentActor().catch(() => undefined))) {
      return reply.header('Cache-Control', 'no-cache').sendFile('home.html');
    }
    const html = await fs.promises.readFile(path.join(webDist, 'home.html'), 'utf8');
    const answers = await initialAnswers(app, ['/api/releases/new', '/api/charts/trending', '/api/genres', `/api/tracks?page=1&pageSize=${HOME_PAGE_SIZE}`]);
    return sendPage(request, reply, withInitialData(html, answers));
  };
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const page = hasWeb && (request.method === 'GET' || request.method === 'HEAD');
    if (page && isWebAppPage(pathname)) {
      const home = hasHome && /^\/home\/*$/i.test(pathname);
      if (home) return sendHome(request, reply);
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    // A person who mistyped a page's address gets the app's own "Page not found", with a 404
    // status; a probe or a script (/healthz, /metrics, asking for anything but HTML) gets JSON.
    if (page && isBrowserNavigation(request) && !/^\/(api|media|assets|rest)(\/|$)/.test(pathname)) {
      return reply.status(404).header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ error: 'not_found', message: `Nothing at ${request.method} ${pathname}.` });
  });
}
