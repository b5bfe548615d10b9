import { DISPLAY_NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, displayNameSchema } from '@platter/shared';
import { betterAuth } from 'better-auth';
import { APIError } from 'better-auth/api';
import { getMigrations } from 'better-auth/db/migration';
import { genericOAuth } from 'better-auth/plugins';
import type { Kysely } from 'kysely';
import type { Config } from '../config.js';
import type { DialectName } from '../db/database.js';
import type { Database } from '../db/schema.js';
import type { ProfileService } from '../services/profile.service.js';

export interface AuthDeps {
  config: Pick<Config, 'publicUrl' | 'google' | 'env'>;
  secret: string;
  db: Kysely<Database>;
  dialect: DialectName;
  profiles: ProfileService;
}

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
function authOptions({ config, secret, db, dialect, profiles }: AuthDeps) {
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
    },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    advanced: {
      useSecureCookies: config.publicUrl?.startsWith('https://') ?? false,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' as const },
    },
    // Platter's own rate limits live in Fastify; better-auth's would count per process twice.
    rateLimit: { enabled: false },
    plugins: config.google
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
      : [],
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
          before: async (user: { name?: string; image?: string | null }) => ({ data: userFields(user, { typedByPerson: true }) }),
        },
      },
      // A suspended account gets no session, whatever way it signs in (password, Google, any plugin).
      session: {
        create: {
          before: async (session: { userId: string }, context: { headers?: Headers } | null) => {
            if (await profiles.isSuspended(session.userId)) {
              throw new APIError('FORBIDDEN', { message: SUSPENDED_MESSAGES[messageLanguage(context?.headers?.get('accept-language'))], code: 'ACCOUNT_SUSPENDED' });
            }
          },
        },
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
