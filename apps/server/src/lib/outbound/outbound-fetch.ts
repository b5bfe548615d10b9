import dns from 'node:dns';
import http from 'node:http';
import net from 'node:net';
import type { Duplex } from 'node:stream';
import tls from 'node:tls';
import { classifyAddress } from './address-policy.js';
import { OutboundError } from './outbound-error.js';

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Every address a host name has (all of them are checked, so no answer can smuggle a private one in). */
export type Resolve = (hostname: string) => Promise<ResolvedAddress[]>;

export interface ConnectTarget {
  /** The checked address to open the connection to: never a name (no second lookup, no DNS rebinding). */
  address: string;
  family: number;
  port: number;
  /** The URL's host name: TLS's server name and the certificate's expected name. */
  hostname: string;
  protocol: 'http:' | 'https:';
}

/**
 * Opens the connection to an address the guard has checked: TCP, with TLS for https (the
 * certificate checked against the host name). Tests inject one that fails the test, or one that
 * leads a fake public address to a loopback server.
 */
export type Connect = (target: ConnectTarget) => Promise<Duplex>;

export interface OutboundFetchOptions {
  /** ALLOW_PRIVATE_FETCH: loopback and private networks allowed (tests, home setups). Metadata addresses stay refused. */
  allowPrivate: boolean;
  /** Origins the operator configured (LISTENBRAINZ_URL…): their addresses are not checked; their redirects elsewhere are. */
  trustedOrigins?: readonly string[];
  /** Defaults to the system resolver (getaddrinfo, all addresses). Tests inject their own. */
  resolve?: Resolve;
  /** Defaults to TCP (and TLS for https) to the checked address. */
  connect?: Connect;
  /** The whole exchange (lookups, connections, redirects, the body) within this. */
  timeoutMs: number;
  /** The largest response body read; a longer one is a `too-large` error. */
  maxBytes: number;
  maxRedirects: number;
  userAgent?: string;
}

export interface OutboundInit {
  method?: string;
  headers?: ConstructorParameters<typeof Headers>[0];
  body?: string | Uint8Array;
  signal?: AbortSignal;
  /** 'follow' (the default) checks and follows each hop; 'manual' returns the 3xx answer. */
  redirect?: 'follow' | 'manual';
  /** Per-call bounds within the same guard (a larger media file, a shorter wait). */
  timeoutMs?: number;
  maxBytes?: number;
}

/**
 * The fetch every server-side outbound request goes through. Answers a `Response` whose body has
 * been read in full (within maxBytes) and whose `url` is the final address; throws OutboundError.
 */
export type OutboundFetch = (input: string | URL, init?: OutboundInit) => Promise<Response>;

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const NULL_BODY = new Set([101, 103, 204, 205, 304]);
/** Headers that carry the caller's credentials: never sent on to another origin by a redirect. */
const CREDENTIAL_HEADERS = ['authorization', 'cookie', 'proxy-authorization'];

const systemResolve: Resolve = async (hostname) => dns.promises.lookup(hostname, { all: true, order: 'verbatim' });

const tcpConnect = (address: string, port: number): Promise<net.Socket> =>
  new Promise((resolve, reject) => {
    const socket = net.connect({ host: address, port });
    socket.once('connect', () => {
      socket.off('error', reject);
      resolve(socket);
    });
    socket.once('error', reject);
  });

const systemConnect: Connect = async ({ address, port, hostname, protocol }) => {
  const socket = await tcpConnect(address, port);
  return protocol === 'https:' ? secure(socket, hostname) : socket;
};

/**
 * Builds the guarded fetch. Per hop: the URL must be http(s) without credentials; its host is
 * resolved once and every address checked (loopback, private, link-local, unique-local, CGNAT,
 * reserved, IPv4-mapped forms: refused unless allowPrivate; metadata, unspecified and multicast:
 * always); the connection goes to a checked address, never to the name again. Redirects are
 * followed by hand, each hop checked the same way, credentials dropped across origins.
 */
export function createOutboundFetch(options: OutboundFetchOptions): OutboundFetch {
  const connect = options.connect ?? systemConnect;
  const userAgent = options.userAgent ?? 'Platter';

  const addressesOf = createAddressCheck(options);

  /** A connection (TLS for https) to the first checked address that answers. */
  async function open(url: URL, addresses: ResolvedAddress[], signal: AbortSignal): Promise<Duplex> {
    const protocol = url.protocol as 'http:' | 'https:';
    const port = Number(url.port) || (protocol === 'https:' ? 443 : 80);
    const hostname = url.hostname.replace(/^\[|\]$/g, '');
    let lastError: unknown;
    for (const { address, family } of addresses) {
      try {
        return await untilAborted(connect({ address, family, port, hostname, protocol }), signal, (late) => late.destroy());
      } catch (error) {
        if (error instanceof OutboundError || signal.aborted) throw asOutbound(error, url, signal);
        lastError = error;
      }
    }
    throw new OutboundError('unreachable', url.host, { cause: lastError });
  }

  /** One request on one connection; the body read in full within maxBytes. */
  async function exchange(url: URL, method: string, headers: Headers, body: string | Uint8Array | undefined, socket: Duplex, maxBytes: number, signal: AbortSignal): Promise<Response> {
    const outgoing: Record<string, string> = {};
    headers.forEach((value, name) => {
      outgoing[name] = value;
    });
    outgoing.host = url.host;
    outgoing.connection = 'close';
    outgoing['user-agent'] ??= userAgent;
    const request = http.request({ method, path: `${url.pathname}${url.search}`, headers: outgoing, createConnection: () => socket });
    const done = new Promise<Response>((resolveResponse, reject) => {
      request.once('error', reject);
      request.once('response', (incoming) => {
        const length = Number(incoming.headers['content-length']);
        if (Number.isFinite(length) && length > maxBytes) {
          incoming.destroy();
          reject(new OutboundError('too-large', url.host));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        incoming.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            incoming.destroy();
            reject(new OutboundError('too-large', url.host));
            return;
          }
          chunks.push(chunk);
        });
        incoming.once('error', reject);
        incoming.once('close', () => {
          if (!incoming.complete) reject(new Error('the connection closed mid-answer'));
        });
        incoming.once('end', () => {
          const status = incoming.statusCode ?? 502;
          const answerHeaders = new Headers();
          for (let i = 0; i + 1 < incoming.rawHeaders.length; i += 2) {
            try {
              answerHeaders.append(incoming.rawHeaders[i]!, incoming.rawHeaders[i + 1]!);
            } catch {
              // A header value fetch's Headers refuses is left out, not a failed request.
            }
          }
          const response = new Response(NULL_BODY.has(status) ? null : Buffer.concat(chunks), { status: status < 200 || status > 599 ? 502 : status, statusText: incoming.statusMessage ?? '', headers: answerHeaders });
          Object.defineProperty(response, 'url', { value: url.href });
          resolveResponse(response);
        });
      });
    });
    request.end(body);
    try {
      return await untilAborted(done, signal);
    } catch (error) {
      throw asOutbound(error, url, signal);
    } finally {
      request.destroy();
      socket.destroy();
    }
  }

  return async function outboundFetch(input, init = {}) {
    const timeout = AbortSignal.timeout(init.timeoutMs ?? options.timeoutMs);
    const signal = init.signal ? AbortSignal.any([timeout, init.signal]) : timeout;
    const maxBytes = init.maxBytes ?? options.maxBytes;
    let url = parseUrl(input);
    let method = (init.method ?? 'GET').toUpperCase();
    let body = init.body;
    const headers = new Headers(init.headers);
    for (let hop = 0; ; hop++) {
      const addresses = await addressesOf(url, signal);
      const socket = await open(url, addresses, signal);
      const response = await exchange(url, method, headers, body, socket, maxBytes, signal);
      const location = response.headers.get('location');
      if (init.redirect === 'manual' || !REDIRECTS.has(response.status) || location === null) return response;
      if (hop >= options.maxRedirects) throw new OutboundError('too-many-redirects', url.host);
      const next = parseUrl(location, url);
      if (next.origin !== url.origin) for (const name of CREDENTIAL_HEADERS) headers.delete(name);
      if (response.status === 303 ? method !== 'HEAD' : (response.status === 301 || response.status === 302) && method === 'POST') {
        method = 'GET';
        body = undefined;
        headers.delete('content-type');
        headers.delete('content-length');
      }
      url = next;
    }
  };
}

/** The checked addresses of a URL's host, or the OutboundError the guard would throw for it. */
export type AddressCheck = (url: URL, signal?: AbortSignal) => Promise<ResolvedAddress[]>;

/**
 * The guard's address check on its own (the same the fetch makes on every hop), for addresses that
 * are kept to be used later by a client that is not the guard: federation's inbox URLs.
 */
export function createAddressCheck(options: Pick<OutboundFetchOptions, 'allowPrivate' | 'trustedOrigins' | 'resolve'>): AddressCheck {
  const resolve = options.resolve ?? systemResolve;
  const trusted = new Set((options.trustedOrigins ?? []).map((origin) => new URL(origin).origin));
  return async function addressesOf(url, signal = new AbortController().signal) {
    url = parseUrl(url);
    const hostname = url.hostname.replace(/^\[|\]$/g, '');
    const family = net.isIP(hostname);
    let addresses: ResolvedAddress[];
    if (family) {
      addresses = [{ address: hostname, family }];
    } else {
      try {
        addresses = await untilAborted(resolve(hostname), signal);
      } catch (error) {
        throw asOutbound(error, url, signal);
      }
    }
    if (addresses.length === 0) throw new OutboundError('unreachable', url.host);
    if (!trusted.has(url.origin)) {
      for (const { address } of addresses) {
        const verdict = classifyAddress(address);
        if (verdict === 'never' || (verdict === 'private' && !options.allowPrivate)) throw new OutboundError('blocked-address', url.host);
      }
    }
    return addresses;
  };
}

/** An http(s) URL without credentials, or a `bad-url` error. */
function parseUrl(input: string | URL, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(input, base);
  } catch {
    throw new OutboundError('bad-url', String(input));
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new OutboundError('bad-url', url.host);
  if (url.username || url.password) throw new OutboundError('bad-url', url.host);
  return url;
}

/** TLS over a checked connection; the certificate is checked against the URL's host name. */
function secure(socket: net.Socket, hostname: string): Promise<tls.TLSSocket> {
  return new Promise((resolve, reject) => {
    const secured = tls.connect({ socket, host: hostname, ...(net.isIP(hostname) ? {} : { servername: hostname }), ALPNProtocols: ['http/1.1'] });
    secured.once('secureConnect', () => {
      secured.off('error', reject);
      resolve(secured);
    });
    secured.once('error', (error) => {
      // The TLS socket has taken over the connection's handle: destroying it closes the connection.
      secured.destroy();
      socket.destroy();
      reject(error);
    });
  });
}

/** Settles with the promise, or rejects when the signal aborts (a late value is handed to `discard`). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal, discard?: (late: T) => void): Promise<T> {
  if (signal.aborted) {
    promise.then((late) => discard?.(late), () => undefined);
    return Promise.reject(signal.reason as Error);
  }
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      promise.then((late) => discard?.(late), () => undefined);
      reject(signal.reason as Error);
    };
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        if (signal.aborted) discard?.(value);
        else resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error as Error);
      },
    );
  });
}

/**
 * Any failure as what a person may see: our own errors as they are, the time bound as `timeout`,
 * a caller's abort as its reason, and every socket, DNS or TLS error as the same `unreachable`.
 */
function asOutbound(error: unknown, url: URL, signal: AbortSignal): unknown {
  if (error instanceof OutboundError) return error;
  if (signal.aborted) {
    const reason = signal.reason as Error | undefined;
    return reason?.name === 'TimeoutError' ? new OutboundError('timeout', url.host, { cause: reason }) : reason;
  }
  return new OutboundError('unreachable', url.host, { cause: error });
}
