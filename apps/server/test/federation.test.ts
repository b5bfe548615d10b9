import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { signRequest } from '@fedify/fedify';
import { Announce, Audio, Collection, Create, Like, Link, lookupObject, Note, Object as APObject, OrderedCollection, Person, PUBLIC_COLLECTION } from '@fedify/vocab';
import { getDocumentLoader, preloadedContexts } from '@fedify/vocab-runtime';
import jsonld from 'jsonld';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { type AppContext, createContext } from '../src/context.js';
import { FederationRepository } from '../src/federation/federation.repository.js';
import { makeMp3 } from './support/audio-fixtures.js';
import { freePort } from './support/built-server.js';
import { Client } from './support/http-client.js';
import { NASTY_STRINGS, Rng } from './support/fuzz.js';
import { TEST_SECRET, freshPostgresDatabase } from './support/test-app.js';
import { getUploadUrl, put } from './support/uploads.js';

/*
 * Two Platter instances on loopback federate through Fedify: A (SQLite) has an artist, B (PostgreSQL
 * when TEST_DATABASE_URL is set, else SQLite too) has a listener who follows her by @handle@host.
 * Every request goes to 127.0.0.1; ALLOW_PRIVATE_FETCH lets Fedify fetch the other instance there.
 */

interface Instance {
  context: AppContext;
  baseUrl: string;
  host: string;
  close(): Promise<void>;
}

const ADMIN_EMAIL = 'fedi-admin@platter.test';
const AP = 'application/activity+json';

async function startInstance(engine: 'sqlite' | 'postgres'): Promise<Instance> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'platter-fedi-'));
  const pgDb = engine === 'postgres' ? await freshPostgresDatabase() : undefined;
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    BETTER_AUTH_SECRET: TEST_SECRET,
    PLATTER_DEMO: '0',
    WEB_DIST: path.join(dataDir, 'no-web'),
    PUBLIC_URL: baseUrl,
    ALLOW_PRIVATE_FETCH: '1',
    ADMIN_EMAILS: ADMIN_EMAIL,
    MEDIA_ENGINE: 'none',
    ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
  });
  const context = await createContext(config);
  const app = await buildApp(context);
  await app.listen({ host: '127.0.0.1', port });
  return {
    context,
    baseUrl,
    host: `127.0.0.1:${port}`,
    async close() {
      await app.close();
      await context.close();
      await pgDb?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Waits until `check` holds, letting both instances' queues work in between (deliveries cross between them). */
async function eventually<T>(instances: Instance[], check: () => Promise<T | undefined | false>, what: string): Promise<T> {
  for (let round = 0; round < 300; round++) {
    const value = await check();
    if (value) return value;
    for (const instance of instances) await instance.context.jobs.idle(2000).catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`never happened: ${what}`);
}

const mp3 = makeMp3(1);

async function createTrack(client: Client, title: string, visibility: 'public' | 'unlisted' | 'private' = 'public') {
  const bytes = await mp3;
  const urls = await getUploadUrl(client, bytes);
  expect((await put(client, urls.uploadURL, bytes)).status).toBe(200);
  const created = await client.json<{ id: string; url: string }>('POST', '/api/tracks', { title, genre: 'Dance', visibility, url: urls.fileUrl });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
}

const documentLoader = getDocumentLoader({ allowPrivateAddress: true });
/** Parses an ActivityStreams document as Fedify's vocabulary does, contexts included (an unknown context fails). */
async function parse(json: unknown) {
  return APObject.fromJsonLd(json, { documentLoader, contextLoader: documentLoader });
}

/** The properties of an expanded JSON-LD document that no context defined (blank-node keys), anywhere in it. */
function undefinedTerms(node: unknown): string[] {
  if (Array.isArray(node)) return node.flatMap(undefinedTerms);
  if (!node || typeof node !== 'object') return [];
  return Object.entries(node).flatMap(([key, value]) => [...(key.startsWith('_:') ? [key] : []), ...undefinedTerms(value)]);
}

describe('federation between two Platter instances', () => {
  let a: Instance;
  let b: Instance;
  let artist: Client;
  let listener: Client;
  let adminA: Client;
  let artistId: string;
  let listenerId: string;
  let handle: string;
  let actorUri: string;

  beforeAll(async () => {
    a = await startInstance('sqlite');
    b = await startInstance(process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite');
    artist = new Client(a.baseUrl);
    adminA = new Client(a.baseUrl);
    listener = new Client(b.baseUrl);
    artistId = (await artist.signUp('Aurora Vale')).id;
    await adminA.signUp('Ada Admin', ADMIN_EMAIL);
    listenerId = (await listener.signUp('Bob Listener')).id;
    const settings = await artist.json<{ handle: string; enabled: boolean }>('GET', '/api/me/federation');
    expect(settings.status).toBe(200);
    handle = settings.body.handle;
    actorUri = `${a.baseUrl}/artist/${artistId}`;
  }, 60_000);

  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('gives the artist a WebFinger handle that resolves to her actor, a Person with keys, avatar links and collections', async () => {
    expect(handle).toBe(`@aurora_vale@${a.host}`);
    const finger = await fetch(`${a.baseUrl}/.well-known/webfinger?resource=${encodeURIComponent(`acct:aurora_vale@${a.host}`)}`);
    expect(finger.status).toBe(200);
    const jrd = (await finger.json()) as { subject: string; links: Array<{ rel: string; href?: string; type?: string }> };
    expect(jrd.subject).toBe(`acct:aurora_vale@${a.host}`);
    expect(jrd.links.find((link) => link.rel === 'self')?.href).toBe(actorUri);

    const response = await fetch(actorUri, { headers: { accept: AP } });
    expect(response.status).toBe(200);
    const json = (await response.json()) as Record<string, unknown>;
    expect(json['@context']).toEqual(expect.arrayContaining(['https://www.w3.org/ns/activitystreams']));
    const person = await parse(json);
    expect(person).toBeInstanceOf(Person);
    const actor = person as Person;
    expect(actor.preferredUsername?.toString()).toBe('aurora_vale');
    expect(actor.name?.toString()).toBe('Aurora Vale');
    expect(actor.inboxId?.href).toBe(`${a.baseUrl}/ap/actors/${artistId}/inbox`);
    expect(actor.endpoints?.sharedInbox?.href).toBe(`${a.baseUrl}/inbox`);
    expect(actor.followersId?.href).toBe(`${a.baseUrl}/ap/actors/${artistId}/followers`);
    expect(actor.featuredId?.href).toBe(`${a.baseUrl}/ap/actors/${artistId}/featured`);
    expect((await actor.getPublicKey())?.id?.href).toMatch(new RegExp(`^${actorUri}#`));
    const methods = [];
    for await (const method of actor.getAssertionMethods()) methods.push(method);
    expect(methods.length).toBeGreaterThanOrEqual(2);

    // Every collection and NodeInfo parse too.
    for (const collection of ['followers', 'featured', 'outbox']) {
      const doc = await fetch(`${a.baseUrl}/ap/actors/${artistId}/${collection}`, { headers: { accept: AP } });
      expect(doc.status, collection).toBe(200);
      expect(await parse(await doc.json()), collection).toBeInstanceOf(OrderedCollection);
    }
    const nodeinfo = await fetch(`${a.baseUrl}/.well-known/nodeinfo`);
    expect(nodeinfo.status).toBe(200);
  });

  it('lets a listener on B follow the artist on A by @handle@host: Follow, then Accept', async () => {
    const followed = await listener.json<{ actor: { uri: string; name: string }; accepted: boolean }>('POST', '/api/me/federation/follows', { account: handle });
    expect(followed.status, JSON.stringify(followed.body)).toBe(200);
    expect(followed.body.actor).toMatchObject({ uri: actorUri, name: 'Aurora Vale' });
    await eventually(
      [a, b],
      async () => (await listener.json<{ items: Array<{ actor: { uri: string }; accepted: boolean }> }>('GET', '/api/me/federation/follows')).body.items.find((x) => x.actor.uri === actorUri)?.accepted,
      'the Accept reaching B',
    );
    const profile = await a.context.database.db.selectFrom('profiles').select('subscribers_count').where('id', '=', artistId).executeTakeFirstOrThrow();
    expect(Number(profile.subscribers_count)).toBe(1);
    const followers = await a.context.database.db.selectFrom('remote_followers').selectAll().where('artist_id', '=', artistId).execute();
    expect(followers.map((row) => row.actor_uri)).toEqual([`${b.baseUrl}/artist/${listenerId}`]);
  });

  let trackId: string;
  it("looks up @handle@host for B's Search through B's server: the account, whether B's listener follows it; 404 with a message for nobody, 400 for a malformed one, 401 signed out", async () => {
    const found = await listener.json<{ actor: { uri: string; name: string; url: string | null }; following: boolean; accepted: boolean }>('GET', `/api/me/federation/lookup?account=${encodeURIComponent(handle)}`);
    expect(found.status, JSON.stringify(found.body)).toBe(200);
    expect(found.body).toMatchObject({ actor: { uri: actorUri, name: 'Aurora Vale' }, following: true, accepted: true });
    const stranger = new Client(b.baseUrl);
    await stranger.signUp('Dora Searcher');
    const notFollowing = await stranger.json<{ following: boolean }>('GET', `/api/me/federation/lookup?account=${encodeURIComponent(handle)}`);
    expect(notFollowing.body.following).toBe(false);
    const nobody = await listener.json<{ error: string; message: string }>('GET', `/api/me/federation/lookup?account=${encodeURIComponent(`@nobody_here@${a.host}`)}`);
    expect(nobody.status).toBe(404);
    expect(nobody.body.message).toContain('No account was found');
    expect((await listener.json('GET', '/api/me/federation/lookup?account=not-a-handle')).status).toBe(400);
    expect((await new Client(b.baseUrl).json('GET', `/api/me/federation/lookup?account=${encodeURIComponent(handle)}`)).status).toBe(401);
  });

  it("delivers A's new public track to B as Create(Audio): it shows in B's feed and plays from A", async () => {
    trackId = (await createTrack(artist, 'Northern Drift')).id;
    const hidden = await createTrack(artist, 'Secret Sketch', 'unlisted');
    const item = await eventually(
      [a, b],
      async () => (await listener.json<{ items: Array<{ uri: string; name: string; audioUrl: string; mediaType: string; pageUrl: string; actor: { name: string } }> }>('GET', '/api/me/federation/feed')).body.items.find((x) => x.uri === `${a.baseUrl}/track/${trackId}`),
      'the Create reaching B',
    );
    expect(item).toMatchObject({ name: 'Northern Drift', mediaType: 'audio/mpeg', pageUrl: `${a.baseUrl}/track/${trackId}`, actor: { name: 'Aurora Vale' } });
    expect(item.audioUrl.startsWith(`${a.baseUrl}/media/`)).toBe(true);
    const audio = await fetch(item.audioUrl);
    expect(audio.status).toBe(200);
    expect(Buffer.from(await audio.arrayBuffer()).equals(await mp3)).toBe(true);

    // The Audio object validates; the unlisted track is no document and never reached B.
    const doc = await fetch(`${a.baseUrl}/track/${trackId}`, { headers: { accept: AP } });
    expect(doc.status).toBe(200);
    const object = await parse(await doc.json());
    expect(object).toBeInstanceOf(Audio);
    expect((object as Audio).attributionId?.href).toBe(actorUri);
    expect((await fetch(`${a.baseUrl}/track/${hidden.id}`, { headers: { accept: AP } })).status).toBe(404);
    const feed = (await listener.json<{ items: Array<{ name: string }> }>('GET', '/api/me/federation/feed')).body.items;
    expect(feed.map((x) => x.name)).toEqual(['Northern Drift']);
  });

  it("shows A's track in the B listener's News, dated by its published time, with A's artist and the audio on A; paged by the cursor", async () => {
    type NewsItem = { id: string; kind?: string; authorId: string; authorName: string; createdAt: string; remoteTrack?: { uri: string; name: string; audioUrl: string | null; published: string; durationSec: number | null; actor: { name: string; url: string | null; handle: string | null } } };
    const news = await listener.json<{ items: NewsItem[]; nextCursor: string | null }>('GET', '/api/news');
    expect(news.status).toBe(200);
    const item = news.body.items.find((x) => x.kind === 'remote');
    expect(item).toMatchObject({ id: `remote:${a.baseUrl}/track/${trackId}`, authorId: actorUri, authorName: 'Aurora Vale', remoteTrack: { uri: `${a.baseUrl}/track/${trackId}`, name: 'Northern Drift', actor: { name: 'Aurora Vale', url: actorUri } } });
    expect(item!.createdAt).toBe(item!.remoteTrack!.published);
    expect(item!.remoteTrack!.audioUrl!.startsWith(`${a.baseUrl}/media/`)).toBe(true);
    // B's page may play it (CSP media-src: https:, and http: only as ALLOW_PRIVATE_FETCH is on here),
    // and A lets another origin load its public file (CORP), through the route and its fast path alike.
    const csp = (await fetch(`${b.baseUrl}/api/health`)).headers.get('content-security-policy') ?? '';
    expect(/media-src ([^;]+)/.exec(csp)?.[1]?.split(' ')).toEqual(expect.arrayContaining(["'self'", 'https:', 'http:']));
    for (let i = 0; i < 2; i++) {
      const audio = await fetch(item!.remoteTrack!.audioUrl!, { headers: { origin: b.baseUrl } });
      expect(audio.status).toBe(200);
      expect(audio.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
      // CORS too: B's player asks it with crossOrigin=anonymous once its gain stage routes Web Audio.
      expect(audio.headers.get('access-control-allow-origin')).toBe('*');
      await audio.arrayBuffer();
    }
    expect((await fetch(`${a.baseUrl}/api/health`)).headers.get('cross-origin-resource-policy')).toBe('same-origin');
    // A cursor past it leaves it out; signed out, or another listener who follows nobody there, sees none.
    const older = await listener.json<{ items: NewsItem[] }>('GET', `/api/news?before=${encodeURIComponent(item!.createdAt)}`);
    expect(older.body.items.some((x) => x.kind === 'remote')).toBe(false);
    const stranger = new Client(b.baseUrl);
    await stranger.signUp('Carol Stranger');
    expect((await stranger.json<{ items: NewsItem[] }>('GET', '/api/news')).body.items.some((x) => x.kind === 'remote')).toBe(false);
    expect((await new Client(b.baseUrl).json<{ items: NewsItem[] }>('GET', '/api/news')).body.items.some((x) => x.kind === 'remote')).toBe(false);
  });

  it("counts B's Like and Announce and keeps B's reply on A's track, with B's account name", async () => {
    const ctx = b.context.federation!.core.context();
    const bob = ctx.getActorUri(listenerId);
    const object = new URL(`${a.baseUrl}/track/${trackId}`);
    const recipient = { id: new URL(actorUri), inboxId: new URL(`${a.baseUrl}/ap/actors/${artistId}/inbox`), endpoints: { sharedInbox: new URL(`${a.baseUrl}/inbox`) } };
    await ctx.sendActivity({ identifier: listenerId }, recipient, new Like({ id: new URL('#like-1', bob), actor: bob, object }));
    await ctx.sendActivity({ identifier: listenerId }, recipient, new Announce({ id: new URL('#announce-1', bob), actor: bob, object, to: PUBLIC_COLLECTION }));
    const note = new Note({ id: new URL(`${b.baseUrl}/ap/notes/reply-1`), attribution: bob, content: '<p>Lovely <b>drift</b> &amp; calm</p>', replyTarget: object, to: PUBLIC_COLLECTION });
    await ctx.sendActivity({ identifier: listenerId }, recipient, new Create({ id: new URL('#create-reply-1', bob), actor: bob, object: note, to: PUBLIC_COLLECTION }));
    const reactions = await eventually(
      [b, a],
      async () => {
        const body = (await artist.json<{ likes: number; reposts: number; replies: Array<{ content: string; actor: { name: string; uri: string } }> }>('GET', `/api/tracks/${trackId}/fediverse`)).body;
        return body.likes === 1 && body.reposts === 1 && body.replies.length === 1 ? body : undefined;
      },
      'the Like, Announce and reply reaching A',
    );
    expect(reactions.replies[0]).toMatchObject({ content: 'Lovely drift & calm', actor: { name: 'Bob Listener', uri: bob.href } });
    // The artist's notifications have them as from a local listener, with Bob's name and his page on B.
    const groups = (await artist.json<{ groups: Array<{ kind: string; actors: Array<{ id: string; name: string; url?: string }>; track: { id: string } | null; comment: string | null }> }>('GET', '/api/notifications')).body.groups;
    const from = (kind: string) => groups.find((group) => group.kind === kind);
    for (const kind of ['follow', 'like', 'repost', 'comment']) {
      expect(from(kind)?.actors, kind).toEqual([{ id: bob.href, name: 'Bob Listener', photoURL: null, url: bob.href }]);
    }
    expect(from('like')?.track?.id).toBe(trackId);
    expect(from('comment')?.comment).toBe('Lovely drift & calm');
    const track = await a.context.database.db.selectFrom('tracks').select(['likes_count', 'reposts_count']).where('id', '=', trackId).executeTakeFirstOrThrow();
    expect([Number(track.likes_count), Number(track.reposts_count)]).toEqual([1, 1]);
  });

  it("lets a listener on B like, repost and reply to A's track through B's API: A counts them and keeps the reply; an unlike takes the like back", async () => {
    type Reactions = { likes: number; reposts: number; replies: Array<{ uri: string; content: string; actor: { name: string; uri: string; handle: string | null; url: string | null } }> };
    type NewsItem = { kind?: string; remoteTrack?: { uri: string; liked?: boolean; reposted?: boolean } };
    const eve = new Client(b.baseUrl);
    const eveId = (await eve.signUp('Eve Listener')).id;
    const eveUri = `${b.baseUrl}/artist/${eveId}`;
    expect((await eve.json('POST', '/api/me/federation/follows', { account: handle })).status).toBe(200);
    const uri = `${a.baseUrl}/track/${trackId}`;
    const q = `?uri=${encodeURIComponent(uri)}`;
    const mine = async () => (await eve.json<{ items: NewsItem[] }>('GET', '/api/news')).body.items.find((x) => x.kind === 'remote')?.remoteTrack;
    expect(await mine()).toMatchObject({ uri, liked: false, reposted: false });
    const before = await artist.json<Reactions>('GET', `/api/tracks/${trackId}/fediverse`);
    const { likes, reposts } = before.body;
    const replies = before.body.replies.length;

    // Bad input and strangers first: nothing is sent for them.
    expect((await new Client(b.baseUrl).json('PUT', `/api/me/federation/likes${q}`)).status).toBe(401);
    expect((await new Client(b.baseUrl).json('POST', '/api/me/federation/replies', { uri, text: 'hi' })).status).toBe(401);
    const unknown = await eve.json<{ error: string; message: string }>('PUT', `/api/me/federation/likes?uri=${encodeURIComponent(`${a.baseUrl}/track/nope`)}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ error: 'remote_track_not_found', message: expect.stringContaining('no such remote track') });
    expect((await eve.json('PUT', '/api/me/federation/reposts?uri=not-a-url')).status).toBe(400);
    const empty = await eve.json<{ message: string }>('POST', '/api/me/federation/replies', { uri, text: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toContain('cannot be empty');
    const long = await eve.json<{ message: string }>('POST', '/api/me/federation/replies', { uri, text: 'x'.repeat(501) });
    expect(long.status).toBe(400);
    expect(long.body.message).toContain('at most 500');
    expect((await eve.json('POST', '/api/me/federation/replies', { uri: `${a.baseUrl}/track/nope`, text: 'hello' })).status).toBe(404);

    // Like (twice: one Like leaves), repost, reply.
    for (let i = 0; i < 2; i++) {
      const liked = await eve.json('PUT', `/api/me/federation/likes${q}`);
      expect(liked.status, JSON.stringify(liked.body)).toBe(200);
      expect(liked.body).toEqual({ uri, liked: true, reposted: false });
    }
    expect((await eve.json('PUT', `/api/me/federation/reposts${q}`)).body).toEqual({ uri, liked: true, reposted: true });
    const sent = await eve.json<{ id: string; uri: string; text: string }>('POST', '/api/me/federation/replies', { uri, text: '  Warm & <bright>\nsecond line ' });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body).toMatchObject({ uri, text: 'Warm & <bright>\nsecond line' });
    expect(sent.body.id.startsWith(`${b.baseUrl}/ap/notes/`)).toBe(true);

    const after = await eventually(
      [b, a],
      async () => {
        const body = (await artist.json<Reactions>('GET', `/api/tracks/${trackId}/fediverse`)).body;
        return body.likes === likes + 1 && body.reposts === reposts + 1 && body.replies.length === replies + 1 ? body : undefined;
      },
      "Eve's Like, Announce and reply reaching A",
    );
    expect(after.replies.find((reply) => reply.actor.uri === eveUri)).toEqual({
      uri: sent.body.id,
      content: 'Warm & <bright>\nsecond line',
      createdAt: expect.any(String),
      actor: { uri: eveUri, name: 'Eve Listener', url: eveUri, handle: `@eve_listener@${b.host}` },
    });
    // The counts A shows are the track's own, local and remote alike.
    expect((await artist.json<{ likes: number }>('GET', `/api/tracks/${trackId}`)).body.likes).toBe(likes + 1);
    expect((await artist.json<{ reposts: number }>('GET', `/api/tracks/${trackId}/repost`)).body.reposts).toBe(reposts + 1);
    // B remembers (the buttons after a reload), and the Note answers at its id.
    expect(await mine()).toMatchObject({ uri, liked: true, reposted: true });
    const note = await fetch(sent.body.id, { headers: { accept: AP } });
    expect(note.status).toBe(200);
    const parsed = await parse(await note.json());
    expect(parsed).toBeInstanceOf(Note);
    expect((parsed as Note).replyTargetId?.href).toBe(uri);
    expect((parsed as Note).attributionId?.href).toBe(eveUri);

    // Unlike: the Undo reaches A and the count follows; the repost stays.
    expect((await eve.json('DELETE', `/api/me/federation/likes${q}`)).body).toEqual({ uri, liked: false, reposted: true });
    expect((await eve.json('DELETE', `/api/me/federation/likes${q}`)).body).toEqual({ uri, liked: false, reposted: true });
    await eventually([b, a], async () => (await artist.json<Reactions>('GET', `/api/tracks/${trackId}/fediverse`)).body.likes === likes, 'the Undo of the Like reaching A');
    expect((await artist.json<{ likes: number }>('GET', `/api/tracks/${trackId}`)).body.likes).toBe(likes);
    expect((await artist.json<Reactions>('GET', `/api/tracks/${trackId}/fediverse`)).body.reposts).toBe(reposts + 1);
    expect(await mine()).toMatchObject({ uri, liked: false, reposted: true });

    // An account hidden from the fediverse sends nothing.
    expect((await eve.json('PUT', '/api/me/federation', { enabled: false })).status).toBe(200);
    const hidden = await eve.json<{ error: string }>('PUT', `/api/me/federation/likes${q}`);
    expect(hidden.status).toBe(403);
    expect(hidden.body.error).toBe('federation_off');
    expect((await eve.json('PUT', '/api/me/federation', { enabled: true })).status).toBe(200);
  });

  /** A Like from Bob on B, signed with Bob's own key as Fedify signs (draft-cavage), to A's shared inbox. */
  async function signedLike(id: string, body?: string): Promise<Request> {
    const row = (await b.context.federation!.core.actors.ensure(listenerId))!;
    const [rsa] = await b.context.federation!.core.actors.keyPairs(row);
    const bob = `${b.baseUrl}/artist/${listenerId}`;
    const json = body ?? JSON.stringify({ '@context': 'https://www.w3.org/ns/activitystreams', id: `${bob}#${id}`, type: 'Like', actor: bob, object: `${a.baseUrl}/track/${trackId}` });
    const request = new Request(`${a.baseUrl}/inbox`, { method: 'POST', headers: { 'content-type': AP, accept: AP }, body: json });
    return signRequest(request, rsa!.privateKey, new URL(`${bob}#main-key`), { spec: 'draft-cavage-http-signatures-12' });
  }
  const likeRows = async () => (await a.context.database.db.selectFrom('remote_likes').select('activity_id').execute()).map((row) => row.activity_id);
  const send = async (request: Request) => fetch(request.url, { method: 'POST', headers: request.headers, body: await request.clone().text() });

  it('refuses an unsigned delivery, a forged signature, a replayed delivery and a 10 MB one with 4xx, storing nothing', async () => {
    const before = await likeRows();

    const unsigned = await fetch(`${a.baseUrl}/inbox`, { method: 'POST', headers: { 'content-type': AP }, body: JSON.stringify({ type: 'Like' }) });
    expect(unsigned.status).toBe(401);

    // A signature over another body: the digest no longer matches, and the signature does not verify.
    const genuine = await signedLike('like-forged');
    const forgedBody = JSON.stringify({ '@context': 'https://www.w3.org/ns/activitystreams', id: `${b.baseUrl}/artist/${listenerId}#like-forged-2`, type: 'Like', actor: `${b.baseUrl}/artist/${listenerId}`, object: `${a.baseUrl}/track/${trackId}` });
    const forgedHeaders = new Headers(genuine.headers);
    forgedHeaders.set('signature', (forgedHeaders.get('signature') ?? '').replace(/signature="[^"]+"/, `signature="${Buffer.alloc(256, 7).toString('base64')}"`));
    const forged = await fetch(`${a.baseUrl}/inbox`, { method: 'POST', headers: forgedHeaders, body: await genuine.clone().text() });
    expect(forged.status).toBe(401);
    expect(await forged.json()).toMatchObject({ error: 'bad_signature' });
    const tampered = await fetch(`${a.baseUrl}/inbox`, { method: 'POST', headers: genuine.headers, body: forgedBody });
    expect(tampered.status).toBeGreaterThanOrEqual(400);
    expect(tampered.status).toBeLessThan(500);

    const big = await fetch(`${a.baseUrl}/inbox`, { method: 'POST', headers: { 'content-type': AP, signature: `keyId="${b.baseUrl}/artist/${listenerId}#main-key",signature="x"` }, body: Buffer.alloc(10 * 1024 * 1024, 32) }).catch((error: unknown) => error);
    if (big instanceof Response) expect(big.status).toBe(413);
    else throw new Error(`the 10 MB delivery was not answered: ${String(big)}`);

    await a.context.jobs.idle();
    expect(await likeRows()).toEqual(before);

    // The same signed delivery twice: the first is taken, the copy refused.
    await a.context.database.db.deleteFrom('remote_likes').execute();
    await a.context.database.db.updateTable('tracks').set({ likes_count: 0 }).where('id', '=', trackId).execute();
    const once = await signedLike('like-replayed');
    expect((await send(once)).status).toBe(202);
    const again = await send(once);
    expect(again.status).toBe(409);
    await eventually([a], async () => (await likeRows()).length === 1, 'the first delivery stored');
    await a.context.jobs.idle();
    expect(await likeRows()).toEqual([`${b.baseUrl}/artist/${listenerId}#like-replayed`]);
  });

  it('fuzzes the inbox: hostile activities signed by a real key are answered 2xx or 4xx, never 5xx, and the counters stay in step with their rows', async () => {
    const rng = new Rng(process.env.FUZZ_SEED ?? 'platter-inbox-fuzz-1');
    const bob = `${b.baseUrl}/artist/${listenerId}`;
    const track = `${a.baseUrl}/track/${trackId}`;
    const nasty = () => rng.pick([...NASTY_STRINGS, track, bob, `${a.baseUrl}/artist/${artistId}`, 'https://www.w3.org/ns/activitystreams#Public', 'acct:x@y']);
    const value = (depth: number): unknown => {
      const roll = rng.int(8);
      if (depth > 3 || roll === 0) return nasty();
      if (roll === 1) return rng.int(2 ** 31) - 2 ** 30;
      if (roll === 2) return null;
      if (roll === 3) return [value(depth + 1), value(depth + 1)];
      if (roll === 4) return { type: rng.pick(['Note', 'Audio', 'Person', 'Tombstone', 'Follow', 'Like']), id: nasty(), content: nasty(), inReplyTo: nasty(), attributedTo: nasty() };
      return nasty();
    };
    const bodies: string[] = [];
    for (let i = 0; i < 40; i++) {
      const activity: Record<string, unknown> = {
        '@context': rng.chance(0.9) ? 'https://www.w3.org/ns/activitystreams' : value(2),
        id: rng.chance(0.8) ? `${bob}#fuzz-${i}` : value(2),
        type: rng.pick(['Follow', 'Undo', 'Like', 'Announce', 'Create', 'Update', 'Delete', 'Accept', 'Move', 'Flag', 'Block', nasty()]),
        actor: rng.chance(0.8) ? bob : value(1),
        object: rng.chance(0.4) ? track : value(0),
      };
      if (rng.chance(0.3)) activity[nasty() || 'x'] = value(0);
      const text = JSON.stringify(activity);
      bodies.push(rng.chance(0.1) ? text.slice(0, rng.int(text.length)) : text);
    }
    const statuses: number[] = [];
    for (const body of bodies) {
      const response = await send(await signedLike('fuzz', body));
      statuses.push(response.status);
      expect(response.status, body).toBeLessThan(500);
      expect(response.status, body).toBeGreaterThanOrEqual(200);
      if (response.status >= 400) expect(await response.json(), body).toEqual({ error: expect.any(String), message: expect.stringMatching(/\w/) });
    }
    // Some got past the signature (the fuzz reached the listeners); whatever they did, each counter is its rows' count (no local likes or reposts here).
    expect(statuses.some((status) => status === 202)).toBe(true);
    await a.context.jobs.idle();
    const { db } = a.context.database;
    const after = await db.selectFrom('tracks').select(['likes_count', 'reposts_count']).where('id', '=', trackId).executeTakeFirstOrThrow();
    const rows = async (table: 'remote_likes' | 'remote_reposts') => (await db.selectFrom(table).select('actor_uri').where('track_id', '=', trackId).execute()).length;
    expect([Number(after.likes_count), Number(after.reposts_count)]).toEqual([await rows('remote_likes'), await rows('remote_reposts')]);
  });

  it("refuses a blocked instance's deliveries with 403 until the admin lifts the block", async () => {
    expect((await adminA.json('PUT', `/api/admin/federation/blocks/${encodeURIComponent(b.host)}`)).status).toBe(200);
    expect((await artist.json('PUT', `/api/admin/federation/blocks/${encodeURIComponent(b.host)}`)).status).toBe(403);
    await a.context.database.db.deleteFrom('remote_likes').execute();
    const blocked = await send(await signedLike('like-blocked'));
    expect(blocked.status).toBe(403);
    await a.context.jobs.idle();
    expect(await likeRows()).toEqual([]);
    expect((await adminA.json('DELETE', `/api/admin/federation/blocks/${encodeURIComponent(b.host)}`)).status).toBe(200);
    expect((await send(await signedLike('like-after-block'))).status).toBe(202);
  });

  it("sends A's edit as Update and its removal as Delete", async () => {
    expect((await artist.json('PATCH', `/api/tracks/${trackId}`, { title: 'Northern Drift (Edit)', genre: 'Dance' })).status).toBe(200);
    await eventually(
      [a, b],
      async () => (await listener.json<{ items: Array<{ name: string }> }>('GET', '/api/me/federation/feed')).body.items.some((x) => x.name === 'Northern Drift (Edit)'),
      'the Update reaching B',
    );
    expect((await artist.request('DELETE', `/api/tracks/${trackId}`)).status).toBe(204);
    await eventually([a, b], async () => (await listener.json<{ items: unknown[] }>('GET', '/api/me/federation/feed')).body.items.length === 0, 'the Delete reaching B');
  });

  it('hides an artist who turns federation off: WebFinger and the actor answer 404, and no delivery leaves', async () => {
    const earlier = await createTrack(artist, 'Before the Switch');
    await eventually([a, b], async () => (await a.context.database.db.selectFrom('federated_tracks').select('track_id').where('track_id', '=', earlier.id).executeTakeFirst()) !== undefined, 'the earlier track sent');
    expect((await artist.json('PUT', '/api/me/federation', { enabled: false })).body).toMatchObject({ enabled: false });
    expect((await fetch(actorUri, { headers: { accept: AP } })).status).toBe(404);
    expect((await fetch(`${a.baseUrl}/.well-known/webfinger?resource=${encodeURIComponent(`acct:aurora_vale@${a.host}`)}`)).status).toBe(404);
    const quiet = await createTrack(artist, 'Off the Grid');
    // An edit of a track its followers have, while off, sends nothing either (no Update, no Delete).
    const sentBefore = await a.context.database.db.selectFrom('federated_tracks').selectAll().execute();
    expect((await artist.json('PATCH', `/api/tracks/${earlier.id}`, { title: 'Renamed While Off', genre: 'Dance' })).status).toBe(200);
    await a.context.jobs.idle();
    await b.context.jobs.idle();
    expect(await a.context.database.db.selectFrom('federated_tracks').select('track_id').where('track_id', '=', quiet.id).executeTakeFirst()).toBeUndefined();
    expect(await a.context.database.db.selectFrom('federated_tracks').selectAll().execute()).toEqual(sentBefore);
    const feed = (await listener.json<{ items: Array<{ name: string }> }>('GET', '/api/me/federation/feed')).body.items.map((x) => x.name);
    expect(feed).toEqual(['Before the Switch']);
    expect((await artist.json('PUT', '/api/me/federation', { enabled: true })).body).toMatchObject({ enabled: true });
    expect((await fetch(actorUri, { headers: { accept: AP } })).status).toBe(200);
  });
  const remoteNote = async (uri: string) => (await b.context.database.db.selectFrom('remote_notes').selectAll().where('uri', '=', uri).executeTakeFirst()) ?? undefined;

  it("sends A's post to B as Create(Note), dereferenceable at its id; an edit as Update(Note), its deletion as Delete", async () => {
    const created = await artist.json<{ id: string }>('POST', '/api/posts', { text: 'New single on <Friday> & more\nsee you' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const noteUri = `${a.baseUrl}/ap/notes/${created.body.id}`;
    const stored = await eventually([a, b], () => remoteNote(noteUri), 'the Create(Note) reaching B');
    expect(stored).toMatchObject({ actor_uri: actorUri, content: 'New single on <Friday> & more\nsee you', url: actorUri });

    // The Note at its id: escaped HTML, attributed to the artist, to Public and cc her followers.
    const doc = await fetch(noteUri, { headers: { accept: AP } });
    expect(doc.status).toBe(200);
    const note = await parse(await doc.json());
    expect(note).toBeInstanceOf(Note);
    expect(note.content?.toString()).toBe('<p>New single on &lt;Friday&gt; &amp; more<br>see you</p>');
    expect((note as Note).attributionId?.href).toBe(actorUri);
    expect(note.toIds.map((id) => id.href)).toEqual([PUBLIC_COLLECTION.href]);
    expect(note.ccIds.map((id) => id.href)).toEqual([`${a.baseUrl}/ap/actors/${artistId}/followers`]);
    expect(note.published?.toString()).toBeTruthy();

    // Posts have no edit route yet: the row changes, and the post's sync sends Update(Note) (only when it changed).
    await a.context.database.db.updateTable('posts').set({ text: 'New single on Friday' }).where('id', '=', created.body.id).execute();
    await a.context.federation!.core.syncPost(created.body.id);
    await eventually([a, b], async () => (await remoteNote(noteUri))?.content === 'New single on Friday', 'the Update(Note) reaching B');

    expect((await artist.request('DELETE', `/api/posts/${created.body.id}`)).status).toBe(204);
    await eventually([a, b], async () => (await remoteNote(noteUri)) === undefined, 'the Delete reaching B');
    expect((await fetch(noteUri, { headers: { accept: AP } })).status).toBe(404);
    expect(await a.context.database.db.selectFrom('federated_posts').selectAll().execute()).toEqual([]);
  });

  it("lists the artist's public releases in her featured collection, each with its name, page, publication and Audio tracks", async () => {
    const one = await createTrack(artist, 'Album Opener');
    const two = await createTrack(artist, 'Album Closer');
    const release = await artist.json<{ id: string }>('POST', '/api/releases', { title: 'Night Shapes', type: 'album', trackIds: [one.id, two.id] });
    expect(release.status, JSON.stringify(release.body)).toBe(201);
    const hidden = await createTrack(artist, 'Demo Only', 'private');
    const secret = await artist.json<{ id: string }>('POST', '/api/releases', { title: 'Hidden Tapes', type: 'ep', trackIds: [hidden.id], visibility: 'private' });
    expect(secret.status, JSON.stringify(secret.body)).toBe(201);

    const response = await fetch(`${a.baseUrl}/ap/actors/${artistId}/featured`, { headers: { accept: AP } });
    expect(response.status).toBe(200);
    const featured = await parse(await response.json());
    expect(featured).toBeInstanceOf(OrderedCollection);
    const items = [];
    for await (const item of (featured as OrderedCollection).getItems()) items.push(item);
    expect(items).toHaveLength(1);
    const album = items[0] as Collection;
    expect(album).toBeInstanceOf(OrderedCollection);
    expect(album.name?.toString()).toBe('Night Shapes');
    expect(album.url instanceof Link ? album.url.href?.href : undefined).toBe(`${a.baseUrl}/release/${release.body.id}`);
    expect(album.published).toBeTruthy();
    const tracks = [];
    for await (const track of album.getItems()) tracks.push(track);
    expect(tracks.every((track) => track instanceof Audio)).toBe(true);
    expect(tracks.map((track) => track.id?.href)).toEqual([`${a.baseUrl}/track/${one.id}`, `${a.baseUrl}/track/${two.id}`]);
  });

  /**
   * What `fedify lookup` does (the CLI is a thin shell over @fedify/vocab's lookupObject, and the
   * registry's @fedify/cli fetches a binary from GitHub at install, which this machine cannot): each
   * document Platter serves is looked up by its id and read as its type. And each expands under its
   * own JSON-LD context (jsonld's safe mode) with every property a term of the vocabulary: the
   * ActivityStreams context maps an unknown term to a blank node (`"@vocab": "_:"`) rather than
   * dropping it, so an expanded key starting with `_:` is a property no context defines.
   */
  it("serves ActivityStreams documents that Fedify's lookup reads as their types and that expand under their JSON-LD context with no term dropped", async () => {
    const track = await createTrack(artist, 'Conformance Check');
    const post = await artist.json<{ id: string }>('POST', '/api/posts', { text: 'Checking <the> vocabulary' });
    expect(post.status).toBe(201);
    const documents: Array<[string, new (...args: never[]) => unknown]> = [
      [actorUri, Person],
      [`${a.baseUrl}/track/${track.id}`, Audio],
      [`${a.baseUrl}/ap/notes/${post.body.id}`, Note],
      [`${a.baseUrl}/ap/actors/${artistId}/outbox`, OrderedCollection],
      [`${a.baseUrl}/ap/actors/${artistId}/followers`, OrderedCollection],
      [`${a.baseUrl}/ap/actors/${artistId}/featured`, OrderedCollection],
    ];
    const contextLoader = async (url: string) => {
      if (!Object.hasOwn(preloadedContexts, url)) throw new Error(`a context Fedify does not ship: ${url}`);
      return { contextUrl: null, document: preloadedContexts[url], documentUrl: url };
    };
    for (const [uri, type] of documents) {
      const object = await lookupObject(uri, { documentLoader, contextLoader });
      expect(object, uri).toBeInstanceOf(type);
      expect((object as APObject).id?.href, uri).toBe(uri);
      const response = await fetch(uri, { headers: { accept: AP } });
      expect(response.headers.get('content-type'), uri).toMatch(/^application\/activity\+json/);
      const document = (await response.json()) as Record<string, unknown>;
      expect(document['@context'], uri).toBeTruthy();
      const expanded = await jsonld.expand(document, { documentLoader: contextLoader, safe: true });
      expect(expanded.length, uri).toBe(1);
      expect(expanded[0]!['@id'], uri).toBe(uri);
      expect(undefinedTerms(expanded), uri).toEqual([]);
    }
    // The check bites: a term no context defines is found.
    const made = await jsonld.expand({ '@context': 'https://www.w3.org/ns/activitystreams', id: actorUri, type: 'Person', favouriteColour: 'teal' }, { documentLoader: contextLoader, safe: true });
    expect(undefinedTerms(made)).toEqual(['_:favouriteColour']);
  });

  it("sends an edit of the artist's profile to B as Update(Person): B shows her new name", async () => {
    expect((await artist.json('PATCH', '/api/me/profile', { displayName: 'Aurora Vale Trio', bio: 'Now a trio' })).status).toBe(200);
    await eventually(
      [a, b],
      async () => (await listener.json<{ items: Array<{ actor: { uri: string; name: string } }> }>('GET', '/api/me/federation/follows')).body.items.find((x) => x.actor.uri === actorUri)?.actor.name === 'Aurora Vale Trio',
      'the Update(Person) reaching B',
    );
  });

  it("prunes a follower whose inbox answers 410 Gone, with the artist's subscriber count", async () => {
    const posted: string[] = [];
    const gone = http.createServer((request, response) => {
      posted.push(`${request.method} ${request.url}`);
      request.resume();
      response.writeHead(410, { 'content-type': 'text/plain' }).end('Gone');
    });
    await new Promise<void>((resolve) => gone.listen(0, '127.0.0.1', resolve));
    try {
      const port = (gone.address() as { port: number }).port;
      const departed = `http://127.0.0.1:${port}/users/departed`;
      const repository = new FederationRepository(a.context.database.db);
      const count = async () => Number((await a.context.database.db.selectFrom('profiles').select('subscribers_count').where('id', '=', artistId).executeTakeFirstOrThrow()).subscribers_count);
      const before = await count();
      await repository.addRemoteFollower(artistId, { uri: departed, handle: '@departed@gone', name: 'Departed', url: departed, icon_url: null, inbox: `http://127.0.0.1:${port}/users/departed/inbox`, shared_inbox: null, updated_at: new Date().toISOString() }, null, new Date().toISOString());
      expect(await count()).toBe(before + 1);
      expect((await artist.json('POST', '/api/posts', { text: 'Anyone there?' })).status).toBe(201);
      await eventually([a, b], async () => (await a.context.database.db.selectFrom('remote_followers').select('actor_uri').where('actor_uri', '=', departed).executeTakeFirst()) === undefined, 'the 410 pruning the follower');
      expect(posted).toContain('POST /users/departed/inbox');
      expect(await count()).toBe(before);
      // B's listeners, whose inbox answers, still follow.
      const followers = (await a.context.database.db.selectFrom('remote_followers').select('actor_uri').where('artist_id', '=', artistId).execute()).map((row) => row.actor_uri);
      expect(followers).toContain(`${b.baseUrl}/artist/${listenerId}`);
      expect(followers.every((uri) => uri.startsWith(`${b.baseUrl}/`))).toBe(true);
    } finally {
      await new Promise((resolve) => gone.close(resolve));
    }
  });

  it("sends Delete(Person) when an artist's account is deleted: B forgets the follow and her tracks, and her actor and WebFinger answer 410 Gone", async () => {
    const leaving = new Client(a.baseUrl);
    const leavingId = (await leaving.signUp('Leona Leaving')).id;
    const leavingHandle = (await leaving.json<{ handle: string }>('GET', '/api/me/federation')).body.handle;
    const leavingUri = `${a.baseUrl}/artist/${leavingId}`;
    expect((await listener.json('POST', '/api/me/federation/follows', { account: leavingHandle })).status).toBe(200);
    await eventually([a, b], async () => (await listener.json<{ items: Array<{ actor: { uri: string }; accepted: boolean }> }>('GET', '/api/me/federation/follows')).body.items.find((x) => x.actor.uri === leavingUri)?.accepted, 'the Accept reaching B');
    const song = await createTrack(leaving, 'Last Song');
    await eventually([a, b], async () => (await listener.json<{ items: Array<{ uri: string }> }>('GET', '/api/me/federation/feed')).body.items.some((x) => x.uri === `${a.baseUrl}/track/${song.id}`), 'her track reaching B');

    await a.context.services.accountDeletion.purge(leavingId);
    await eventually([a, b], async () => !(await listener.json<{ items: Array<{ actor: { uri: string } }> }>('GET', '/api/me/federation/follows')).body.items.some((x) => x.actor.uri === leavingUri), 'the Delete(Person) reaching B');
    expect((await listener.json<{ items: Array<{ uri: string }> }>('GET', '/api/me/federation/feed')).body.items.some((x) => x.uri === `${a.baseUrl}/track/${song.id}`)).toBe(false);
    // Aurora is still followed.
    expect((await listener.json<{ items: Array<{ actor: { uri: string } }> }>('GET', '/api/me/federation/follows')).body.items.map((x) => x.actor.uri)).toEqual([actorUri]);

    expect((await fetch(leavingUri, { headers: { accept: AP } })).status).toBe(410);
    const user = leavingHandle.split('@')[1]!;
    expect((await fetch(`${a.baseUrl}/.well-known/webfinger?resource=${encodeURIComponent(`acct:${user}@${a.host}`)}`)).status).toBe(410);
  });
});
