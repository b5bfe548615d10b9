import { createHash } from 'node:crypto';
import {
  errorSchema,
  federationBlockParamsSchema,
  federationBlocksSchema,
  federationSettingsSchema,
  remoteFeedSchema,
  remoteFollowRequestSchema,
  remoteFollowSchema,
  remoteLookupQuerySchema,
  remoteLookupSchema,
  remoteFollowsSchema,
  remoteReactionsSchema,
  remoteReactionStateSchema,
  remoteReplyRequestSchema,
  remoteReplySchema,
  remoteTrackQuerySchema,
  idParamsSchema,
  updateFederationSettingsSchema,
} from '@platter/shared';
import type { KvStore } from '@fedify/fedify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { BadRequestError, NotFoundError } from '../lib/errors.js';
import type { PlatterFederation } from '../federation/federation.js';
import type { PublicOrigin } from '../lib/public-origin.js';
import { perMinute, perUserPerMinute } from './rate-limit.js';

/** An inbox delivery larger than this is refused (413) before it is read: activities are a few KB. */
export const INBOX_BODY_LIMIT = 1024 * 1024;
/** How long a delivery's signature is remembered, to refuse it if it comes again (Fedify's signature time window). */
const REPLAY_WINDOW_MS = 60 * 60 * 1000;

const ACTIVITY_TYPES = /application\/(activity\+json|ld\+json)/i;
/** Pages that are also ActivityPub documents: the artist page is its actor, the track page its Audio. */
const NEGOTIATED = /^\/(artist|track)\/[^/?#]+\/?(\?.*)?$/;

const json = (status: number, error: string, message: string) => new Response(JSON.stringify({ error, message }), { status, headers: { 'content-type': 'application/json; charset=utf-8' } });

/** The host a delivery's signature names as its key's (draft-cavage `keyId`, RFC 9421 `keyid`), lower-cased. */
export function signerHost(headers: FastifyRequest['headers']): string | undefined {
  const text = [headers.signature, headers['signature-input']].flat().filter(Boolean).join(' ');
  const keyId = /keyid="([^"]+)"/i.exec(text)?.[1];
  if (!keyId) return undefined;
  try {
    return new URL(keyId).host.toLowerCase();
  } catch {
    return undefined;
  }
}

/** The `error` of Fedify's refusals, by status. */
const REFUSALS: Record<number, string> = {
  400: 'invalid_activity',
  401: 'bad_signature',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  406: 'not_acceptable',
  410: 'gone',
  415: 'unsupported_media_type',
};

const OFF_MESSAGE = 'This server does not federate (FEDERATION is off, or PUBLIC_URL is not set).';

/** Hands one request to Fedify, as a web Request at the public origin, and writes its Response back. */
async function answer(federation: PlatterFederation | undefined, publicOrigin: PublicOrigin, request: FastifyRequest, reply: FastifyReply, body?: Buffer): Promise<FastifyReply> {
  if (!federation) return reply.status(404).send({ error: 'federation_off', message: OFF_MESSAGE });
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  const url = new URL(request.url, publicOrigin.of(request));
  const webRequest = new Request(url, { method: request.method, headers, body: body && request.method === 'POST' ? new Uint8Array(body) : undefined });
  const delivery = request.method === 'POST';
  let response: Response;
  try {
    response = await federation.federation.fetch(webRequest, {
      contextData: undefined,
      onNotFound: () => json(404, 'not_found', `Nothing on the fediverse at ${url.pathname}: no such account, the account turned federation off, or the track is not public.`),
      onNotAcceptable: () => json(406, 'not_acceptable', 'Ask for application/activity+json (or open the page in a browser).'),
    });
  } catch (error) {
    // A delivery is read, verified and queued here, its listeners run later in a job: what throws
    // now is the activity itself (JSON-LD Fedify cannot expand, such as an @context that is no URL).
    if (!delivery) throw error;
    request.log.warn({ err: error }, 'an ActivityPub delivery could not be read');
    return reply.status(400).send({ error: 'invalid_activity', message: `The activity could not be read: ${error instanceof Error ? error.message : String(error)}`.slice(0, 500) });
  }
  if (delivery && response.status >= 500) {
    request.log.warn({ status: response.status, body: (await response.text()).slice(0, 500) }, 'an ActivityPub delivery could not be read');
    return reply.status(400).send({ error: 'invalid_activity', message: 'The activity could not be read (malformed JSON-LD, or a context that cannot be loaded).' });
  }
  void reply.status(response.status);
  // Fedify's refusals are plain text ("Invalid activity."): Platter's answers are { error, message }.
  if (response.status >= 400 && !/json/i.test(response.headers.get('content-type') ?? '')) {
    const text = (await response.text()).trim();
    const challenge = response.headers.get('accept-signature');
    if (challenge) void reply.header('accept-signature', challenge);
    return reply.send({ error: REFUSALS[response.status] ?? 'refused', message: text || (response.status === 410 ? 'This account was deleted.' : `Refused (${response.status}).`) });
  }
  response.headers.forEach((value, name) => void reply.header(name, value));
  return reply.send(Buffer.from(await response.arrayBuffer()));
}

/**
 * ActivityPub's addresses, answered by Fedify: WebFinger, NodeInfo, actors' inboxes, outboxes,
 * followers and featured collections, the shared inbox; and the artist and track pages when asked
 * for ActivityStreams (a browser still gets the page). Only with FEDERATION on.
 */
export interface ActivityPubDeps {
  /** Undefined when this server does not federate: every address answers 404 then. */
  federation: PlatterFederation | undefined;
  publicOrigin: PublicOrigin;
  /** Fedify's store, where the signatures of received deliveries are remembered for the replay check. */
  kv: KvStore | undefined;
}

/**
 * The artist and track pages are also their actor and Audio documents: a request asking for
 * ActivityStreams is answered by Fedify before routing; any other still reaches the page. Added on
 * the root instance (a hook inside a plugin would not see the web app's routes).
 */
export function negotiateActivityPub(app: FastifyInstance, { federation, publicOrigin }: ActivityPubDeps): void {
  if (!federation) return;
  app.addHook('onRequest', async (request, reply) => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || !NEGOTIATED.test(request.url)) return;
    if (!ACTIVITY_TYPES.test(request.headers.accept ?? '')) return;
    await answer(federation, publicOrigin, request, reply);
    return reply;
  });
}

export async function activityPubRoutes(app: FastifyInstance, { federation, publicOrigin, kv }: ActivityPubDeps): Promise<void> {
  const hidden = (why: string) => ({ schema: { hide: true }, config: { undocumented: why } });

  await app.register(async (scope) => {
    // Fedify reads the body itself (it checks its digest): every body stays raw bytes, at most INBOX_BODY_LIMIT.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: INBOX_BODY_LIMIT }, (_request, body, done) => done(null, body));

    const get = (request: FastifyRequest, reply: FastifyReply) => answer(federation, publicOrigin, request, reply);
    scope.get('/.well-known/webfinger', { ...hidden('WebFinger (RFC 7033), answered by Fedify'), config: { ...perMinute(600), undocumented: 'WebFinger (RFC 7033), answered by Fedify' } }, get);
    scope.get('/.well-known/nodeinfo', hidden('NodeInfo discovery, answered by Fedify'), get);
    scope.get('/nodeinfo/2.1', hidden('NodeInfo 2.1, answered by Fedify'), get);
    scope.get('/ap/notes/:id', hidden("an artist's post, or a reply sent from here to another server, as a Note, answered by Fedify"), get);
    for (const collection of ['outbox', 'followers', 'featured']) {
      scope.get(`/ap/actors/:identifier/${collection}`, hidden(`an ActivityPub actor's ${collection}, answered by Fedify`), get);
    }

    const inbox = async (request: FastifyRequest, reply: FastifyReply) => {
      if (!federation || !kv) return reply.status(404).send({ error: 'federation_off', message: OFF_MESSAGE });
      const host = signerHost(request.headers);
      if (!host) return reply.status(401).send({ error: 'unsigned', message: 'Deliveries must carry an HTTP signature (Signature or Signature-Input).' });
      if (await federation.isBlocked(host)) return reply.status(403).send({ error: 'blocked', message: `This server does not accept deliveries from ${host}.` });
      // A signature seen before is a replay: a sender's retry signs again (a new Date), so only a copy repeats one.
      const signature = [request.headers.signature, request.headers['signature-input']].flat().filter(Boolean).join('\n');
      const seenKey = ['platter', 'seen-signature', createHash('sha256').update(signature).digest('base64url')] as const;
      if (await kv.get(seenKey)) return reply.status(409).send({ error: 'replayed', message: 'This delivery was received before (its signature repeats); send a new, freshly signed one.' });
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const answered = await answer(federation, publicOrigin, request, reply, body);
      if (reply.statusCode >= 200 && reply.statusCode < 300) {
        const { Temporal } = await import('@js-temporal/polyfill');
        await kv.set(seenKey, true, { ttl: Temporal.Duration.from({ milliseconds: REPLAY_WINDOW_MS }) });
      }
      return answered;
    };
    const inboxOptions = { ...hidden('an ActivityPub inbox (signed deliveries), answered by Fedify'), config: { ...perMinute(600), undocumented: 'an ActivityPub inbox (signed deliveries), answered by Fedify' } };
    scope.post('/inbox', inboxOptions, inbox);
    scope.post('/ap/actors/:identifier/inbox', inboxOptions, inbox);
    // GET on an inbox: Fedify answers it (405 or the collection), never the web app.
    scope.get('/ap/actors/:identifier/inbox', hidden('an ActivityPub inbox, answered by Fedify'), get);
  });
}

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

/** The fediverse as accounts use it: one's handle and switch, following remote artists and their tracks, admins' instance blocks. */
export async function federationRoutes(base: FastifyInstance, { services, publicOrigin }: Pick<AppContext, 'services'> & { publicOrigin: PublicOrigin }): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const accounts = () => {
    if (!services.federation) throw new NotFoundError(OFF_MESSAGE, 'federation_off');
    return services.federation;
  };
  // Signed out is a 401 before "this server does not federate" (the session is cached, so asking twice costs nothing).
  const signedIn = async (request: FastifyRequest) => {
    await request.requireActor();
    return accounts();
  };

  app.get(
    '/api/me/federation',
    { config: { access: 'signedIn' }, schema: { tags: ['fediverse'], summary: 'My fediverse handle (@handle@host) and whether my account federates', response: { 200: federationSettingsSchema, ...errors } } },
    async (request) => (await signedIn(request)).settings(await request.requireActor(), publicOrigin.of(request)),
  );
  app.put(
    '/api/me/federation',
    {
      config: { ...perUserPerMinute(30), access: 'signedIn' },
      schema: { tags: ['fediverse'], summary: 'Turns federation of my account on or off (off: my actor answers 404 and nothing is delivered)', body: updateFederationSettingsSchema, response: { 200: federationSettingsSchema, ...errors } },
    },
    async (request) => (await signedIn(request)).update(await request.requireActor(), request.body.enabled, publicOrigin.of(request)),
  );
  app.post(
    '/api/me/federation/follows',
    {
      config: { ...perUserPerMinute(30), access: 'signedIn' },
      schema: { tags: ['fediverse'], summary: 'Follows an account on another server by @name@host or its address', body: remoteFollowRequestSchema, response: { 200: remoteFollowSchema, ...errors } },
    },
    async (request) => (await signedIn(request)).follow(await request.requireActor(), request.body.account),
  );
  app.get(
    '/api/me/federation/lookup',
    {
      // Each lookup fetches from another server: limited per user, and no HEAD twin to spend it.
      exposeHeadRoute: false,
      config: { ...perUserPerMinute(30), access: 'signedIn' },
      schema: { tags: ['fediverse'], summary: 'Looks up an account on another server by @name@host (for Search): its name and link, and whether I follow it', querystring: remoteLookupQuerySchema, response: { 200: remoteLookupSchema, ...errors } },
    },
    async (request) => {
      const service = await signedIn(request);
      // Checked after the sign-in (signed out is a 401 whatever the query).
      const parsed = remoteFollowRequestSchema.safeParse(request.query);
      if (!parsed.success) throw new BadRequestError(parsed.error.issues[0]?.message ?? 'account must be @name@host');
      return service.lookup(await request.requireActor(), parsed.data.account);
    },
  );
  const uriQuery = z.object({ uri: z.string().url('uri must be the account’s address (https://…)') });
  app.get(
    '/api/me/federation/follows',
    { config: { access: 'signedIn' }, schema: { tags: ['fediverse'], summary: 'The remote accounts I follow, and whether each accepted', response: { 200: remoteFollowsSchema, ...errors } } },
    async (request) => (await signedIn(request)).following(await request.requireActor()),
  );
  app.delete(
    '/api/me/federation/follows',
    { config: { ...perUserPerMinute(30), access: 'signedIn' }, schema: { tags: ['fediverse'], summary: 'Stops following a remote account (sends Undo)', querystring: uriQuery, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await (await signedIn(request)).unfollow(await request.requireActor(), request.query.uri);
      return reply.status(204).send(null);
    },
  );
  for (const [path, kind] of [['likes', 'like'], ['reposts', 'repost']] as const) {
    for (const [method, on] of [['put', true], ['delete', false]] as const) {
      app[method](
        `/api/me/federation/${path}`,
        {
          config: { ...perUserPerMinute(60), access: 'signedIn' },
          schema: {
            tags: ['fediverse'],
            summary: `${on ? (kind === 'like' ? 'Likes' : 'Reposts') : kind === 'like' ? 'Unlikes' : 'Takes back my repost of'} a track on another server (sends ${on ? (kind === 'like' ? 'Like' : 'Announce') : 'Undo'} to its server)`,
            querystring: remoteTrackQuerySchema,
            response: { 200: remoteReactionStateSchema, ...errors },
          },
        },
        async (request) => (await signedIn(request)).react(await request.requireActor(), request.query.uri, kind, on),
      );
    }
  }
  app.post(
    '/api/me/federation/replies',
    {
      config: { ...perUserPerMinute(30), access: 'signedIn' },
      schema: { tags: ['fediverse'], summary: 'Replies to a track on another server (sends a Note in reply to it)', body: remoteReplyRequestSchema, response: { 201: remoteReplySchema, ...errors } },
    },
    async (request, reply) => reply.status(201).send(await (await signedIn(request)).reply(await request.requireActor(), request.body.uri, request.body.text)),
  );
  app.get(
    '/api/me/federation/feed',
    { config: { access: 'signedIn' }, schema: { tags: ['fediverse'], summary: 'The newest tracks of the remote artists I follow (they play from their own servers)', response: { 200: remoteFeedSchema, ...errors } } },
    async (request) => (await signedIn(request)).feed(await request.requireActor()),
  );
  app.get(
    '/api/tracks/:id/fediverse',
    { config: { access: 'optional' }, schema: { tags: ['fediverse'], summary: "A track's likes, reposts and replies from other servers", params: idParamsSchema, response: { 200: remoteReactionsSchema, 404: errorSchema } } },
    async (request) => accounts().reactions(request.params.id),
  );
  app.get(
    '/api/admin/federation/blocks',
    { config: { access: 'admin' }, schema: { tags: ['admin'], summary: 'Servers whose deliveries are refused', response: { 200: federationBlocksSchema, ...errors } } },
    async (request) => (await signedIn(request)).blocks(await request.requireActor()),
  );
  for (const [method, on] of [['put', true], ['delete', false]] as const) {
    app[method](
      '/api/admin/federation/blocks/:host',
      {
        config: { ...perUserPerMinute(60), access: 'admin' },
        schema: { tags: ['admin'], summary: on ? 'Blocks a server: its deliveries are refused (403)' : 'Lifts a server’s block', params: federationBlockParamsSchema, response: { 200: federationBlocksSchema, ...errors } },
      },
      async (request) => {
        const actor = await request.requireActor();
        return on ? accounts().block(actor, request.params.host) : accounts().unblock(actor, request.params.host);
      },
    );
  }
}
