import type { FastifyBaseLogger } from 'fastify';
import type { SharedState } from '../../shared-state/shared-state.js';
import { SIGN_IN_FAILURES_ALLOWED, SIGN_IN_WINDOW_MS } from '../auth.routes.js';

/**
 * Failed Subsonic sign-ins one client address may have within SIGN_IN_WINDOW_MS. Higher than an
 * account's (a household's several apps share an address), but it stops guessing API keys or
 * spraying one password over many accounts.
 */
export const SUBSONIC_ADDRESS_FAILURES_ALLOWED = 100;

/** Subsonic error codes that are wrong credentials (not a missing or malformed parameter). */
export const WRONG_CREDENTIALS = new Set([40, 44]);

/**
 * The web sign-in's backoff for /rest: failures are counted per account (the `u` e-mail; the
 * same 5 in 15 minutes as the web sign-in, which the account's right password does not skip) and
 * per client address, in the shared state (Redis across instances). A success with `u` closes the
 * account's window, as a web sign-in does. Fails open when the shared state is down, as the rate
 * limits do (its failure shows in /api/ready).
 */
export class SubsonicAuthBackoff {
  constructor(
    private readonly shared: SharedState,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** How long (ms) this request must wait before credentials are even checked; 0 when it need not. */
  async waitMs(u: string | undefined, address: string): Promise<number> {
    const [account, client] = await Promise.all([
      u === undefined ? undefined : this.safely(() => this.shared.peekCount(accountKey(u)), undefined),
      this.safely(() => this.shared.peekCount(addressKey(address)), undefined),
    ]);
    const waits = [
      account && account.count >= SIGN_IN_FAILURES_ALLOWED ? account.resetInMs : 0,
      client && client.count >= SUBSONIC_ADDRESS_FAILURES_ALLOWED ? client.resetInMs : 0,
    ];
    return Math.max(...waits);
  }

  async failed(u: string | undefined, address: string): Promise<void> {
    if (u !== undefined) await this.safely(() => this.shared.addCount(accountKey(u), SIGN_IN_WINDOW_MS), undefined);
    await this.safely(() => this.shared.addCount(addressKey(address), SIGN_IN_WINDOW_MS), undefined);
  }

  async succeeded(u: string | undefined): Promise<void> {
    if (u !== undefined) await this.safely(() => this.shared.forgetCount(accountKey(u)), undefined);
  }

  private async safely<T>(work: () => Promise<T>, fallback: T): Promise<T> {
    try {
      return await work();
    } catch (error) {
      this.log.warn({ err: error }, 'subsonic sign-in backoff unavailable');
      return fallback;
    }
  }
}

const accountKey = (u: string) => `subsonic-auth:${u.trim().toLowerCase().slice(0, 320)}`;
const addressKey = (address: string) => `subsonic-auth-ip:${address}`;
