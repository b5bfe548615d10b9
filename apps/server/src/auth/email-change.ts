import { mailLocale } from '../mail/templates.js';
import { type AuthMail, onTrustedOrigin } from './auth-mail.js';

/** What better-auth passes its user-update hooks: the endpoint's context (its path, query and request). */
export interface UserUpdateContext {
  path?: string;
  query?: Record<string, unknown> | null;
  request?: Request;
  context?: { baseURL?: string };
}

/**
 * The email change that better-auth's /verify-email is completing, if this update is one: the
 * link sent to the new address carries a token (a JWT better-auth has just verified) naming the
 * old address (`email`) and the new one (`updateTo`).
 */
export function completedEmailChange(context: UserUpdateContext | null | undefined): { from: string; to: string } | undefined {
  if (context?.path !== '/verify-email' || typeof context.query?.token !== 'string') return undefined;
  try {
    const payload = JSON.parse(Buffer.from(context.query.token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { email?: unknown; updateTo?: unknown; requestType?: unknown };
    if (typeof payload.email !== 'string' || typeof payload.updateTo !== 'string' || payload.requestType !== 'change-email-verification') return undefined;
    return { from: payload.email, to: payload.updateTo };
  } catch {
    return undefined;
  }
}

/**
 * The two things Platter adds to a completed email change (user.changeEmail: the link went to the
 * new address, and following it is what changes the address):
 * - `verified`: the new address is verified, since its link was just followed there (better-auth
 *   keeps the old flag, so an unverified account would stay unverified with a proven address);
 * - `tellOldAddress`: the old address gets the `email-changed` notice, in the language of the
 *   browser that followed the link, pointing at the settings page.
 */
export function emailChangeHooks(mail: AuthMail | undefined) {
  return {
    verified(user: { email?: string }, context: UserUpdateContext | null | undefined): { emailVerified: true } | undefined {
      const change = completedEmailChange(context);
      return change && user.email === change.to ? { emailVerified: true } : undefined;
    },
    async tellOldAddress(user: { email: string; name: string }, context: UserUpdateContext | null | undefined): Promise<void> {
      const change = completedEmailChange(context);
      if (!mail || !change || user.email !== change.to) return;
      // On Platter's own origin, never on a forged Host (better-auth's base URL follows the request's).
      const base = context?.context?.baseURL ? new URL(context.context.baseURL).origin : 'http://localhost';
      const url = onTrustedOrigin(`${base}/home?tab=settings`, context?.request);
      const locale = mailLocale({ acceptLanguage: context?.request?.headers.get('accept-language') });
      await mail.queueTemplate(change.from, 'email-changed', locale, { name: user.name, newEmail: change.to, url });
    },
  };
}
