import dns from 'node:dns';
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Connect, Resolve } from '../src/lib/outbound/outbound-fetch.js';
import { createOutboundFetch } from '../src/lib/outbound/outbound-fetch.js';
import { makeMp3 } from './support/audio-fixtures.js';
import { Client } from './support/http-client.js';
import { type TestApp, dialect, startTestApp } from './support/test-app.js';
import { uploadTrack } from './support/uploads.js';

type ErrorBody = { error: string; message: string };

const BLOCKED = "Platter can't connect to that address: it points into a private network.";
/** A public address no packet is ever sent to: the injected connect leads it to the loopback redirector. */
const FAKE_PUBLIC = '93.184.215.14';
/**
 * Fediverse servers at FAKE_PUBLIC (the redirector answers for them by Host): one whose WebFinger
 * redirects to the counting listener, one whose WebFinger names an actor there, one whose actor
 * is public but whose inbox is there.
 */
const FEDI_HOSTS = ['fedi-redirect.example', 'fedi-pointer.example', 'fedi-inbox.example'];

/**
 * A listener points Platter's outbound requests at the server's own network through the settings
 * (their own ListenBrainz server): by address, by a name resolving there, IPv4-mapped, and through
 * a redirect from a "public" server. Each is refused with the same message, and the loopback
 * listener they aim at never sees a connection. Traffic stays on loopback: the one "public" host
 * is a name the injected resolver gives a public address, and the injected connect leads that
 * address, and only that one, to a loopback redirector.
 */
describe(`outbound guard: a listener's addresses (${dialect})`, () => {
  let t: TestApp;
  let listener: Client;
  let counting: net.Server;
  let countingPort: number;
  let connections = 0;
  let redirector: http.Server;
  let redirectorPort: number;
  const redirected: string[] = [];
  /** What the "public" fediverse servers were asked (host and path). */
  const fediRequests: string[] = [];
  const strayConnects: string[] = [];
  /** lb-later.example: public until the test turns it to 127.0.0.1 (a name that resolves elsewhere later). */
  let rebound = false;
  const TOKEN = 'a3f1c2d4-0000-4000-8000-000000000001';

  const resolve: Resolve = async (hostname) => {
    if (hostname === 'lb.example') return [{ address: FAKE_PUBLIC, family: 4 }];
    if (hostname === 'lb-later.example') return [{ address: rebound ? '127.0.0.1' : FAKE_PUBLIC, family: 4 }];
    if (hostname === 'counting.example') return [{ address: '127.0.0.1', family: 4 }];
    // "Public" fediverse servers: the redirector answers for them by the Host header.
    if (FEDI_HOSTS.includes(hostname)) return [{ address: FAKE_PUBLIC, family: 4 }];
    if (hostname === 'localhost') return dns.promises.lookup('localhost', { all: true });
    throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  };
  /** Loopback connections are made for real (so the counting listener is the witness); anything else is never opened. */
  const tcp = (host: string, port: number) =>
    new Promise<net.Socket>((done, fail) => {
      const socket = net.connect({ host, port }, () => done(socket));
      socket.once('error', fail);
    });
  const connect: Connect = ({ address, port }) => {
    // The "public" ListenBrainz, spoken to without TLS: a stand-in for the transport, not the guard.
    if (address === FAKE_PUBLIC) return tcp('127.0.0.1', redirectorPort);
    strayConnects.push(`${address}:${port}`);
    if (/^(127\.|::ffff:127\.|::1$)/.test(address)) return tcp(address, port);
    return Promise.reject(new Error(`the guard tried to connect to ${address}:${port}`));
  };

  beforeAll(async () => {
    counting = net.createServer((socket) => {
      connections++;
      socket.destroy();
    });
    await new Promise<void>((done) => counting.listen(0, '127.0.0.1', done));
    countingPort = (counting.address() as AddressInfo).port;
    redirector = http.createServer((request, response) => {
      const host = request.headers.host ?? '';
      if (FEDI_HOSTS.includes(host)) {
        fediRequests.push(`${host}${request.url ?? ''}`);
        const counted = `http://127.0.0.1:${countingPort}`;
        if (host === 'fedi-redirect.example') return void response.writeHead(302, { location: `${counted}/.well-known/webfinger` }).end();
        if (request.url?.startsWith('/.well-known/webfinger')) {
          const self = host === 'fedi-pointer.example' ? `${counted}/users/fan` : `https://${host}/users/fan`;
          return void response.writeHead(200, { 'content-type': 'application/jrd+json' }).end(JSON.stringify({ subject: `acct:fan@${host}`, links: [{ rel: 'self', type: 'application/activity+json', href: self }] }));
        }
        if (request.url === '/users/fan') {
          const actor = { '@context': 'https://www.w3.org/ns/activitystreams', type: 'Person', id: `https://${host}/users/fan`, preferredUsername: 'fan', inbox: `${counted}/inbox`, outbox: `https://${host}/users/fan/outbox` };
          return void response.writeHead(200, { 'content-type': 'application/activity+json' }).end(JSON.stringify(actor));
        }
        return void response.writeHead(404).end();
      }
      redirected.push(request.url ?? '');
      // Under /good/: a ListenBrainz that takes the token and the listens; elsewhere: a redirect to the counting listener.
      if (request.url === '/good/1/validate-token') return void response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ valid: true, user_name: 'curious' }));
      if (request.url === '/good/1/submit-listens') return void response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
      response.writeHead(307, { location: `http://127.0.0.1:${countingPort}/1/validate-token` }).end();
    });
    await new Promise<void>((done) => redirector.listen(0, '127.0.0.1', done));
    redirectorPort = (redirector.address() as AddressInfo).port;

    // PUBLIC_URL turns federation on (actor ids live under it); nothing ever fetches it.
    t = await startTestApp({ PUBLIC_URL: 'http://platter.example' }, {}, { outbound: { resolve, connect } });
    expect(t.config.allowPrivateFetch).toBe(false);
    listener = new Client(t.baseUrl);
    await listener.signUp('Curious Listener');
  });
  afterAll(async () => {
    await t.close();
    await new Promise((done) => counting.close(done));
    redirector.closeAllConnections();
    await new Promise((done) => redirector.close(done));
  });

  it('the counting listener counts a connection when one is made (so zero below means none)', async () => {
    const allowed = createOutboundFetch({ allowPrivate: true, timeoutMs: 5_000, maxBytes: 1024, maxRedirects: 0 });
    await expect(allowed(`http://127.0.0.1:${countingPort}/`)).rejects.toMatchObject({ code: 'unreachable' });
    expect(connections).toBe(1);
    connections = 0;
  });

  it.each([
    ['directly', () => `https://127.0.0.1:${countingPort}`],
    ['by localhost', () => `https://localhost:${countingPort}`],
    ['by a name resolving to it', () => `https://counting.example:${countingPort}`],
    ['IPv4-mapped IPv6', () => `https://[::ffff:127.0.0.1]:${countingPort}`],
    ['in decimal', () => `https://2130706433:${countingPort}`],
    ['through a redirect from a public server', () => 'https://lb.example/api'],
  ])('a custom ListenBrainz server on the loopback listener, %s, is refused with the same message', async (_how, serverUrl) => {
    const answer = await listener.json<ErrorBody>('PUT', '/api/me/listenbrainz', { token: TOKEN, serverUrl: serverUrl() });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ error: 'outbound_blocked_address', message: BLOCKED });
    expect(connections).toBe(0);
    expect(strayConnects).toEqual([]);
  });

  it('the redirect case was refused at its second hop, after the public server answered', async () => {
    expect(redirected).toEqual(['/api/1/validate-token']);
    expect((await listener.json<{ linked: boolean }>('GET', '/api/me/listenbrainz')).body.linked).toBe(false);
  });

  it('a linked server whose name later resolves into the network stops sending, with the same message, and is never connected to', async () => {
    const artist = new Client(t.baseUrl);
    await artist.signUp('Guarded Artist');
    const trackId = ((await uploadTrack(artist, await makeMp3(2), { title: 'Guarded Listen' })) as { id: string }).id;
    const linked = await listener.json<{ linked: boolean; serverUrl: string }>('PUT', '/api/me/listenbrainz', { token: TOKEN, serverUrl: 'https://lb-later.example/good' });
    expect(linked.status).toBe(200);
    expect(linked.body).toMatchObject({ linked: true, serverUrl: 'https://lb-later.example/good' });

    rebound = true;
    const sentBefore = redirected.length;
    expect((await listener.json<{ counted: boolean }>('POST', `/api/tracks/${trackId}/listens`, {})).body.counted).toBe(true);
    await expect.poll(async () => (await listener.json<{ lastStatus: string | null }>('GET', '/api/me/listenbrainz')).body.lastStatus, { timeout: 15_000 }).toBe('failed');
    expect((await listener.json<{ lastError: string; pending: number }>('GET', '/api/me/listenbrainz')).body).toMatchObject({ lastError: BLOCKED, pending: 1 });
    expect(redirected.length).toBe(sentBefore);
    expect(connections).toBe(0);
    expect(strayConnects).toEqual([]);
  });

  it.each([
    ['by @name@address', () => `@fan@127.0.0.1:${countingPort}`],
    ['by its actor address', () => `http://127.0.0.1:${countingPort}/users/fan`],
    ['by a name resolving to it', () => `@fan@counting.example:${countingPort}`],
    ['IPv4-mapped IPv6', () => `http://[::ffff:127.0.0.1]:${countingPort}/users/fan`],
    ['through a redirect from a public server', () => '@fan@fedi-redirect.example'],
    ['named by a public server\'s WebFinger', () => '@fan@fedi-pointer.example'],
    ['as the inbox of a public actor', () => '@fan@fedi-inbox.example'],
  ])('following a remote actor on the loopback listener, %s, is refused with the same message', async (_how, account) => {
    const answer = await listener.json<ErrorBody>('POST', '/api/me/federation/follows', { account: account() });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ error: 'outbound_blocked_address', message: BLOCKED });
    expect(connections).toBe(0);
    expect(strayConnects).toEqual([]);
    expect((await listener.json<{ items: unknown[] }>('GET', '/api/me/federation/follows')).body.items).toEqual([]);
    const db = t.context.database.db;
    expect(await db.selectFrom('remote_actors').select('uri').execute()).toEqual([]);
  });

  it('the public servers were asked only what leads to the refusal (WebFinger, and the actor whose inbox is refused)', () => {
    expect(fediRequests).toEqual([
      '/.well-known/webfinger?resource=acct%3Afan%40fedi-redirect.example',
      '/.well-known/webfinger?resource=acct%3Afan%40fedi-pointer.example',
      '/.well-known/webfinger?resource=acct%3Afan%40fedi-inbox.example',
      '/users/fan',
    ].map((path, i) => `${['fedi-redirect.example', 'fedi-pointer.example', 'fedi-inbox.example', 'fedi-inbox.example'][i]}${path}`));
  });
});
