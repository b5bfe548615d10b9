import os from 'node:os';
import type { FastifyRequest } from 'fastify';

/** Platter's own origin: for absolute links in what it serves, and for checking where a write comes from. */
export interface PublicOrigin {
  /** The origin of absolute links (share pages' og:url, canonical and image URLs). */
  of(request: FastifyRequest): string;
  /** Whether a request's `Origin` header is Platter's own. */
  allows(origin: string, request: FastifyRequest): boolean;
}

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

/** The hosts this machine answers to by itself: loopback names, its own addresses and hostname. */
function ownHostnames(): Set<string> {
  const names = new Set<string>([os.hostname().toLowerCase()]);
  for (const addresses of Object.values(os.networkInterfaces())) {
    for (const address of addresses ?? []) names.add(address.family === 'IPv6' ? `[${address.address.toLowerCase()}]` : address.address);
  }
  return names;
}

/**
 * With PUBLIC_URL, links use it alone. Without it (the embedded default, any host and port works
 * locally) the request's Host is used only when it names this machine: a loopback name, one of its
 * addresses or its hostname; any other Host (a forged one) gets `http://localhost:<the port it reached>`, so a
 * share page never links to a site the request made up.
 *
 * A write is Platter's own when its Origin is PUBLIC_URL's, or names the very host the request
 * was sent to (a page of a sibling subdomain or another port is another origin).
 */
export function createPublicOrigin({ publicUrl }: { publicUrl: string | undefined }): PublicOrigin {
  const configured = publicUrl ? new URL(publicUrl).origin : undefined;
  // The port the request reached, on this machine's own name.
  const fallback = (request: FastifyRequest) => `http://localhost:${request.socket.localPort ?? 80}`;
  let known: Set<string> | undefined;
  const isThisMachine = (hostname: string) => LOOPBACK.test(hostname) || (known ??= ownHostnames()).has(hostname.toLowerCase());
  return {
    of(request) {
      if (configured) return configured;
      let url: URL;
      try {
        url = new URL(`${request.protocol}://${request.host}`);
      } catch {
        return fallback(request);
      }
      return isThisMachine(url.hostname) ? url.origin : fallback(request);
    },
    allows(origin, request) {
      if (origin === configured) return true;
      try {
        return new URL(origin).host.toLowerCase() === request.host.toLowerCase();
      } catch {
        return false;
      }
    },
  };
}
