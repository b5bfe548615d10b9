import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { fromNodeHeaders } from 'better-auth/node';
import type { SessionRepository } from '../repositories/session.repository.js';
import type { Auth } from './auth.js';

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  /** The session the request's cookie names (live streams end with it). */
  sessionId?: string;
  /** Made an admin in the app (ADMIN_EMAILS is checked apart, by email). */
  admin?: boolean;
}

interface Settings {
  cookieName: string;
  secret: string;
  expiresInMs: number;
  updateAgeMs: number;
}

/**
 * Who a request's session cookie belongs to. better-auth's getSession answers through its whole
 * endpoint machinery (a context, tracing spans, a WebCrypto key import and HMAC, two reads): about
 * 0.7 ms of CPU a call, more than the rest of a listen. The common case, a correctly signed cookie
 * naming a current session that is not due for its refresh, is answered here with the same checks:
 * a synchronous HMAC and one indexed read. Every other case (no such session, an expired one, one
 * due for its daily refresh, a signature that does not verify here) goes to better-auth, which
 * answers it and cleans up or refreshes as it always did. No cookie at all is nobody.
 */
export class SessionLookup {
  private settings: Promise<Settings> | undefined;

  constructor(
    private readonly auth: Auth,
    private readonly sessions: SessionRepository,
    private readonly now: () => number = Date.now,
  ) {}

  async user(headers: IncomingHttpHeaders): Promise<SessionUser | undefined> {
    if (!headers.cookie) return undefined;
    const { cookieName, secret, expiresInMs, updateAgeMs } = await this.loadSettings();
    const value = cookieValue(headers.cookie, cookieName);
    if (value === undefined) return undefined;
    const token = verifiedToken(value, secret);
    if (token) {
      const found = await this.sessions.findWithUser(token);
      if (found?.suspended) return undefined;
      const expires = found?.expiresAt.getTime() ?? 0;
      const now = this.now();
      // better-auth refreshes a session (moves its expiry) once it is updateAge old: it does that.
      if (found && expires > now && expires - expiresInMs + updateAgeMs > now) return { ...found.user, sessionId: found.sessionId };
    }
    const session = await this.auth.api.getSession({ headers: fromNodeHeaders(headers) });
    if (!session) return undefined;
    const standing = await this.sessions.standing(session.user.id);
    return standing.suspended ? undefined : { id: session.user.id, email: session.user.email, name: session.user.name, sessionId: session.session.id, admin: standing.admin };
  }

  /** better-auth's own cookie name, secret and session ages, read once. */
  private loadSettings(): Promise<Settings> {
    this.settings ??= this.auth.$context.then((context) => ({
      cookieName: context.authCookies.sessionToken.name,
      secret: context.secret,
      expiresInMs: context.sessionConfig.expiresIn * 1000,
      updateAgeMs: context.sessionConfig.updateAge * 1000,
    }));
    return this.settings;
  }
}

/** A cookie's value as better-call reads it: the first of that name, unquoted, URI-decoded. */
export function cookieValue(header: string, name: string): string | undefined {
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"')) value = value.slice(1, -1);
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return undefined;
}

/**
 * The token of a signed cookie value (`token.signature`, better-call's format: the signature is
 * the standard base64 of HMAC-SHA256(secret, token), 44 characters), when the signature is right.
 */
export function verifiedToken(value: string, secret: string): string | undefined {
  const dot = value.lastIndexOf('.');
  if (dot < 1) return undefined;
  const token = value.slice(0, dot);
  const signature = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(createHmac('sha256', secret).update(token).digest('base64'));
  return signature.length === expected.length && timingSafeEqual(signature, expected) ? token : undefined;
}
