import path from 'node:path';
import { z } from 'zod';

const booleanFlag = z
  .enum(['0', '1', 'true', 'false'], { message: 'must be 1, 0, true or false' })
  .transform((v) => v === '1' || v === 'true');

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

/** Every environment variable Platter reads. The README's configuration table mirrors this. */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number({ message: 'must be a number' }).int().min(0).max(65535).default(8080),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalString.refine((v) => v === undefined || /^postgres(ql)?:\/\//.test(v), {
    message: 'must start with postgres:// (leave it unset for the embedded SQLite database)',
  }),
  PUBLIC_URL: optionalString.refine((v) => v === undefined || /^https?:\/\/[^/]+/.test(v), {
    message: 'must be an absolute http(s) URL such as https://platter.example.com',
  }),
  BETTER_AUTH_SECRET: optionalString.refine((v) => v === undefined || v.length >= 32, {
    message: 'must be at least 32 characters',
  }),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  OIDC_ISSUER: z.url({ message: 'must be a URL such as https://accounts.google.com' }).default('https://accounts.google.com'),
  MAX_UPLOAD_MB: z.coerce.number({ message: 'must be a number' }).positive().max(10_000).default(200),
  PLATTER_DEMO: booleanFlag.default(true),
  PLATTER_DEMO_TRACKS: z.coerce.number({ message: 'must be a number' }).int().min(0).optional(),
  DEMO_WORKERS: z.coerce.number({ message: 'must be a number' }).int().min(1).max(64).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: optionalString,
  ADMIN_EMAILS: z.string().default(''),
  REDIS_URL: optionalString.refine((v) => v === undefined || /^rediss?:\/\/./.test(v), {
    message: 'must start with redis:// or rediss://, such as redis://127.0.0.1:6379/0 (leave it unset for one process)',
  }),
  S3_BUCKET: optionalString,
  S3_ENDPOINT: optionalString.refine((v) => v === undefined || /^https?:\/\/[^/]+/.test(v), {
    message: 'must be an absolute http(s) URL such as http://127.0.0.1:9000 (leave it unset for AWS S3)',
  }),
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: booleanFlag.default(false),
  S3_PUBLIC_URL: optionalString.refine((v) => v === undefined || /^https?:\/\/[^/]+/.test(v), {
    message: 'must be the absolute http(s) origin browsers reach the bucket at, such as https://media.example.com',
  }),
  TRUST_PROXY: optionalString,
  MEDIA_CACHE_MB: z.coerce.number({ message: 'must be a number of megabytes (0 turns the cache off)' }).min(0).max(65_536).default(64),
  MEDIA_ACCEL_REDIRECT: optionalString.refine((v) => v === undefined || /^\/[\w\-./]*\/$/.test(v), {
    message: "must be the path of nginx's internal media location, starting and ending with /, such as /_platter_media/",
  }),
  FFMPEG_PATH: optionalString,
  MEDIA_ENGINE: z.enum(['auto', 'system', 'bundled', 'none'], { message: 'must be auto, system, bundled or none' }).default('auto'),
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number({ message: 'must be a number' }).positive().max(600).default(10),
  LISTENBRAINZ_URL: z
    .url({ message: 'must be the absolute http(s) API root of a ListenBrainz server, such as https://api.listenbrainz.org' })
    .regex(/^https?:\/\//, 'must be an http(s) URL such as https://api.listenbrainz.org')
    .default('https://api.listenbrainz.org'),
  ALLOW_PRIVATE_FETCH: booleanFlag.default(false),
  ANDROID_APK_URL: optionalString.refine((v) => v === undefined || /^https?:\/\/\S+$/.test(v), {
    message: 'must be an absolute http(s) URL of the .apk',
  }),
  ANDROID_PACKAGE_NAME: optionalString.refine((v) => v === undefined || /^[a-zA-Z]\w*(\.[a-zA-Z]\w*)+$/.test(v), {
    message: 'must be an Android application id such as com.example.platter',
  }),
  ANDROID_CERT_SHA256: optionalString.refine(
    (v) => v === undefined || v.split(',').every((f) => /^([0-9A-Fa-f]{2}:){31}[0-9A-Fa-f]{2}$/.test(f.trim())),
    { message: 'must be SHA-256 fingerprints like AB:CD:…(32 bytes), comma-separated' },
  ),
  SMTP_URL: optionalString.refine((v) => v === undefined || /^smtps?:\/\/[^/]+/.test(v), {
    message: 'must be an smtp:// or smtps:// URL such as smtp://user:password@mail.example.com:587 (leave it unset to write mail to DATA_DIR/mail)',
  }),
  MAIL_FROM: optionalString,
  REQUIRE_EMAIL_VERIFICATION: booleanFlag.default(false),
  REQUIRE_ADMIN_2FA: booleanFlag.default(false),
  ACCOUNT_DELETION_GRACE_DAYS: z.coerce
    .number({ message: 'must be a whole number of days (0 deletes at once)' })
    .int({ message: 'must be a whole number of days (0 deletes at once)' })
    .min(0, { message: 'must be 0 (at once) or more days' })
    .max(365, { message: 'must be at most 365 days' })
    .default(7),
  METRICS_TOKEN: optionalString.refine((v) => v === undefined || v.length >= 16, {
    message: 'must be at least 16 characters (Prometheus sends it as Authorization: Bearer <token>)',
  }),
  METRICS_PORT: z.coerce.number({ message: 'must be a port number such as 9464' }).int().min(0).max(65535).optional(),
  METRICS_HOST: z.string().trim().min(1).default('127.0.0.1'),
  FEDERATION: booleanFlag.default(true),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  host: string;
  port: number;
  dataDir: string;
  /** Postgres URL, or undefined for SQLite at `${dataDir}/platter.db`. */
  databaseUrl: string | undefined;
  publicUrl: string | undefined;
  authSecret: string | undefined;
  google: { clientId: string; clientSecret: string; issuer: string } | undefined;
  maxUploadBytes: number;
  demo: boolean;
  /** How many demo tracks to make (all when undefined); tests use a few. */
  demoTracks: number | undefined;
  demoWorkers: number | undefined;
  logLevel: Env['LOG_LEVEL'];
  webDist: string | undefined;
  /** Lower-cased emails of the users with the admin role. */
  adminEmails: ReadonlySet<string>;
  /** Redis for live events, rate limits and short-lived shared state; undefined keeps them in-process. */
  redisUrl: string | undefined;
  /** S3-compatible object storage for audio and images; undefined keeps them on local disk. */
  s3: S3Config | undefined;
  /** Fastify's trustProxy: false, true, a hop count, or addresses/CIDRs of the proxies. */
  trustProxy: boolean | number | string[];
  /** Bytes of recently played audio kept in memory by the media fast path (local disk only); 0 for none. */
  mediaCacheBytes: number;
  /** nginx's internal location for X-Accel-Redirect: Platter authorizes media requests and nginx sends the bytes. */
  mediaAccelRedirect: string | undefined;
  /** Which ffmpeg measures and transcodes uploads: FFMPEG_PATH, or MEDIA_ENGINE's choice (auto: the machine's, else the bundled build). */
  mediaEngine: { mediaEngine: 'auto' | 'system' | 'bundled' | 'none'; ffmpegPath: string | undefined };
  /** How long SIGTERM waits for in-flight work before exiting anyway. */
  shutdownTimeoutMs: number;
  /** The ListenBrainz API root listeners' listens go to unless they name their own server. */
  listenBrainzUrl: string;
  /**
   * ALLOW_PRIVATE_FETCH: outbound requests a person's input points somewhere (a custom ListenBrainz
   * server, federation) may reach loopback and private networks. Off: they are refused, so nobody can
   * use Platter to probe the server's own network. Metadata addresses stay refused either way.
   */
  allowPrivateFetch: boolean;
  /**
   * Prometheus metrics: GET /metrics with `Authorization: Bearer <token>` when a token is set, and/or
   * a listener of its own on host:port (not on the public port); with neither, /metrics is a 404 saying how to turn it on.
   */
  metrics: { token: string | undefined; port: number | undefined; host: string };
  /** FEDERATION: artists reachable from the fediverse (ActivityPub through Fedify); off answers 404 on every federation path. */
  federation: boolean;
  android: {
    /** A remote address of the .apk (used when no file is in DATA_DIR/downloads). */
    apkUrl: string | undefined;
    /** For /.well-known/assetlinks.json (Trusted Web Activity verification); both or neither. */
    packageName: string | undefined;
    certSha256: string[];
  };
  /** Where email goes: SMTP_URL, else `.eml` files under DATA_DIR/mail; `from` is MAIL_FROM or Platter at PUBLIC_URL's host. */
  mail: { smtpUrl: string | undefined; from: string };
  /** REQUIRE_EMAIL_VERIFICATION: password sign-in is refused until the address is verified. */
  requireEmailVerification: boolean;
  /** REQUIRE_ADMIN_2FA: an admin without a second factor (authenticator app or passkey) is refused admin actions. */
  requireAdminSecondFactor: boolean;
  /** ACCOUNT_DELETION_GRACE_DAYS: days between asking to delete an account and its purge (0: at once). */
  accountDeletionGraceDays: number;
}

export interface S3Config {
  bucket: string;
  /** For S3-compatible servers; undefined means AWS. */
  endpoint: string | undefined;
  region: string;
  /** Both or neither; neither uses the SDK's default credential chain (environment, instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  forcePathStyle: boolean;
  /** The origin browsers use for the bucket when it differs from the endpoint (a CDN or proxy). */
  publicUrl: string | undefined;
}

/** TRUST_PROXY: unset/false, true, a hop count, or a comma-separated list of proxy addresses or CIDRs. */
export function parseTrustProxy(value: string | undefined): boolean | number | string[] | { error: string } {
  if (value === undefined || value === 'false' || value === '0') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  const list = value.split(',').map((v) => v.trim()).filter(Boolean);
  const address = /^([0-9a-fA-F.:]+)(\/\d{1,3})?$|^(loopback|linklocal|uniquelocal)$/;
  const bad = list.filter((v) => !address.test(v));
  if (list.length === 0 || bad.length > 0) {
    return { error: `TRUST_PROXY: "${bad[0] ?? value}" is not a hop count, true/false, or an IP address or CIDR (e.g. 10.0.0.0/8,127.0.0.1)` };
  }
  return list;
}

/** Whether this email belongs to an admin (ADMIN_EMAILS, compared case-insensitively). */
export const isAdminEmail = (config: Pick<Config, 'adminEmails'>, email: string): boolean => config.adminEmails.has(email.toLowerCase());

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Validates the environment; throws a ConfigError naming each bad variable and what is wrong. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const e = parsed.data;
  const problems: string[] = [];
  if (Boolean(e.GOOGLE_CLIENT_ID) !== Boolean(e.GOOGLE_CLIENT_SECRET)) {
    problems.push('GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET: set both to enable Google sign-in, or neither');
  }
  if (Boolean(e.ANDROID_PACKAGE_NAME) !== Boolean(e.ANDROID_CERT_SHA256)) {
    problems.push('ANDROID_PACKAGE_NAME and ANDROID_CERT_SHA256: set both to publish assetlinks.json, or neither');
  }
  if (e.DATABASE_URL && !e.BETTER_AUTH_SECRET) {
    problems.push(
      'BETTER_AUTH_SECRET: required when DATABASE_URL is set, so that every instance signs sessions and upload URLs with the same secret (make one with `openssl rand -base64 48`)',
    );
  }
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    problems.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both, or neither to use the SDK\'s default credentials');
  }
  if (!e.S3_BUCKET && (e.S3_ENDPOINT || e.S3_ACCESS_KEY_ID || e.S3_PUBLIC_URL)) {
    problems.push('S3_BUCKET: required when any other S3_ variable is set (leave them all unset for local disk)');
  }
  if (e.MEDIA_ACCEL_REDIRECT && e.S3_BUCKET) {
    problems.push('MEDIA_ACCEL_REDIRECT: only for media on local disk (with S3_BUCKET set, browsers fetch media from the bucket)');
  }
  const trustProxy = parseTrustProxy(e.TRUST_PROXY);
  if (typeof trustProxy === 'object' && !Array.isArray(trustProxy)) problems.push(trustProxy.error);
  if (problems.length > 0) throw new ConfigError(problems);
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    authSecret: e.BETTER_AUTH_SECRET,
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET, issuer: e.OIDC_ISSUER.replace(/\/+$/, '') }
        : undefined,
    maxUploadBytes: Math.round(e.MAX_UPLOAD_MB * 1024 * 1024),
    demo: e.PLATTER_DEMO,
    demoTracks: e.PLATTER_DEMO_TRACKS,
    demoWorkers: e.DEMO_WORKERS,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST,
    adminEmails: new Set(
      e.ADMIN_EMAILS.split(',')
        .map((v) => v.trim().toLowerCase())
        .filter(Boolean),
    ),
    redisUrl: e.REDIS_URL,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT?.replace(/\/+$/, ''),
          region: e.S3_REGION,
          credentials:
            e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY } : undefined,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
          publicUrl: e.S3_PUBLIC_URL?.replace(/\/+$/, ''),
        }
      : undefined,
    trustProxy: trustProxy as boolean | number | string[],
    mediaCacheBytes: Math.round(e.MEDIA_CACHE_MB * 1024 * 1024),
    mediaAccelRedirect: e.MEDIA_ACCEL_REDIRECT,
    mediaEngine: { mediaEngine: e.MEDIA_ENGINE, ffmpegPath: e.FFMPEG_PATH },
    shutdownTimeoutMs: Math.round(e.SHUTDOWN_TIMEOUT_SECONDS * 1000),
    listenBrainzUrl: e.LISTENBRAINZ_URL.replace(/\/+$/, ''),
    allowPrivateFetch: e.ALLOW_PRIVATE_FETCH,
    metrics: { token: e.METRICS_TOKEN, port: e.METRICS_PORT, host: e.METRICS_HOST },
    federation: e.FEDERATION,
    android: {
      apkUrl: e.ANDROID_APK_URL,
      packageName: e.ANDROID_PACKAGE_NAME,
      certSha256: (e.ANDROID_CERT_SHA256 ?? '')
        .split(',')
        .map((f) => f.trim().toUpperCase())
        .filter(Boolean),
    },
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM ?? `Platter <no-reply@${e.PUBLIC_URL ? new URL(e.PUBLIC_URL).hostname : 'localhost'}>` },
    requireEmailVerification: e.REQUIRE_EMAIL_VERIFICATION,
    requireAdminSecondFactor: e.REQUIRE_ADMIN_2FA,
    accountDeletionGraceDays: e.ACCOUNT_DELETION_GRACE_DAYS,
  };
}
