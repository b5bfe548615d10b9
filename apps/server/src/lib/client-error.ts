import http from 'node:http';
import type { Socket } from 'node:net';

/** Node's parse errors carry the bytes read so far (Fastify's types say otherwise, so unknown here). */
type ClientError = Error & { code?: string; rawPacket?: unknown };

/**
 * The answer to a request Node's HTTP parser could not read (bytes HTTP does not allow in the
 * address, headers over 16 KB), before Fastify or any route sees it: Platter's `{ error, message }`
 * like every other answer, and for a HEAD request the same headers without the body. Fastify's
 * own handler wrote the body after HEAD too, which a client reads as the start of a broken next
 * response.
 */
export function answerClientError(error: ClientError, socket: Socket): void {
  // The client is gone: nothing to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'headers_too_large', 'The address and headers of the request are over 16 KB. Shorten the address (a long query), or clear the cookies of this site.']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'request_timeout', 'The request took too long to arrive. Try again.']
        : [400, 'bad_request', 'The request is not valid HTTP: its address or headers hold characters HTTP does not allow. Encode the address with UTF-8 %-escapes.'];
  const body = JSON.stringify({ error: code, message });
  const isHead = Buffer.isBuffer(error.rawPacket) && error.rawPacket.subarray(0, 5).toString('latin1') === 'HEAD ';
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${isHead ? '' : body}`,
    );
  }
  socket.destroy(error);
}
