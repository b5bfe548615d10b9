import swagger, { type SwaggerTransform } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { errorSchema } from '@platter/shared';
import { betterAuth } from 'better-auth';
import { openAPI } from 'better-auth/plugins';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Auth } from '../auth/auth.js';

/**
 * Who may call a route, as the API document states it (`config: { access }` on each route):
 * - public: anyone; a session changes nothing;
 * - optional: anyone; a session changes the answer (what the viewer may see, whose listen it is);
 * - signedIn: a session is required (401 without one);
 * - admin: a session of an admin is required (401 without a session, 403 for anyone else).
 * The services check access; this says what they check, for the document and its tests.
 */
export type Access = 'public' | 'optional' | 'signedIn' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call this route (see Access). Every documented route declares it. */
    access?: Access;
    /** Why a route is left out of the API document (its schema says `hide: true`). */
    undocumented?: string;
    /**
     * Answers the route gives beyond its response schemas, by status, described for the document
     * only: files, streams and bodiless answers, which the route must not serialize.
     */
    otherResponses?: Record<number, string>;
  }
}

/** The OpenAPI security scheme of a Platter session: better-auth's signed session cookie. */
export const SESSION_SCHEME = 'session';

/** Where the API document is served: /api/docs (the UI), /api/docs/json and /api/docs/yaml. */
export const DOCS_PREFIX = '/api/docs';

/** The document's extension that says who may call an operation (an Access), beyond what `security` can say. */
export const ACCESS_EXTENSION = 'x-platter-access';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** What each error status means anywhere in the API; an operation's own declaration may say more. */
const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'The address, query or body is invalid: `invalid_address` (NUL or a %-escape that is not UTF-8), `invalid_json`, `validation_failed` (with `field`), or a rule of the operation',
  401: 'Not signed in, or the session cookie is unknown, expired, revoked or not signed by this server (`unauthorized`)',
  403: 'Not allowed: the request did not come from Platter’s own origin (`cross_origin`, any POST, PUT, PATCH or DELETE), or the signed-in user may not do this (`forbidden`)',
  404: 'Nothing with that id, or nothing this viewer may see (`not_found`)',
  405: 'This method is not available here',
  409: 'Conflicts with the current state (`conflict`)',
  410: 'No longer available (`gone`)',
  413: 'The body is larger than allowed (`payload_too_large`)',
  415: 'The body’s type or charset is not accepted (`unsupported_media_type`): text must be UTF-8',
  416: 'The range is outside the file',
  422: 'The request is well formed but cannot be done',
  429: 'Too many requests: wait and try again (`rate_limited`, with Retry-After)',
  503: 'This instance is shutting down or a dependency is down',
};

/** An error answer of a route (its schema in zod: jsonSchemaTransform converts it with the route's). */
const errorResponse = (status: number, description?: string) => ({
  description: description ?? ERROR_DESCRIPTIONS[status] ?? 'Refused',
  content: { 'application/json': { schema: errorSchema } },
});

/** The same answer in JSON Schema, for operations that are no route's (better-auth's). */
const errorResponseJson = (status: number) => {
  const { $schema: _dialect, ...schema } = z.toJSONSchema(errorSchema, { target: 'openapi-3.0', io: 'output' });
  return { ...errorResponse(status), content: { 'application/json': { schema } } };
};

/** The `security` of an operation with this access: none needed, a session optional, or a session required. */
function securityFor(access: Access): Array<Record<string, string[]>> {
  if (access === 'public') return [];
  if (access === 'optional') return [{}, { [SESSION_SCHEME]: [] }];
  return [{ [SESSION_SCHEME]: [] }];
}

/**
 * The error statuses every operation with these traits can give, whatever its own code does: the
 * request guard (400 for an unreadable address, and for a mutation 403 when it is not from
 * Platter's origin and 415 for a charset other than UTF-8), the session (401), the admin check
 * (403), body parsing (413, 415) and the rate limits (429).
 */
export function commonErrorStatuses(traits: { access: Access | undefined; mutating: boolean; hasBody: boolean; rateLimited: boolean }): number[] {
  const statuses = new Set<number>([400]);
  if (traits.mutating) {
    statuses.add(403);
    statuses.add(415);
  }
  if (traits.hasBody) statuses.add(413);
  if (traits.access === 'signedIn' || traits.access === 'admin') statuses.add(401);
  if (traits.access === 'admin') statuses.add(403);
  if (traits.rateLimited) statuses.add(429);
  return [...statuses];
}

type Methods = RouteOptions['method'];
const methodList = (method: Methods): string[] => (Array.isArray(method) ? method : [method]).map((m) => String(m).toUpperCase());

/**
 * The route transform: the route's own schema (zod, via jsonSchemaTransform) plus what the API
 * adds to every operation from the route's declarations: its security (config.access), the error
 * responses it can give, each described, with the `{ error, message }` schema. Nothing here
 * changes the route itself (its response schemas still drive serialization as declared).
 */
const transform: SwaggerTransform = (document) => {
  const { route } = document;
  // A route without a schema still gets its common parts (and the document's test asks it for a summary).
  const schema = (document.schema ?? {}) as FastifySchema & { hide?: boolean; response?: Record<string, unknown> };
  if (schema.hide) return jsonSchemaTransform(document);
  const access = route.config?.access;
  const methods = methodList(route.method);
  const mutating = methods.some((m) => UNSAFE_METHODS.has(m));
  const statuses = commonErrorStatuses({
    access,
    mutating,
    hasBody: mutating && methods.some((m) => m !== 'DELETE'),
    rateLimited: Boolean((route.config as { rateLimit?: unknown } | undefined)?.rateLimit),
  });
  const response: Record<string, unknown> = {};
  for (const [status, declared] of Object.entries(schema.response ?? {})) {
    // A declared error is described like any other; a success keeps the route's own schema.
    response[status] = Number(status) >= 400 ? errorResponse(Number(status)) : declared;
  }
  const other = Object.entries(route.config?.otherResponses ?? {}).map(([status, description]) => [Number(status), description] as const);
  for (const [status, description] of other) if (status >= 400) response[status] = errorResponse(status, description);
  for (const status of statuses) response[status] ??= errorResponse(status);
  const transformed = jsonSchemaTransform({ ...document, schema: { ...schema, response } });
  const out = transformed.schema as Record<string, unknown> & { response: Record<string, unknown> };
  // Successes that are files or streams: a description, and no JSON schema (nor a body at all for 204/3xx).
  for (const [status, description] of other) {
    if (status >= 400) continue;
    out.response[status] = status === 204 || (status >= 300 && status < 400) ? { description, type: 'null' } : { description, content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } };
  }
  if (access) {
    out.security = securityFor(access);
    out[ACCESS_EXTENSION] = access;
  }
  // A wildcard route (/media/*) is documented with its rest-of-path as a named parameter.
  if (document.url.endsWith('*')) {
    out.params = { type: 'object', properties: { path: { type: 'string', description: 'The rest of the path, slashes included' } }, required: ['path'] };
    return { schema: out, url: `${document.url.slice(0, -1)}{path}` };
  }
  return { schema: out, url: transformed.url };
};

// ---------------------------------------------------------------------------------------------
// better-auth's endpoints, served by the catch-all /api/auth/* (routes/auth.routes.ts).

interface AuthOperationDoc {
  summary: string;
  access: Access;
  /** Statuses this endpoint gives beyond the common ones (2xx and 3xx included). */
  statuses: number[];
}

/**
 * Platter's word on each better-auth endpoint (by `METHOD /path` under /api/auth): what it is for
 * here, who may call it, what it answers. Endpoints Platter does not use (email verification,
 * password reset, account deletion: no emails are sent) are still served by better-auth and
 * documented as they answer. An endpoint better-auth serves that is missing here is documented
 * without summary or security, which the API document's test refuses: a better-auth upgrade that
 * adds endpoints must say what they are.
 */
export const AUTH_OPERATIONS: Record<string, AuthOperationDoc> = {
  'POST /sign-up/email': {
    summary: 'Creates an account with email and password, then signs in (a registered email is answered alike, signed in only with its right password)',
    access: 'public',
    statuses: [200],
  },
  'POST /sign-in/email': { summary: 'Signs in with email and password (429 after too many wrong passwords for one email)', access: 'public', statuses: [200, 401] },
  'POST /sign-in/social': { summary: 'Starts signing in with Google: the address of the provider’s sign-in page (404 when Google sign-in is not configured)', access: 'public', statuses: [200, 404] },
  'GET /callback/{id}': { summary: 'Where the provider sends the browser back after signing in: sets the session and redirects to the app', access: 'public', statuses: [302] },
  'POST /callback/{id}': { summary: 'The same return from the provider as a form post: redirects to the GET form', access: 'public', statuses: [302] },
  'GET /get-session': { summary: 'The current session and user; null when signed out', access: 'optional', statuses: [200] },
  'POST /get-session': { summary: 'Not available in Platter (better-auth serves it only with deferred session refresh): 405', access: 'optional', statuses: [405] },
  'POST /sign-out': { summary: 'Signs out: ends this session and clears its cookie (also answers 200 when signed out)', access: 'optional', statuses: [200] },
  'POST /reset-password': { summary: 'Sets a new password with the token of a reset email (once, within an hour; 400 invalid_token otherwise) and ends every session of the account', access: 'public', statuses: [200, 400] },
  'POST /verify-password': { summary: 'Checks the signed-in user’s password', access: 'signedIn', statuses: [200] },
  'GET /verify-email': { summary: 'The link of a verification email: verifies the address (signing in when signed out) and redirects to callbackURL, with ?error= when the token is expired or invalid (401 without callbackURL)', access: 'public', statuses: [200, 302, 401] },
  'POST /send-verification-email': { summary: 'Sends the verification link again ("Resend the link"); answered alike for unknown and verified addresses; 429 after 3 an hour for one address', access: 'optional', statuses: [200, 400] },
  'POST /change-email': {
    summary: 'Changes the signed-in user’s email: mails a link to the new address, and the change happens when it is followed (the old address is then told); the same answer when the new address is taken',
    access: 'signedIn',
    statuses: [200],
  },
  'POST /change-password': { summary: 'Changes the signed-in user’s password, given the current one; optionally ends their other sessions', access: 'signedIn', statuses: [200] },
  'POST /update-session': { summary: 'Updates fields of the current session (Platter defines none: 400)', access: 'signedIn', statuses: [200] },
  'POST /update-user': { summary: 'Changes the signed-in user’s name or picture (the name within the display-name limits)', access: 'signedIn', statuses: [200] },
  'POST /delete-user': { summary: 'Deletes the signed-in user’s account: not enabled in Platter (404)', access: 'signedIn', statuses: [200, 404] },
  'POST /request-password-reset': { summary: '"Forgot password?": queues the request (a reset email when the address has an account); the same answer, in the same time, for an unknown address; 429 after 3 an hour for one address', access: 'public', statuses: [200] },
  'GET /reset-password/{token}': { summary: 'The link of a password reset email: redirects to callbackURL with the token, or with ?error=INVALID_TOKEN when it is expired, used or unknown', access: 'public', statuses: [302] },
  'GET /list-sessions': { summary: 'The signed-in user’s sessions', access: 'signedIn', statuses: [200] },
  'POST /revoke-session': { summary: 'Ends one of the signed-in user’s sessions, by its token (another user’s token ends nothing)', access: 'signedIn', statuses: [200] },
  'POST /revoke-sessions': { summary: 'Ends every session of the signed-in user, this one included', access: 'signedIn', statuses: [200] },
  'POST /revoke-other-sessions': { summary: 'Ends the signed-in user’s other sessions', access: 'signedIn', statuses: [200] },
  'POST /link-social': { summary: 'Links a Google account to the signed-in user (404 when Google sign-in is not configured)', access: 'signedIn', statuses: [200, 404] },
  'GET /list-accounts': { summary: 'The sign-in methods linked to the signed-in user (password, Google)', access: 'signedIn', statuses: [200] },
  'GET /delete-user/callback': { summary: 'The link of an account deletion email: not enabled in Platter (404)', access: 'public', statuses: [404] },
  'POST /unlink-account': { summary: 'Unlinks a sign-in method from the signed-in user (never the last one)', access: 'signedIn', statuses: [200, 404] },
  'POST /refresh-token': { summary: 'Refreshes the provider’s access token of the signed-in user’s linked account', access: 'signedIn', statuses: [200, 404] },
  'POST /get-access-token': { summary: 'The provider’s access token of the signed-in user’s linked account, refreshed when due', access: 'signedIn', statuses: [200, 404] },
  'GET /account-info': { summary: 'What the provider says of the signed-in user’s linked account', access: 'signedIn', statuses: [200, 404] },
  'GET /ok': { summary: 'Whether the sign-in service answers', access: 'public', statuses: [200] },
  'GET /error': { summary: 'better-auth’s error page (HTML), where a failed provider sign-in lands without an errorCallbackURL', access: 'public', statuses: [200] },
  // The second factor: TOTP with backup codes (better-auth's twoFactor plugin) and passkeys (@better-auth/passkey).
  'POST /two-factor/enable': { summary: 'Starts setting up an authenticator app, given the password: the otpauth URI and ten backup codes; a first code from the app (verify-totp) turns it on', access: 'signedIn', statuses: [200] },
  'POST /two-factor/disable': { summary: 'Turns the authenticator app off, given the password (its backup codes go with it)', access: 'signedIn', statuses: [200] },
  'POST /two-factor/get-totp-uri': { summary: 'The otpauth URI of the signed-in user’s authenticator app, given the password', access: 'signedIn', statuses: [200] },
  'POST /two-factor/generate-backup-codes': { summary: 'Replaces the backup codes with ten new ones, given the password', access: 'signedIn', statuses: [200] },
  'POST /two-factor/verify-totp': {
    summary:
      'A code from the authenticator app: finishes a sign-in that asked for one (with that sign-in’s pending two-factor cookie instead of a session), or turns the app on when setting it up (401 for a wrong code, 429 while locked after 10 wrong codes)',
    access: 'signedIn',
    statuses: [200, 401],
  },
  'POST /two-factor/verify-backup-code': {
    summary: 'Finishes a sign-in with one of the backup codes, which then stops working (with the sign-in’s pending two-factor cookie instead of a session; 401 for a wrong or used code)',
    access: 'signedIn',
    statuses: [200, 401],
  },
  'POST /two-factor/send-otp': { summary: 'Sends a one-time code by email or SMS: not enabled in Platter (400)', access: 'public', statuses: [401] },
  'POST /two-factor/verify-otp': { summary: 'Checks a one-time code sent by email or SMS: not enabled in Platter (400; 401 without a session or a pending sign-in)', access: 'signedIn', statuses: [] },
  'GET /passkey/generate-register-options': { summary: 'The WebAuthn options to create a passkey for the signed-in user (403 when the session is over a day old: sign in again)', access: 'signedIn', statuses: [200, 403] },
  'POST /passkey/verify-registration': { summary: 'Stores the passkey the browser created with those options', access: 'signedIn', statuses: [200] },
  'GET /passkey/generate-authenticate-options': { summary: 'The WebAuthn options to sign in with a passkey', access: 'public', statuses: [200] },
  'POST /passkey/verify-authentication': { summary: 'Signs in with a passkey: checks the browser’s signed answer to those options and sets the session', access: 'public', statuses: [200, 401] },
  'GET /passkey/list-user-passkeys': { summary: 'The signed-in user’s passkeys', access: 'signedIn', statuses: [200] },
  'POST /passkey/delete-passkey': { summary: 'Removes one of the signed-in user’s passkeys', access: 'signedIn', statuses: [200, 404] },
  'POST /passkey/update-passkey': { summary: 'Renames one of the signed-in user’s passkeys', access: 'signedIn', statuses: [200, 404] },
};

export const AUTH_PREFIX = '/api/auth';

type OpenApiOperation = Record<string, unknown> & { responses?: Record<string, unknown> };
type OpenApiPaths = Record<string, Record<string, OpenApiOperation>>;

interface AuthDocs {
  paths: OpenApiPaths;
  schemas: Record<string, unknown>;
}

/** Endpoints a better-auth instance serves over HTTP, as `METHOD /path` ({param} style): server-only ones have no path. */
export function authEndpoints(auth: Pick<Auth, 'api'>): string[] {
  const out: string[] = [];
  for (const endpoint of Object.values(auth.api as Record<string, { path?: string; options?: { method?: string | string[]; metadata?: { SERVER_ONLY?: boolean } } }>)) {
    if (!endpoint.path || endpoint.options?.metadata?.SERVER_ONLY) continue;
    const method = endpoint.options?.method ?? 'GET';
    for (const m of Array.isArray(method) ? method : [method]) {
      if (m === '*') continue;
      out.push(`${m.toUpperCase()} ${endpoint.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`);
    }
  }
  return out;
}

const authDocsCache = new Map<string, Promise<{ paths: OpenApiPaths; schemas: Record<string, unknown> }>>();

/**
 * better-auth's own description of its endpoints (bodies, parameters, success answers), from a
 * second instance with the same options and its open-api plugin. That instance serves nothing:
 * only its description generator runs. Made once per set of plugins, since the description
 * depends on nothing else that changes between apps.
 */
function betterAuthDescription(auth: Auth): Promise<{ paths: OpenApiPaths; schemas: Record<string, unknown> }> {
  const options = auth.options as Parameters<typeof betterAuth>[0];
  const key = (options.plugins ?? []).map((plugin) => plugin.id).join(',');
  let pending = authDocsCache.get(key);
  if (!pending) {
    const describer = betterAuth({ ...options, plugins: [...(options.plugins ?? []), openAPI({ disableDefaultReference: true })] });
    pending = describer.api.generateOpenAPISchema().then((document) => ({
      paths: document.paths as unknown as OpenApiPaths,
      schemas: document.components.schemas as Record<string, unknown>,
    }));
    authDocsCache.set(key, pending);
    pending.catch(() => authDocsCache.delete(key));
  }
  return pending;
}

/**
 * Every better-auth endpoint the app serves, as Platter documents it (see AUTH_OPERATIONS). Should
 * better-auth's own description fail, the endpoints are still listed, without their bodies: the
 * document must never keep the server from starting.
 */
async function describeAuth(auth: Auth, warn: (error: unknown) => void): Promise<AuthDocs> {
  const described = await betterAuthDescription(auth).catch((error: unknown) => {
    warn(error);
    return { paths: {} as OpenApiPaths, schemas: {} };
  });
  const paths: OpenApiPaths = {};
  for (const key of authEndpoints(auth)) {
    const [method = 'GET', path = '/'] = key.split(' ');
    const own = described.paths[path]?.[method.toLowerCase()] ?? {};
    const platter = AUTH_OPERATIONS[key];
    const mutating = UNSAFE_METHODS.has(method);
    const statuses = commonErrorStatuses({ access: platter?.access, mutating, hasBody: mutating, rateLimited: true });
    const responses: Record<string, unknown> = {};
    for (const status of [...new Set([...(platter?.statuses ?? []), ...statuses])].sort((a, b) => a - b)) {
      if (status >= 400) responses[status] = errorResponseJson(status);
      else if (status === 200) responses[status] = (own.responses?.['200'] as object | undefined) ?? { description: 'Done' };
      else responses[status] = { description: status === 302 ? 'Redirects (Location) to the app, or to the error page' : 'Done' };
    }
    const operation: OpenApiOperation = {
      tags: ['auth'],
      ...(platter ? { summary: platter.summary, security: securityFor(platter.access), [ACCESS_EXTENSION]: platter.access } : {}),
      ...(typeof own.description === 'string' ? { description: own.description } : {}),
      operationId: `auth_${method.toLowerCase()}${path.replace(/[^A-Za-z0-9]+/g, '_')}`,
      ...(Array.isArray(own.parameters) && own.parameters.length > 0 ? { parameters: own.parameters } : {}),
      ...(own.requestBody && mutating ? { requestBody: own.requestBody } : {}),
      responses,
    };
    paths[`${AUTH_PREFIX}${path}`] = { ...paths[`${AUTH_PREFIX}${path}`], [method.toLowerCase()]: operation };
  }
  return { paths, schemas: described.schemas };
}

/**
 * The API document at /api/docs/json (and its UI at /api/docs): every operation of every route
 * registered after this plugin, unless the route hides itself with a reason (config.undocumented),
 * plus better-auth's endpoints, which one catch-all route serves. Each operation carries its
 * security (the session cookie, better-auth's cookie name), `x-platter-access`, and every error
 * status it can give with the `{ error, message }` schema. test/openapi.test.ts holds it to that.
 */
export const apiDocsPlugin = fp(
  async (app: FastifyInstance, { auth }: { auth: Auth }) => {
    const [authContext, authDocs] = await Promise.all([auth.$context, describeAuth(auth, (error) => app.log.warn({ err: error }, 'better-auth’s endpoints are documented without their bodies'))]);
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'Platter API',
          version: '0.1.0',
          description:
            'Music streaming and sharing. Errors are `{ error, message }`. Sign in through /api/auth (the session is a cookie); every POST, PUT, PATCH and DELETE must send `Origin` (Platter’s own) or `Sec-Fetch-Site: same-origin`, else 403. `x-platter-access` says who may call an operation: public, optional (a session changes the answer), signedIn, admin.',
        },
        components: {
          securitySchemes: {
            [SESSION_SCHEME]: {
              type: 'apiKey',
              in: 'cookie',
              name: authContext.authCookies.sessionToken.name,
              description: 'The session cookie set by signing in (better-auth’s signed session token)',
            },
          },
        },
        tags: ['auth', 'tracks', 'uploads', 'likes', 'playlists', 'history', 'profiles', 'comments', 'posts', 'artists', 'studio', 'admin', 'media', 'system'].map((name) => ({ name })),
      },
      transform,
      transformObject: (documentObject) => {
        const openapiObject = 'openapiObject' in documentObject ? documentObject.openapiObject : documentObject.swaggerObject;
        const document = openapiObject as { paths?: OpenApiPaths; components?: { schemas?: Record<string, unknown> } };
        const schemas = { ...document.components?.schemas };
        for (const [name, schema] of Object.entries(authDocs.schemas)) {
          if (name in schemas) throw new Error(`The API document has two schemas named ${name}`);
          schemas[name] = schema;
        }
        return { ...openapiObject, paths: { ...document.paths, ...authDocs.paths }, components: { ...document.components, schemas } };
      },
    });
    await app.register(swaggerUi, { routePrefix: DOCS_PREFIX });
  },
  { name: 'platter-api-docs' },
);
