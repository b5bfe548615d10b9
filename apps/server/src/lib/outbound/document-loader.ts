import { OutboundError } from './outbound-error.js';
import type { OutboundFetch } from './outbound-fetch.js';

/** A JSON(-LD) document as JSON-LD processors and Fedify's `DocumentLoader` return it. */
export interface RemoteDocument {
  contextUrl: string | null;
  document: unknown;
  /** The address the document came from, after redirects. */
  documentUrl: string;
}

export type DocumentLoader = (url: string, options?: { signal?: AbortSignal }) => Promise<RemoteDocument>;

const ACCEPT = 'application/activity+json, application/ld+json; profile="https://www.w3.org/ns/activitystreams", application/ld+json;q=0.9, application/json;q=0.8';

/**
 * A document loader over the outbound guard, for federation (Fedify's `documentLoaderFactory` and
 * `contextLoaderFactory` take one): remote actors, objects and contexts are fetched only from
 * checked addresses, within the guard's bounds. An error status or a body that is not JSON is a
 * `bad-response` OutboundError. `sign` adds an HTTP signature's headers to each request.
 */
export function documentLoaderFrom(fetch: OutboundFetch, sign?: (request: Request) => Promise<Request>): DocumentLoader {
  return async (url, options) => {
    let headers = new Headers({ accept: ACCEPT });
    // A signed fetch (Fedify's authenticated loader): the signature's headers, sent through the guard like any other.
    if (sign) headers = (await sign(new Request(url, { headers }))).headers;
    const response = await fetch(url, { headers, ...(options?.signal ? { signal: options.signal } : {}) });
    const host = new URL(response.url || url).host;
    if (!response.ok) throw new OutboundError('bad-response', host);
    let document: unknown;
    try {
      document = await response.json();
    } catch (error) {
      throw new OutboundError('bad-response', host, { cause: error });
    }
    return { contextUrl: null, document, documentUrl: response.url || url };
  };
}
