import { DISPLAY_NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, displayNameSchema } from '@platter/shared';
import { betterAuth } from 'better-auth';
import { APIError } from 'better-auth/api';
import { getMigrations } from 'better-auth/db/migration';
import { genericOAuth, twoFactor } from 'better-auth/plugins';
import { passkey } from '@better-auth/passkey';
import type { Kysely } from 'kysely';
import type { Config } from '../config.js';
import type { DialectName } from '../db/database.js';
import type { Database } from '../db/schema.js';
import type { DeletionSignInGate } from '../services/account-deletion.service.js';
import type { ProfileService } from '../services/profile.service.js';
import { type AuthMail, authMailSenders } from './auth-mail.js';
import { type UserUpdateContext, emailChangeHooks } from './email-change.js';

export interface AuthDeps {
  config: Pick<Config, 'publicUrl' | 'google' | 'env' | 'requireEmailVerification'>;
  secret: string;
  db: Kysely<Database>;
  dialect: DialectName;
  profiles: ProfileService;
  /** Told of every session better-auth deletes (sign-out, revocation, password change, expiry): live streams end with it. */
  onSessionEnded?: (session: { id: string; userId: string }) => void;
  /** Where verification and reset emails are queued; absent only for migrations, which send nothing. */
  mail?: AuthMail;
  /** A pending account deletion: a sign-in during its grace cancels it; after, sign-in is refused. */
  deletions?: DeletionSignInGate;
}

/** A password reset link works once, for an hour. */
export const RESET_PASSWORD_TOKEN_SECONDS = 60 * 60;
/** An email verification link works for a day. */
export const VERIFY_EMAIL_TOKEN_SECONDS = 24 * 60 * 60;

/**
 * better-auth's log lines, minus its "Base URL is not set" warning when PUBLIC_URL is unset: the
 * embedded default derives the origin from each request on purpose (any host and port works
 * locally), so the warning would greet every start with advice that does not apply.
 */
function logAuthMessage(derivesBaseUrl: boolean) {
  return (level: 'debug' | 'info' | 'warn' | 'error', message: string, ...args: unknown[]): void => {
    if (derivesBaseUrl && message.includes('Base URL is not set')) return;
    const write = level === 'error' ? console.error : level === 'warn' ? console.warn : console.log;
    write(message.startsWith('[better-auth]') ? message : `[better-auth] ${message}`, ...args);
  };
}

const MAX_IMAGE_URL_LENGTH = 1000;

/**
 * The header routes/auth.routes.ts sets to the client's address (Fastify's `request.ip`, which
 * honours TRUST_PROXY) on every request it hands to better-auth, replacing any the client sent:
 * better-auth stores it on each session ("place" in the list of signed-in devices).
 */
export const CLIENT_IP_HEADER = 'x-platter-client-ip';

/** The name authenticator apps show beside Platter's codes (the otpauth URI's issuer). */
export const TOTP_ISSUER = 'Platter';

/** What a suspended account is told when it signs in, in the browser's language (en or ru). */
export const SUSPENDED_MESSAGES = {
  en: 'This account is suspended. If you think this is a mistake, write to the Platter team through the contact page.',
  ru: 'Этот аккаунт заблокирован. Если вы считаете это ошибкой, напишите команде Platter через страницу обратной связи.',
} as const;

/** The first of en/ru in an Accept-Language header; English otherwise. */
export function messageLanguage(acceptLanguage: string | null | undefined): 'en' | 'ru' {
  for (const part of (acceptLanguage ?? '').split(',')) {
    const tag = part.trim().slice(0, 2).toLowerCase();
    if (tag === 'ru' || tag === 'en') return tag;
  }
  return 'en';
}

/** The longest start of `text` within `max` UTF-16 units that does not split a character. */
function clip(text: string, max: number): string {
  let out = '';
  for (const char of text) {
    if (out.length + char.length > max) break;
    out += char;
  }
  return out;
}

/**
 * A user's name and picture as better-auth is about to store them, bounded like every other text
 * a person writes (the shared display-name schema). Typed by the person (sign-up, account
 * settings): a name out of bounds is refused with the schema's message. From a sign-in provider
 * (Google): trimmed to fit, since the person cannot fix it there. A picture must be an http(s)
 * URL of reasonable length, else it is refused (typed) or dropped (provider).
 */
export function userFields<T extends { name?: string; image?: string | null }>(user: T, { typedByPerson }: { typedByPerson: boolean }): T {
  const fields = { ...user };
  if (fields.name !== undefined) {
    const parsed = displayNameSchema.safeParse(fields.name);
    if (parsed.success) fields.name = parsed.data;
    else if (typedByPerson) throw new APIError('BAD_REQUEST', { message: parsed.error.issues[0]?.message ?? 'Enter a display name.' });
    else fields.name = clip(fields.name.trim(), DISPLAY_NAME_MAX_LENGTH) || 'Listener';
  }
  if (fields.image) {
    const valid = fields.image.length <= MAX_IMAGE_URL_LENGTH && /^https?:\/\/[^\s]+$/i.test(fields.image);
    if (!valid) {
      if (typedByPerson) throw new APIError('BAD_REQUEST', { message: `A picture must be an http(s) address of at most ${MAX_IMAGE_URL_LENGTH} characters.` });
      fields.image = null;
    }
  }
  return fields;
}

/** Builds the better-auth options; kept separate so migrations and the instance share them exactly. */
function authOptions({ config, secret, db, dialect, profiles, mail, onSessionEnded, deletions }: AuthDeps) {
  const senders = mail ? authMailSenders(mail) : undefined;
  const emailChange = emailChangeHooks(mail);
  return {
    appName: 'Platter',
    basePath: '/api/auth',
    // Without PUBLIC_URL the base URL comes from each request, so any host and port works locally.
    ...(config.publicUrl ? { baseURL: config.publicUrl } : {}),
    secret,
    // Tests start many apps without PUBLIC_URL on purpose; the warning about it is noise there.
    logger: { level: config.env === 'test' ? ('error' as const) : ('warn' as const), log: logAuthMessage(config.publicUrl === undefined) },
    database: { db, type: dialect },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      // Signing up never signs in by itself: for an email that already has an account, better-auth
      // then answers exactly as for a new one (nothing says the email is registered), and
      // routes/auth.routes.ts signs the person in with the password they gave.
      autoSignIn: false,
      // REQUIRE_EMAIL_VERIFICATION: a password sign-in of an unverified address is refused (403
      // EMAIL_NOT_VERIFIED); the form offers to resend the link. Providers' accounts are not
      // concerned: Google/OIDC vouch for their addresses (email_verified).
      requireEmailVerification: config.requireEmailVerification,
      // "Forgot password?": the link works once (its verification row is consumed in the
      // transaction that sets the password) and for an hour; the reset ends every session.
      sendResetPassword: senders?.sendResetPassword,
      resetPasswordTokenExpiresIn: RESET_PASSWORD_TOKEN_SECONDS,
      revokeSessionsOnPasswordReset: true,
    },
    emailVerification: {
      sendVerificationEmail: senders?.sendVerificationEmail,
      // Every new password account gets its link, whether or not sign-in waits for it.
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: VERIFY_EMAIL_TOKEN_SECONDS,
    },
    // Changing the email sends a link to the new address (emailVerification.sendVerificationEmail);
    // the address changes only when that link is followed, and the old one is then told.
    user: { changeEmail: { enabled: true } },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    advanced: {
      // Only the address Platter itself worked out (CLIENT_IP_HEADER), never a client's X-Forwarded-For;
      // IPv6 addresses kept whole (they are shown to the person, not used as rate-limit keys).
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER], ipv6Subnet: 128 },
      useSecureCookies: config.publicUrl?.startsWith('https://') ?? false,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' as const },
    },
    // Platter's own rate limits live in Fastify; better-auth's would count per process twice.
    rateLimit: { enabled: false },
    plugins: [
      // A second factor: TOTP (authenticator apps) with single-use backup codes. Enabling asks for
      // the password and is finished by a first code; a sign-in of a user who has it answers
      // { twoFactorRedirect: true } and the session comes from /two-factor/verify-totp (or
      // verify-backup-code). Wrong codes are 401 INVALID_CODE; after 10 in a row the account's
      // second factor is locked for 15 minutes (better-auth's own count, in the twoFactor row).
      twoFactor({ issuer: TOTP_ISSUER }),
      // Passkeys (WebAuthn). The relying party is the site's host: PUBLIC_URL's, or without it the
      // request's (better-auth derives the base URL per request), and the expected origin is the
      // request's Origin, which the request guard already holds to Platter's own.
      passkey({ rpName: 'Platter' }),
      ...(config.google
        ? [
            // Google through OpenID Connect discovery, so OIDC_ISSUER can point at any OIDC provider.
            // Registered under the id 'google', it is served by POST /api/auth/sign-in/social.
            genericOAuth({
              config: [
                {
                  providerId: 'google',
                  discoveryUrl: `${config.google.issuer}/.well-known/openid-configuration`,
                  clientId: config.google.clientId,
                  clientSecret: config.google.clientSecret,
                  scopes: ['openid', 'email', 'profile'],
                  pkce: true,
                },
              ],
            }),
          ]
        : []),
    ],
    databaseHooks: {
      user: {
        create: {
          before: async (user: { name: string; image?: string | null }, context: { path?: string } | null) => ({
            data: userFields(user, { typedByPerson: context?.path === '/sign-up/email' }),
          }),
          after: async (user: { id: string; name: string; image?: string | null }) => {
            await profiles.ensureForUser(user);
          },
        },
        update: {
          before: async (user: { name?: string; image?: string | null; email?: string }, context: UserUpdateContext | null) => ({
            data: { ...userFields(user, { typedByPerson: true }), ...emailChange.verified(user, context) },
          }),
          after: async (user: { email: string; name: string }, context: UserUpdateContext | null) => {
            await emailChange.tellOldAddress(user, context);
          },
        },
      },
      // A suspended account gets no session, whatever way it signs in (password, Google, any plugin);
      // neither does one being deleted, and signing in during a deletion's grace cancels it.
      session: {
        create: {
          before: async (session: { userId: string }, context: { headers?: Headers } | null) => {
            if (await profiles.isSuspended(session.userId)) {
              throw new APIError('FORBIDDEN', { message: SUSPENDED_MESSAGES[messageLanguage(context?.headers?.get('accept-language'))], code: 'ACCOUNT_SUSPENDED' });
            }
            if (await deletions?.refusesSignIn(session.userId)) {
              throw new APIError('FORBIDDEN', { message: 'This account is being deleted at its owner’s request and can no longer be signed in to.', code: 'ACCOUNT_BEING_DELETED' });
            }
          },
          after: async (session: { userId: string }) => {
            await deletions?.signedIn(session.userId);
          },
        },
        // Run for each session row better-auth deletes, even in its bulk deletes (it reads them first).
        delete: { after: async (session: { id: string; userId: string }) => onSessionEnded?.({ id: session.id, userId: session.userId }) },
      },
    },
  };
}

export function createAuth(deps: AuthDeps) {
  return betterAuth(authOptions(deps));
}

export type Auth = ReturnType<typeof createAuth>;

/**
 * Creates or updates better-auth's own tables (user, session, account, verification) and says what
 * it changed. It reads the schema then alters it, so concurrent starts must hold the migration lock.
 */
export async function migrateAuth(deps: AuthDeps): Promise<string[]> {
  const { toBeCreated, toBeAdded, runMigrations } = await getMigrations(authOptions(deps));
  await runMigrations();
  return [...toBeCreated.map((t) => `create ${t.table}`), ...toBeAdded.map((t) => `alter ${t.table}`)];
}

/**
 * The account of an address, created when missing without a password (it cannot sign in), through
 * better-auth so that its hooks make the profile: how the demo catalogue makes its artists.
 */
export function accountByEmail(auth: Auth) {
  return async ({ name, email }: { name: string; email: string }) => {
    const ctx = await auth.$context;
    const existing = await ctx.internalAdapter.findUserByEmail(email);
    return existing?.user ?? (await ctx.internalAdapter.createUser({ name, email, emailVerified: false }, { method: 'admin' }));
  };
}
