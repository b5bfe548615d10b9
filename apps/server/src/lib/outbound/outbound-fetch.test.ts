import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classifyAddress } from './address-policy.js';
import { type Connect, type OutboundFetchOptions, type Resolve, createOutboundFetch } from './outbound-fetch.js';
import { OutboundError } from './outbound-error.js';

/**
 * These tests never send a packet outside 127.0.0.0/8 and ::1. Private, link-local and metadata
 * addresses are only ever handed to a connect function that fails the test if it is called; the
 * "public" host below is a name the injected resolver gives a public address, and the injected
 * connect leads that one address to a loopback test server.
 */
const FAKE_PUBLIC = '93.184.215.14';
const BLOCKED = "Platter can't connect to that address: it points into a private network.";

/** A connect function that fails the test if it is ever called. */
const failingConnect: Connect = (target) => {
  expect.fail(`the guard tried to connect to ${target.address}:${target.port}`);
};

const noResolver: Resolve = (hostname) => {
  expect.fail(`the guard resolved ${hostname}`);
};

function guard(overrides: Partial<OutboundFetchOptions> = {}) {
  return createOutboundFetch({ allowPrivate: false, resolve: noResolver, connect: failingConnect, timeoutMs: 5_000, maxBytes: 1024, maxRedirects: 3, ...overrides });
}

async function refusal(promise: Promise<unknown>): Promise<OutboundError> {
  const error = await promise.then(
    () => expect.fail('the request was not refused'),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(OutboundError);
  return error as OutboundError;
}

describe('classifyAddress', () => {
  it.each([
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'private'],
    ['127.0.0.1', 'private'],
    ['::1', 'private'],
    ['fe80::1', 'private'],
    ['fc00::1', 'private'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:127.0.0.1', 'private'],
    ['64:ff9b::a00:1', 'private'],
    ['2002:c0a8:101::1', 'private'],
    ['169.254.169.254', 'never'],
    ['::ffff:169.254.169.254', 'never'],
    ['fd00:ec2::254', 'never'],
    ['0.0.0.0', 'never'],
    ['::', 'never'],
    ['224.0.0.1', 'never'],
    ['not an address', 'never'],
    ['93.184.215.14', 'public'],
    ['2606:2800:21f:cb07:6820:80da:af6b:8b2c', 'public'],
    ['::ffff:93.184.215.14', 'public'],
  ])('%s is %s', (address, verdict) => {
    expect(classifyAddress(address)).toBe(verdict);
  });
});

describe('the outbound guard refuses without connecting', () => {
  it.each([
    'http://10.0.0.1/',
    'http://172.16.0.1/',
    'http://192.168.1.1/',
    'http://169.254.169.254/latest/meta-data/',
    'http://100.64.0.1/',
    'http://0.0.0.0/',
    'http://[::1]/',
    'http://[fe80::1]/',
    'http://[fc00::1]/',
    'http://[fd00:ec2::254]/',
    'http://[::ffff:10.0.0.1]/',
    'http://[::ffff:127.0.0.1]/',
    'https://127.0.0.1:22/',
    'http://2130706433/',
    'http://0x7f.1/',
    'http://0177.0.0.1/',
    'http://127.1/',
  ])('%s', async (url) => {
    const error = await refusal(guard()(url));
    expect(error.code).toBe('blocked-address');
    expect(error.message).toBe(BLOCKED);
  });

  it('refuses a name whose addresses mix public and private ones, whichever comes first', async () => {
    for (const addresses of [
      [FAKE_PUBLIC, '10.0.0.1'],
      ['192.168.1.1', FAKE_PUBLIC],
      [FAKE_PUBLIC, 'fd00::1'],
    ]) {
      const resolve: Resolve = async () => addresses.map((address) => ({ address, family: net.isIP(address) }));
      const error = await refusal(guard({ resolve })('https://mixed.example/'));
      expect(error.code).toBe('blocked-address');
    }
  });

  it('refuses metadata addresses even when private networks are allowed', async () => {
    const resolve: Resolve = async () => [{ address: '169.254.169.254', family: 4 }];
    expect((await refusal(guard({ allowPrivate: true })('http://169.254.169.254/'))).code).toBe('blocked-address');
    expect((await refusal(guard({ allowPrivate: true })('http://[fd00:ec2::254]/'))).code).toBe('blocked-address');
    expect((await refusal(guard({ allowPrivate: true, resolve })('http://metadata.internal/'))).code).toBe('blocked-address');
  });

  it('refuses other schemes and addresses with credentials', async () => {
    for (const url of ['file:///etc/passwd', 'ftp://example.org/', 'gopher://example.org/', 'http://user:pass@example.org/', 'not a url']) {
      const error = await refusal(guard()(url));
      expect(error.code).toBe('bad-url');
    }
  });

  it('says a name that does not resolve is unreachable, without the resolver’s words', async () => {
    const resolve: Resolve = () => Promise.reject(Object.assign(new Error('getaddrinfo ENOTFOUND nowhere.example'), { code: 'ENOTFOUND' }));
    const error = await refusal(guard({ resolve })('https://nowhere.example/'));
    expect(error.code).toBe('unreachable');
    expect(error.message).toBe('Could not reach the server at nowhere.example. Check the address, or try again later.');
  });
});

describe('the outbound guard with a fake public server', () => {
  let server: http.Server;
  let port: number;
  let loopbackConnections = 0;
  const seen: Array<{ url: string; authorization: string | undefined; method: string }> = [];
  let counting: net.Server;
  let countingPort: number;

  /** Resolves public.example to a public address and the names below as they say. */
  const resolve: Resolve = async (hostname) => {
    if (hostname === 'public.example' || hostname === 'other.example') return [{ address: FAKE_PUBLIC, family: 4 }];
    if (hostname === 'intranet.example') return [{ address: '10.1.2.3', family: 4 }];
    expect.fail(`unexpected lookup of ${hostname}`);
  };
  /** Leads the one fake public address to the loopback test server; anything else fails the test. */
  const connect: Connect = ({ address }) => {
    if (address !== FAKE_PUBLIC) expect.fail(`the guard tried to connect to ${address}`);
    return new Promise((done, fail) => {
      const socket = net.connect({ host: '127.0.0.1', port }, () => done(socket));
      socket.once('error', fail);
    });
  };

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      seen.push({ url: `${request.headers.host}${request.url}`, authorization: request.headers.authorization, method: request.method ?? '' });
      const to = (location: string, status = 302) => response.writeHead(status, { location }).end();
      const path = request.url ?? '/';
      if (path === '/to-private') return to('http://10.0.0.1/admin');
      if (path === '/to-metadata') return to('http://169.254.169.254/latest/meta-data/');
      if (path === '/to-loopback') return to(`http://127.0.0.1:${countingPort}/`);
      if (path === '/to-mapped') return to(`http://[::ffff:127.0.0.1]:${countingPort}/`);
      if (path === '/to-intranet') return to('http://intranet.example/');
      if (path === '/to-other') return to('http://other.example/landing', 307);
      if (path === '/post-303') return to('/landing', 303);
      if (path === '/loop') return to('/loop');
      if (path === '/big') return response.end('x'.repeat(4096));
      if (path === '/big-chunked') {
        response.write('x'.repeat(800));
        response.write('x'.repeat(800));
        return response.end();
      }
      if (path === '/silent') return;
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: true, path }));
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    port = (server.address() as AddressInfo).port;
    counting = net.createServer((socket) => {
      loopbackConnections++;
      socket.destroy();
    });
    await new Promise<void>((done) => counting.listen(0, '127.0.0.1', done));
    countingPort = (counting.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((done) => server.close(done));
    await new Promise((done) => counting.close(done));
  });

  it('fetches from a public address, through the connection to the checked address', async () => {
    const response = await guard({ resolve, connect })('http://public.example/hello?x=1');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, path: '/hello?x=1' });
    expect(response.url).toBe('http://public.example/hello?x=1');
    expect(seen.at(-1)?.url).toBe('public.example/hello?x=1');
  });

  it('looks a name up once per hop and connects to the address it checked (a second answer cannot rebind it)', async () => {
    const lookups: string[] = [];
    // A rebinding resolver: public the first time it is asked, loopback after that.
    const rebinding: Resolve = async (hostname) => {
      lookups.push(hostname);
      return [{ address: lookups.length === 1 ? FAKE_PUBLIC : '127.0.0.1', family: 4 }];
    };
    const response = await guard({ resolve: rebinding, connect })('http://rebind.example/once');
    expect(response.status).toBe(200);
    expect(lookups).toEqual(['rebind.example']);
  });

  it.each(['/to-private', '/to-metadata', '/to-loopback', '/to-mapped', '/to-intranet'])('refuses a redirect from a public address into a private one (%s)', async (path) => {
    const error = await refusal(guard({ resolve, connect })(`http://public.example${path}`));
    expect(error.code).toBe('blocked-address');
    expect(error.message).toBe(BLOCKED);
    expect(loopbackConnections).toBe(0);
  });

  it('follows public redirects, dropping credentials across origins', async () => {
    const response = await guard({ resolve, connect })('http://public.example/to-other', { headers: { authorization: 'Token secret' } });
    expect(response.status).toBe(200);
    expect(response.url).toBe('http://other.example/landing');
    expect(seen.at(-2)).toMatchObject({ url: 'public.example/to-other', authorization: 'Token secret' });
    expect(seen.at(-1)).toMatchObject({ url: 'other.example/landing', authorization: undefined });
  });

  it('turns a POST into a GET on 303, and returns the redirect itself when asked to', async () => {
    await guard({ resolve, connect })('http://public.example/post-303', { method: 'POST', body: '{}' });
    expect(seen.at(-1)).toMatchObject({ url: 'public.example/landing', method: 'GET' });
    const manual = await guard({ resolve, connect })('http://public.example/to-private', { redirect: 'manual' });
    expect(manual.status).toBe(302);
    expect(manual.headers.get('location')).toBe('http://10.0.0.1/admin');
  });

  it('stops after the allowed number of redirects', async () => {
    expect((await refusal(guard({ resolve, connect })('http://public.example/loop'))).code).toBe('too-many-redirects');
  });

  it('stops reading at the size bound, whether the length is announced or not', async () => {
    expect((await refusal(guard({ resolve, connect })('http://public.example/big'))).code).toBe('too-large');
    expect((await refusal(guard({ resolve, connect })('http://public.example/big-chunked'))).code).toBe('too-large');
    const larger = await guard({ resolve, connect })('http://public.example/big', { maxBytes: 8192 });
    expect((await larger.text()).length).toBe(4096);
  });

  it('gives up at the time bound', async () => {
    const error = await refusal(guard({ resolve, connect, timeoutMs: 300 })('http://public.example/silent'));
    expect(error.code).toBe('timeout');
    expect(error.message).toBe('The server at public.example did not answer in time. Try again later.');
  });
});

describe('the outbound guard on loopback when the operator allows private addresses', () => {
  let server: http.Server;
  let port: number;
  let tcp: net.Server;
  let tcpPort: number;
  let closedPort: number;

  beforeAll(async () => {
    server = http.createServer((_request, response) => response.end('home'));
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    port = (server.address() as AddressInfo).port;
    // A TCP service that is not TLS: an https request to it fails inside the TLS handshake.
    tcp = net.createServer((socket) => socket.resume().end('SSH-2.0-OpenSSH_9.6\r\n'));
    await new Promise<void>((done) => tcp.listen(0, '127.0.0.1', done));
    tcpPort = (tcp.address() as AddressInfo).port;
    const spare = net.createServer();
    await new Promise<void>((done) => spare.listen(0, '127.0.0.1', done));
    closedPort = (spare.address() as AddressInfo).port;
    await new Promise((done) => spare.close(done));
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((done) => server.close(done));
    await new Promise((done) => tcp.close(done));
  });

  it('connects to loopback only with allowPrivate', async () => {
    const allowed = createOutboundFetch({ allowPrivate: true, timeoutMs: 5_000, maxBytes: 1024, maxRedirects: 3 });
    expect(await (await allowed(`http://127.0.0.1:${port}/`)).text()).toBe('home');
    const refused = createOutboundFetch({ allowPrivate: false, connect: failingConnect, timeoutMs: 5_000, maxBytes: 1024, maxRedirects: 3 });
    expect((await refusal(refused(`http://localhost:${port}/`))).code).toBe('blocked-address');
  });

  it('takes an operator-configured origin as it is, but not its neighbours', async () => {
    const configured = createOutboundFetch({ allowPrivate: false, trustedOrigins: [`http://127.0.0.1:${port}/api`], timeoutMs: 5_000, maxBytes: 1024, maxRedirects: 3 });
    expect(await (await configured(`http://127.0.0.1:${port}/x`)).text()).toBe('home');
    expect((await refusal(configured(`http://127.0.0.1:${tcpPort}/`))).code).toBe('blocked-address');
  });

  it('tells a closed port, a non-TLS service and a refused handshake apart from nothing: the same "could not reach"', async () => {
    const allowed = createOutboundFetch({ allowPrivate: true, timeoutMs: 5_000, maxBytes: 1024, maxRedirects: 3 });
    const messages = new Set<string>();
    for (const url of [`https://127.0.0.1:${closedPort}/`, `https://127.0.0.1:${tcpPort}/`, `http://127.0.0.1:${closedPort}/`]) {
      const error = await refusal(allowed(url));
      expect(error.code).toBe('unreachable');
      expect(error.message).not.toMatch(/ECONN|socket|TLS|SSL|port|EPROTO|wrong version/i);
      messages.add(error.message.replace(String(closedPort), 'PORT').replace(String(tcpPort), 'PORT'));
    }
    expect(messages.size).toBe(1);
  });
});
