import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { TRUSTED_ORIGIN_HEADER } from '../auth/auth-mail.js';
import { type Auth, CLIENT_IP_HEADER } from '../auth/auth.js';
import type { PasswordResetRequests } from '../auth/password-reset-requests.js';
import { BadRequestError } from '../lib/errors.js';
import type { PublicOrigin } from '../lib/public-origin.js';
import type { SharedState } from '../shared-state/shared-state.js';

/** Failed sign-ins one email may have within SIGN_IN_WINDOW_MS; the next attempts wait for the window to close. */
export const SIGN_IN_FAILURES_ALLOWED = 5;
export const SIGN_IN_WINDOW_MS = 15 * 60_000;

/**
 * Emails one address may be sent within MAIL_WINDOW_MS by "Forgot password?" and by "Resend the
 * link", and requests of each that one client address may make in that window (each flow counted apart).
 * Unknown addresses count the same as known ones, so a 429 says nothing of which exist.
 */
export const MAIL_REQUESTS_PER_ADDRESS = 3;
export const MAIL_REQUESTS_PER_CLIENT = 20;
export const MAIL_WINDOW_MS = 60 * 60_000;

/** better-auth's endpoints that send email to the address in their body, and the name of their limit. */
const MAILING_PATHS: Record<string, { key: string; error: string; what: string }> = {
  '/api/auth/request-password-reset': { key: 'reset-mail', error: 'reset_rate_limited', what: 'password reset emails' },
  '/api/auth/send-verification-email': { key: 'verify-mail', error: 'verification_rate_limited', what: 'verification emails' },
};

/**
 * Platter's words for better-auth's refusals that a person meets in these flows ("Invalid token"
 * says nothing of what to do), by `path code`, then by code. The web shows its own en/ru text by code.
 */
const AUTH_MESSAGES: Record<string, string> = {
  '/api/auth/reset-password INVALID_TOKEN':
    'This password reset link does not work any more: it has expired (links work for one hour), it was already used, or it was copied incompletely. Ask for a new one with "Forgot password?".',
  '/api/auth/verify-email INVALID_TOKEN': 'This verification link is not valid: it was copied incompletely or changed. Ask for a new one.',
  '/api/auth/verify-email TOKEN_EXPIRED': 'This verification link has expired (links work for 24 hours). Ask for a new one.',
  EMAIL_NOT_VERIFIED: 'Confirm your email first: follow the link we sent to it, or ask for a new link.',
};

export interface AuthRouteDeps {
  auth: Auth;
  shared: SharedState;
  /** Platter's own origin: the links of the emails these endpoints send are built on it, never on a forged Host. */
  publicOrigin?: PublicOrigin;
  /** "Forgot password?" queued as a job; without it, better-auth's endpoint answers in the request. */
  passwordResets?: PasswordResetRequests;
}

/** What better-auth's request-password-reset would answer to every address it takes. */
const RESET_REQUESTED = { status: true, message: 'If this email exists in our system, check your email for the reset link' };

const STATUS_CODES: Record<number, string> = { 400: 'bad_request', 401: 'unauthorized', 403: 'forbidden', 404: 'not_found', 409: 'conflict', 422: 'unprocessable', 429: 'rate_limited' };

/**
 * Fields better-auth redirects to. Given text that is not a URL, some of its endpoints throw while
 * building the redirect (GET /api/auth/verify-email?callbackURL=NaN was a 500), so such text is
 * refused before it gets there.
 */
const REDIRECT_FIELDS = ['callbackURL', 'newUserCallbackURL', 'errorCallbackURL', 'redirectTo'];

/** A path on this site: `/…`, not `//…` or `/\\…`. */
function isSitePath(value: string): boolean {
  return value.startsWith('/') && !/^\/[/\\]/.test(value) && URL.canParse(value, 'http://platter.invalid');
}

/** A redirect target: a path on this site or an absolute URL; whether it is trusted is better-auth's check. */
function isRedirectTarget(value: string): boolean {
  if (value.startsWith('/')) return isSitePath(value);
  return URL.canParse(value);
}

/** The first redirect field of the query or body that is not a redirect target, if any. */
function badRedirectField(...sources: unknown[]): string | undefined {
  for (const source of sources) {
    if (source === null || typeof source !== 'object') continue;
    for (const field of REDIRECT_FIELDS) {
      const value = (source as Record<string, unknown>)[field];
      if (typeof value === 'string' && value !== '' && !isRedirectTarget(value)) return field;
    }
  }
  return undefined;
}

/**
 * The request as better-auth takes it: a Fetch Request with the same headers, to `path` with
 * `body`. `origin` (Platter's own, PublicOrigin) goes along as TRUSTED_ORIGIN_HEADER, replacing
 * any the client sent: the links of the emails better-auth asks for are built on it, never on the
 * request's Host (a forged Host would put the attacker's site in a reset or verification link).
 */
function toFetchRequest(request: FastifyRequest, path: string, body: unknown, origin?: string): Request {
  // better-auth builds its links from this URL; a Host that is no host name (`[::1`, none) was a 500.
  let url: URL;
  try {
    url = new URL(path, `${request.protocol}://${request.host}`);
  } catch {
    throw new BadRequestError('The Host header is missing or is not a host name. Send the host this request is for.', 'invalid_host');
  }
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === 'content-length' || name === CLIENT_IP_HEADER) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  // The address better-auth stores on a new session: Fastify's, which honours TRUST_PROXY.
  headers.set(CLIENT_IP_HEADER, request.ip);
  headers.delete(TRUSTED_ORIGIN_HEADER);
  if (origin) headers.set(TRUSTED_ORIGIN_HEADER, origin);
  let text: string | undefined;
  if (request.method !== 'GET' && body !== undefined && body !== null) {
    const type = request.headers['content-type'] ?? '';
    text = type.includes('application/x-www-form-urlencoded') ? new URLSearchParams(body as Record<string, string>).toString() : JSON.stringify(body);
  }
  return new Request(url, { method: request.method, headers, body: text });
}

/**
 * better-auth's answer as Platter's: its errors `{ code, message }` become `{ error, message }`
 * (keeping `code` for better-auth's own client), and an error without a body gets one.
 */
async function send(reply: FastifyReply, response: Response, path = ''): Promise<FastifyReply> {
  reply.status(response.status);
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie' && name !== 'content-length') reply.header(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  const body = response.body ? Buffer.from(await response.arrayBuffer()) : null;
  if (response.status < 400) return reply.send(body);
  let parsed: { code?: unknown; message?: unknown; error?: unknown } | undefined;
  try {
    parsed = body && body.length > 0 ? (JSON.parse(body.toString('utf8')) as typeof parsed) : undefined;
  } catch {
    parsed = undefined;
  }
  const code = typeof parsed?.code === 'string' ? parsed.code : undefined;
  const ours = code ? (AUTH_MESSAGES[`${path} ${code}`] ?? AUTH_MESSAGES[code]) : undefined;
  const message = ours ?? (typeof parsed?.message === 'string' && parsed.message ? parsed.message : 'The sign-in service could not do this. Check the request and try again.');
  const error = typeof parsed?.error === 'string' ? parsed.error : (code ?? STATUS_CODES[response.status] ?? `http_${response.status}`).toLowerCase();
  return reply.type('application/json; charset=utf-8').send({ ...(parsed ?? {}), error, message, ...(code ? { code } : {}) });
}

/**
 * Hands /api/auth/* to better-auth as a Fetch Request and copies its Response back. Around two
 * of its endpoints, Platter adds what better-auth leaves to the app:
 * - per-account backoff: after SIGN_IN_FAILURES_ALLOWED wrong passwords for one email within
 *   SIGN_IN_WINDOW_MS, sign-ins with that email wait for the window to close (429), whoever and
 *   wherever they come from; any email counts the same, so the backoff says nothing of whether
 *   an account exists;
 * - sign-up that does not tell registered emails apart: better-auth answers a sign-up for a
 *   registered email as for a new one (autoSignIn off), then the person is signed in with the
 *   password they gave. A new account and the right password for an existing one get a session;
 *   a wrong password for an existing one gets the same answer without a session (only a
 *   confirmation email could hide even that; Platter sends none). That sign-in counts towards
 *   the backoff too, so sign-up is no way around it;
 * - limits on the endpoints that send email (MAILING_PATHS): per address and per client address
 *   (MAIL_REQUESTS_PER_ADDRESS, MAIL_REQUESTS_PER_CLIENT in MAIL_WINDOW_MS), so nobody can flood an
 *   inbox through Platter; and Platter's words for the refusals of these flows (AUTH_MESSAGES).
 */
export async function authRoutes(app: FastifyInstance, { auth, shared, publicOrigin, passwordResets }: AuthRouteDeps): Promise<void> {
  const accountKey = (email: string) => `sign-in:${email.trim().toLowerCase()}`;

  /** Fails open when Redis is down, as the rate limits do: Redis's failure shows in /api/ready. */
  const safely = async <T>(work: () => Promise<T>, fallback: T): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      app.log.warn({ err: error }, 'sign-in backoff unavailable');
      return fallback;
    }
  };

  /** A sign-in through better-auth under the backoff: a 429 Response when the email must wait. */
  const signIn = async (request: FastifyRequest, email: string, body: unknown): Promise<Response> => {
    const key = accountKey(email);
    const { count, resetInMs } = await safely(() => shared.peekCount(key), { count: 0, resetInMs: 0 });
    if (count >= SIGN_IN_FAILURES_ALLOWED) {
      const minutes = Math.max(1, Math.ceil(resetInMs / 60_000));
      return Response.json(
        {
          error: 'sign_in_locked',
          message: `Too many wrong passwords for this email. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        },
        { status: 429, headers: { 'retry-after': String(Math.ceil(resetInMs / 1000)) } },
      );
    }
    const response = await auth.handler(toFetchRequest(request, '/api/auth/sign-in/email', body, publicOrigin?.of(request)));
    if (response.status === 401) await safely(() => shared.addCount(key, SIGN_IN_WINDOW_MS), undefined);
    else if (response.ok) await safely(() => shared.forgetCount(key), undefined);
    return response;
  };

  /**
   * A request that sends email to `email`, under its limits: per address, and per client
   * address across both flows. A 429 Response when either is spent, else undefined.
   */
  const mailLimit = async (request: FastifyRequest, path: string, email: string): Promise<Response | undefined> => {
    const limit = MAILING_PATHS[path];
    if (!limit) return undefined;
    const none = { count: 0, resetInMs: 0 };
    const perAddress = await safely(() => shared.addCount(`${limit.key}:${email.trim().toLowerCase()}`, MAIL_WINDOW_MS), none);
    const perClient = await safely(() => shared.addCount(`${limit.key}-from:${request.ip}`, MAIL_WINDOW_MS), none);
    const spent = perAddress.count > MAIL_REQUESTS_PER_ADDRESS ? perAddress : perClient.count > MAIL_REQUESTS_PER_CLIENT ? perClient : undefined;
    if (!spent) return undefined;
    const minutes = Math.max(1, Math.ceil(spent.resetInMs / 60_000));
    const whom = spent === perAddress ? 'this email' : 'this network';
    return Response.json(
      { error: limit.error, message: `Too many ${limit.what} for ${whom}. Check your inbox (and spam folder), or try again in ${minutes} minute${minutes === 1 ? '' : 's'}.` },
      { status: 429, headers: { 'retry-after': String(Math.ceil(spent.resetInMs / 1000)) } },
    );
  };

  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    // Documented as better-auth's own endpoints, one operation each (plugins/api-docs.ts).
    schema: { hide: true },
    config: { undocumented: 'documented as each better-auth endpoint it serves', rateLimit: { max: 60, timeWindow: '1 minute' } },
    async handler(request, reply) {
      const path = request.url.split('?')[0] ?? '';
      const body = request.body as Record<string, unknown> | null | undefined;
      const credentials = request.method === 'POST' && typeof body?.email === 'string' && typeof body.password === 'string' ? body : undefined;
      const badField = badRedirectField(request.query, body);
      if (badField) throw new BadRequestError(`${badField} must be a path on this site (starting with one /) or a full URL.`, 'invalid_callback_url');

      if (request.method === 'POST' && typeof body?.email === 'string' && MAILING_PATHS[path]) {
        const limited = await mailLimit(request, path, body.email);
        if (limited) return send(reply, limited, path);
      }
      const origin = publicOrigin?.of(request);
      if (passwordResets && origin && path === '/api/auth/request-password-reset' && request.method === 'POST') {
        const redirectTo = body?.redirectTo;
        const email = z.email().safeParse(body?.email);
        // Only what better-auth takes is queued (an address, a redirect on this site); the rest
        // goes to better-auth for its own refusal.
        const onSite = redirectTo === undefined || (typeof redirectTo === 'string' && (isSitePath(redirectTo) || redirectTo.startsWith(`${origin}/`)));
        if (email.success && onSite) {
          const acceptLanguage = request.headers['accept-language'];
          await passwordResets.request({ email: email.data, ...(typeof redirectTo === 'string' ? { redirectTo } : {}), origin, ...(acceptLanguage ? { acceptLanguage } : {}) });
          return reply.send(RESET_REQUESTED);
        }
      }
      if (credentials && path === '/api/auth/sign-in/email') {
        return send(reply, await signIn(request, credentials.email as string, body), path);
      }
      if (credentials && path === '/api/auth/sign-up/email') {
        const signedUp = await auth.handler(toFetchRequest(request, request.url, body, origin));
        if (!signedUp.ok) return send(reply, signedUp);
        const answer = (await signedUp.json()) as { token?: string | null; user?: unknown };
        const signedIn = await signIn(request, credentials.email as string, { email: credentials.email, password: credentials.password, rememberMe: true });
        if (!signedIn.ok) return reply.status(200).send({ ...answer, token: null });
        const session = (await signedIn.json()) as { token?: string; user?: unknown };
        const cookies = signedIn.headers.getSetCookie();
        if (cookies.length > 0) reply.header('set-cookie', cookies);
        return reply.status(200).send({ token: session.token ?? null, user: session.user ?? answer.user });
      }
      return send(reply, await auth.handler(toFetchRequest(request, request.url, body, origin)), path);
    },
  });
}
