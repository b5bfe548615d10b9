import type { FastifyReply, FastifyRequest } from 'fastify';
import parseRange from 'range-parser';
import { RangeNotSatisfiableError } from '../lib/errors.js';
import type { MediaDescriptor } from '../services/track-media.service.js';
import type { Storage } from '../storage/storage.js';

/** Objects under a key never change (a new upload gets a new key), so caches may keep them for a year. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Ranges up to this size are read into memory in one positioned read and sent as one buffer. */
const SMALL_RANGE_BYTES = 256 * 1024;

/** How long a presigned GET that /media redirects to stays valid: enough to start and seek a track. */
export const MEDIA_URL_SECONDS = 10 * 60;

/** `attachment` with the file name, ASCII-safe and in full (RFC 6266 filename*). */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

/**
 * How long nginx may keep a public track's "allowed" (X-Accel-Expires): while it does, a deleted or
 * hidden track still plays through that proxy, as it does from any browser's cache already.
 */
export const PUBLIC_AUTHORIZATION_SECONDS = 5;

/** The headers of an X-Accel-Redirect answer (nginx keeps Content-Type and Cache-Control, and drops the X-Accel ones). */
export function accelRedirectHeaders(prefix: string, media: MediaDescriptor): Record<string, string> {
  return {
    'Content-Type': media.contentType,
    'Cache-Control': media.private ? 'private, no-store' : IMMUTABLE,
    'X-Accel-Redirect': accelRedirectTarget(prefix, media.key),
    'X-Accel-Expires': media.private ? '0' : String(PUBLIC_AUTHORIZATION_SECONDS),
  };
}

/** The internal URI a proxy sends the object from (MEDIA_ACCEL_REDIRECT + the key, each part escaped). */
export function accelRedirectTarget(prefix: string, key: string): string {
  return prefix + key.split('/').map(encodeURIComponent).join('/');
}

/**
 * Answers with a media file whose access was checked: the bucket's presigned address on S3, an
 * X-Accel-Redirect behind nginx, or the bytes with HTTP Range. Shared by /media and the Subsonic
 * API's stream, download and getCoverArt.
 */
export async function sendMedia(
  request: FastifyRequest,
  reply: FastifyReply,
  media: MediaDescriptor,
  { storage, accelRedirect, authorizeOnly = false }: { storage: Storage; accelRedirect: string | undefined; authorizeOnly?: boolean },
): Promise<FastifyReply> {
  // On a bucket, the browser fetches (and seeks) the bytes there, with a short-lived presigned
  // GET made after the access check above; the redirect itself is never cached, so a hidden
  // track's URL goes no further than the viewer it was made for.
  const disposition = media.downloadName ? contentDisposition(media.downloadName) : undefined;
  const direct = await storage.createDownloadUrl(media.key, { expiresInSeconds: MEDIA_URL_SECONDS, contentType: media.contentType, contentDisposition: disposition });
  if (direct) return reply.header('Cache-Control', 'private, no-store').redirect(direct, 307);
  if (disposition) reply.header('Content-Disposition', disposition);
  if (accelRedirect !== undefined && !disposition) {
    return reply
      .status(authorizeOnly ? 204 : 200)
      .headers(accelRedirectHeaders(accelRedirect, media))
      .send();
  }
  reply
    .header('Accept-Ranges', 'bytes')
    .header('Content-Type', media.contentType)
    .header('ETag', media.etag)
    .header('Cache-Control', media.private ? 'private, no-store' : IMMUTABLE);

  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim() === media.etag)) {
    return reply.status(304).send();
  }

  const rangeHeader = request.headers.range;
  const ifRange = request.headers['if-range'];
  const rangeApplies = rangeHeader !== undefined && (ifRange === undefined || ifRange === media.etag);
  if (rangeApplies) {
    const ranges = parseRange(media.size, rangeHeader, { combine: true });
    if (ranges === -1) {
      throw new RangeNotSatisfiableError(`The range ${rangeHeader} is outside the file's ${media.size} bytes.`, media.size);
    }
    if (Array.isArray(ranges) && ranges.type === 'bytes' && ranges.length === 1) {
      const [range] = ranges;
      if (range) {
        reply
          .status(206)
          .header('Content-Range', `bytes ${range.start}-${range.end}/${media.size}`)
          .header('Content-Length', range.end - range.start + 1);
        if (request.method === 'HEAD') return reply.send();
        const small = range.end - range.start + 1 <= SMALL_RANGE_BYTES;
        return reply.send(small ? await storage.readBytes(media.key, range) : await storage.read(media.key, range));
      }
    }
  }
  reply.status(200).header('Content-Length', media.size);
  if (request.method === 'HEAD') return reply.send();
  return reply.send(await storage.read(media.key));
}
