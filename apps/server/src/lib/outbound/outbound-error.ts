/**
 * Why an outbound request did not get an answer Platter could use:
 * - `bad-url`: not an http(s) address, or one with a user name or password in it;
 * - `blocked-address`: the host is (or resolves to, or redirects to) a loopback, private,
 *   link-local, unique-local or otherwise non-public address;
 * - `unreachable`: no connection (DNS failure, refused, reset, TLS failure: all alike);
 * - `timeout`: no full answer within the time bound;
 * - `too-large`: the answer is longer than the size bound;
 * - `too-many-redirects`: more redirects than allowed;
 * - `bad-response`: an answer, but not what was asked for (an error status, not the expected type);
 *   thrown by callers that read the answer (the document loader), never by the fetch itself.
 */
export type OutboundErrorCode = 'bad-url' | 'blocked-address' | 'unreachable' | 'timeout' | 'too-large' | 'too-many-redirects' | 'bad-response';

/**
 * The one error an outbound fetch throws. Its message is written for the person who typed the
 * address and never carries a socket's or TLS library's text: those tell a caller what listens on
 * a port of the server's network ("bad port", "socket disconnected before…"), which is a port
 * scanner. The original cause is kept in `cause` for the server's log only.
 */
export class OutboundError extends Error {
  override readonly name = 'OutboundError';

  constructor(
    readonly code: OutboundErrorCode,
    /** The host the person named (or a redirect named), shown back to them. */
    readonly host: string,
    options?: { cause?: unknown },
  ) {
    super(outboundMessage(code, host), options);
  }
}

/** The English message of each code (the web app shows its own translation by code). */
export function outboundMessage(code: OutboundErrorCode, host: string): string {
  switch (code) {
    case 'bad-url':
      return 'That is not an address Platter can use: give an http:// or https:// address without a user name or password.';
    case 'blocked-address':
      return "Platter can't connect to that address: it points into a private network.";
    case 'unreachable':
      return `Could not reach the server at ${host}. Check the address, or try again later.`;
    case 'timeout':
      return `The server at ${host} did not answer in time. Try again later.`;
    case 'too-large':
      return `The server at ${host} sent more than Platter accepts.`;
    case 'too-many-redirects':
      return `The server at ${host} redirected too many times. Check the address.`;
    case 'bad-response':
      return `The server at ${host} did not answer with what Platter asked for. Check the address.`;
  }
}
