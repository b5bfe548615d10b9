import { type MailKind, type MailTemplateData, mailLocale } from '../mail/templates.js';
import type { MailService } from '../services/mail.service.js';

/**
 * The header Platter's auth route puts on every request it hands to better-auth: Platter's own
 * origin (PUBLIC_URL, else the Host only when it names this machine; lib/public-origin.ts). The
 * route drops any a client sent.
 */
export const TRUSTED_ORIGIN_HEADER = 'x-platter-public-origin';

/**
 * `url` on the request's trusted origin: better-auth builds its links on the request's own origin
 * when PUBLIC_URL is unset, and a forged Host must not put another site in an emailed link.
 */
export function onTrustedOrigin(url: string, request: Request | undefined): string {
  const trusted = request?.headers.get(TRUSTED_ORIGIN_HEADER);
  if (!trusted) return url;
  const link = new URL(url);
  const origin = new URL(trusted);
  link.protocol = origin.protocol;
  link.host = origin.host;
  return link.toString();
}

/** What sign-in needs of email: queue one templated message (MailService). */
export type AuthMail = Pick<MailService, 'queueTemplate'>;

export interface AuthMailUser {
  email: string;
  name: string;
}

/** The language of an email better-auth asks for: the browser's of the request that caused it. */
const localeOf = (request: Request | undefined) => mailLocale({ acceptLanguage: request?.headers.get('accept-language') });

/**
 * The payload of better-auth's email-verification token (a JWT): whether it confirms a change of
 * address (`updateTo`). Read without checking the signature: it only chooses the wording of a
 * mail better-auth itself is sending; verify-email checks the token when the link is followed.
 */
function tokenPayload(token: string): { updateTo?: string } {
  try {
    const payload: unknown = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
    return payload !== null && typeof payload === 'object' ? (payload as { updateTo?: string }) : {};
  } catch {
    return {};
  }
}

/**
 * better-auth's email hooks over Platter's mail: each renders its template in the requester's
 * language and queues it (a `send-email` job), never sending inside the request.
 * - `sendVerificationEmail`: `emailVerification.sendVerificationEmail`. A new account's link
 *   (`verify-email`), or, when better-auth sends it to confirm a new address (change-email; the
 *   user's `email` is then the new address), the `change-email` wording.
 * - `sendChangeEmailConfirmation`: `user.changeEmail.sendChangeEmailConfirmation`, the mail to the
 *   current address of a verified account that asks to change it.
 * - `sendResetPassword`: `emailAndPassword.sendResetPassword`.
 */
export function authMailSenders(mail: AuthMail) {
  const queue = <K extends MailKind>(to: string, kind: K, request: Request | undefined, data: MailTemplateData[K]) =>
    mail.queueTemplate(to, kind, localeOf(request), { ...data, url: onTrustedOrigin(data.url, request) });
  return {
    sendVerificationEmail: async ({ user, url, token }: { user: AuthMailUser; url: string; token: string }, request?: Request) => {
      if (tokenPayload(token).updateTo) await queue(user.email, 'change-email', request, { name: user.name, url, newEmail: user.email });
      else await queue(user.email, 'verify-email', request, { name: user.name, url });
    },
    sendChangeEmailConfirmation: async ({ user, newEmail, url }: { user: AuthMailUser; newEmail: string; url: string }, request?: Request) => {
      await queue(user.email, 'change-email', request, { name: user.name, url, newEmail });
    },
    sendResetPassword: async ({ user, url }: { user: AuthMailUser; url: string }, request?: Request) => {
      await queue(user.email, 'reset-password', request, { name: user.name, url });
    },
  };
}
