import type { IncomingHttpHeaders } from 'node:http';
import type { AccountSecurity as AccountSecurityAnswer, SignedInSession } from '@platter/shared';
import { fromNodeHeaders } from 'better-auth/node';
import { NotFoundError } from '../lib/errors.js';
import { describeUserAgent } from '../lib/user-agent.js';
import type { SecondFactorRepository } from '../repositories/second-factor.repository.js';
import type { Auth } from './auth.js';
import type { SessionUser } from './session-lookup.js';

export interface AccountSecurityDeps {
  auth: Auth;
  factors: Pick<SecondFactorRepository, 'ofUser'>;
  /** REQUIRE_ADMIN_2FA: an admin acts as one only with a second factor. */
  requireAdminSecondFactor: boolean;
  isAdminEmail: (email: string) => boolean;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * The settings' Account section over better-auth: the signed-in devices (better-auth's sessions,
 * described from their stored User-Agent and address), ending one, and which second factors the
 * account has. Sessions are read with better-auth's own internal adapter rather than its
 * /list-sessions endpoint, which refuses sessions older than a day (its "fresh session" rule,
 * meant for changes, not for looking); ending one goes through its /revoke-session endpoint, so the
 * session row is gone before the answer, and every instance refuses its cookie from then on.
 */
export class AccountSecurity {
  constructor(private readonly deps: AccountSecurityDeps) {}

  /** The user's current sessions, this device's first, then the most recently seen. */
  async sessions(user: SessionUser, headers: IncomingHttpHeaders): Promise<SignedInSession[]> {
    const [context, current] = await Promise.all([this.deps.auth.$context, this.deps.auth.api.getSession({ headers: fromNodeHeaders(headers) })]);
    const now = Date.now();
    const sessions = await context.internalAdapter.listSessions(user.id, { onlyActiveSessions: true });
    return sessions
      .filter((session) => new Date(session.expiresAt).getTime() > now)
      .map((session) => ({
        id: session.id,
        current: session.token === current?.session.token,
        ...describeUserAgent(session.userAgent),
        ipAddress: session.ipAddress || null,
        createdAt: iso(session.createdAt),
        lastSeenAt: iso(session.updatedAt),
      }))
      .sort((a, b) => Number(b.current) - Number(a.current) || b.lastSeenAt.localeCompare(a.lastSeenAt));
  }

  /** Ends one of the user's sessions by its id (another user's id, or an ended session's, is a 404). */
  async endSession(user: SessionUser, headers: IncomingHttpHeaders, id: string): Promise<void> {
    const context = await this.deps.auth.$context;
    const sessions = await context.internalAdapter.listSessions(user.id);
    const session = sessions.find((s) => s.id === id);
    if (!session) throw new NotFoundError('This session has already ended. Reload the list.', 'session_not_found');
    await this.deps.auth.api.revokeSession({ headers: fromNodeHeaders(headers), body: { token: session.token } });
  }

  /** What the Account section shows: password or not, the second factors, whether one is required. */
  async status(user: SessionUser, headers: IncomingHttpHeaders): Promise<AccountSecurityAnswer> {
    const [factors, accounts] = await Promise.all([this.deps.factors.ofUser(user.id), this.deps.auth.api.listUserAccounts({ headers: fromNodeHeaders(headers) })]);
    return {
      email: user.email,
      hasPassword: accounts.some((account) => account.providerId === 'credential'),
      totpEnabled: factors.totp,
      passkeys: factors.passkeys,
      secondFactorRequired: this.deps.requireAdminSecondFactor && (user.admin === true || this.deps.isAdminEmail(user.email)) && !factors.totp && factors.passkeys === 0,
    };
  }

  /**
   * Whether this admin is held back by REQUIRE_ADMIN_2FA: on, and neither an authenticator app nor
   * a passkey set up. Never true for someone who is not an admin, nor when the setting is off.
   */
  async adminLacksSecondFactor(user: SessionUser): Promise<boolean> {
    if (!this.deps.requireAdminSecondFactor || !(user.admin === true || this.deps.isAdminEmail(user.email))) return false;
    const factors = await this.deps.factors.ofUser(user.id);
    return !factors.totp && factors.passkeys === 0;
  }
}
