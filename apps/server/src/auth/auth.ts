import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@platter/shared';
import { betterAuth } from 'better-auth';
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
      autoSignIn: true,
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
          after: async (user: { id: string; name: string; image?: string | null }) => {
            await profiles.ensureForUser(user);
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
