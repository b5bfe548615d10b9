import type { FastifyInstance } from 'fastify';

/**
 * Makes a route scope take any request body as a raw stream (`request.raw`): for file bodies
 * (images) that services read with their own size limit and sniff by content, whatever the
 * Content-Type claims.
 */
export function acceptRawBodies(scope: FastifyInstance): void {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
}

/** The request's Content-Length as a number, or undefined. */
export function contentLength(headers: Record<string, string | string[] | undefined>): number | undefined {
  const raw = headers['content-length'];
  const value = typeof raw === 'string' ? Number(raw) : NaN;
  return Number.isFinite(value) ? value : undefined;
}
