import { createCipheriv, createDecipheriv, createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { SubsonicCredential, SubsonicCredentialCreated } from '@platter/shared';
import { createSubsonicCredentialSchema } from '@platter/shared';
import type { Actor } from '../lib/actor.js';
import { NotFoundError } from '../lib/errors.js';
import { newId, nowIso } from '../lib/ids.js';
import type { CredentialRow, SubsonicRepository } from '../repositories/subsonic.repository.js';

/**
 * A Subsonic API error (https://opensubsonic.netlify.app/docs/responses/error/): clients expect it
 * inside a 200 answer, as `status="failed"` with one of these codes.
 */
export class SubsonicError extends Error {
  constructor(
    readonly code: 0 | 10 | 20 | 30 | 40 | 41 | 42 | 43 | 44 | 50 | 70,
    message: string,
  ) {
    super(message);
    this.name = 'SubsonicError';
  }
}

/** What a Subsonic request carries for authentication (query or form fields). */
export interface SubsonicAuthParams {
  u?: string;
  p?: string;
  t?: string;
  s?: string;
  apiKey?: string;
}

export interface SubsonicCredentialDeps {
  repository: SubsonicRepository;
  /** The server secret (BETTER_AUTH_SECRET or the one kept in DATA_DIR): the encryption key is derived from it. */
  secret: string;
  isAdmin: (email: string) => boolean;
}

/** Who a Subsonic request acts as: the actor the services check, and the `u` it answers with. */
export interface SubsonicUser extends Actor {
  username: string;
}

const API_KEY_PREFIX = 'plk_';

/**
 * Per-user API keys and per-app passwords for Subsonic apps. The sign-in password is
 * never used: Subsonic's token auth sends md5(password + salt), which needs the password itself on
 * the server, so an app password is a random one made here, kept encrypted (AES-256-GCM, key
 * derived from the server secret the way download links' key is) and shown once. An API key is
 * kept as its SHA-256 only (OpenSubsonic `apiKey`: looked up directly, nothing to decrypt).
 */
export class SubsonicCredentialService {
  private readonly key: Buffer;

  constructor(private readonly deps: SubsonicCredentialDeps) {
    this.key = createHash('sha256').update(`subsonic:${deps.secret}`).digest();
  }

  async list(userId: string): Promise<{ items: SubsonicCredential[] }> {
    return { items: (await this.deps.repository.credentialsOf(userId)).map(toCredential) };
  }

  /** Makes an API key or an app password; the answer is the only time its secret is shown. */
  async create(userId: string, input: unknown): Promise<SubsonicCredentialCreated> {
    const { kind, name } = createSubsonicCredentialSchema.parse(input);
    const secret = kind === 'apiKey' ? API_KEY_PREFIX + randomBytes(24).toString('base64url') : randomBytes(12).toString('base64url');
    const row: CredentialRow = {
      id: newId(),
      user_id: userId,
      kind,
      name,
      key_hash: kind === 'apiKey' ? sha256(secret) : null,
      secret_enc: kind === 'appPassword' ? this.encrypt(secret) : null,
      created_at: nowIso(),
      last_used_at: null,
    };
    await this.deps.repository.insertCredential(row);
    return { ...toCredential(row), secret };
  }

  async revoke(userId: string, id: string): Promise<void> {
    if (!(await this.deps.repository.deleteCredential(userId, id))) throw new NotFoundError('No such API key or app password (it may be revoked already).', 'credential_not_found');
  }

  /** Checks a request's credentials (OpenSubsonic apiKey, u+t+s token, or u+p); throws a SubsonicError otherwise. */
  async authenticate(params: SubsonicAuthParams): Promise<SubsonicUser> {
    if (params.apiKey !== undefined) {
      // OpenSubsonic apiKey extension: 43 when u/p/t/s come along too, 44 when the key is not known.
      if (params.u !== undefined || params.p !== undefined || params.t !== undefined || params.s !== undefined) {
        throw new SubsonicError(43, 'Give either apiKey or u with p or t and s, not both.');
      }
      const row = await this.deps.repository.credentialByKeyHash(sha256(params.apiKey));
      if (!row || row.kind !== 'apiKey') throw new SubsonicError(44, 'This API key is not valid (it may have been revoked). Make a new one in Platter’s settings.');
      return this.signedIn(row);
    }
    if (params.u === undefined) throw new SubsonicError(10, 'Required parameter is missing: u (or apiKey).');
    // An e-mail holds no space: one here is a '+' sent unencoded (DSub appends u to its URLs as
    // it is, so `me+music@…` arrives as `me music@…`).
    const user = await this.deps.repository.userByEmail(params.u.replace(/ /g, '+'));
    const passwords = user ? await this.deps.repository.appPasswordsOf(user.id) : [];
    let match: CredentialRow | undefined;
    if (params.t !== undefined || params.s !== undefined) {
      if (params.t === undefined || params.s === undefined) throw new SubsonicError(10, 'Token auth needs both t and s.');
      const token = params.t.toLowerCase();
      match = passwords.find((row) => sameText(md5(this.decrypt(row.secret_enc) + params.s), token));
    } else if (params.p !== undefined) {
      const given = decodePassword(params.p);
      match = passwords.find((row) => sameText(this.decrypt(row.secret_enc), given));
    } else {
      throw new SubsonicError(10, 'Required parameter is missing: p, or t and s, or apiKey.');
    }
    if (!match) throw new SubsonicError(40, 'Wrong username or app password. Use your e-mail and an app password made in Platter’s settings (not your sign-in password).');
    return this.signedIn(match);
  }

  private async signedIn(row: CredentialRow): Promise<SubsonicUser> {
    const user = await this.deps.repository.userById(row.user_id);
    if (!user) throw new SubsonicError(40, 'The account of these credentials no longer exists.');
    if (user.suspended_at) throw new SubsonicError(40, 'This account is suspended. If you think this is a mistake, write to the Platter team through the contact page.');
    // Once a minute at most per credential would be kinder to the database; a write per request is fine at this scale.
    if (!row.last_used_at || Date.parse(row.last_used_at) < Date.now() - 60_000) await this.deps.repository.touchCredential(row.id, nowIso());
    return { id: user.id, isAdmin: user.is_admin === 1 || this.deps.isAdmin(user.email), username: user.email };
  }

  private encrypt(text: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
    return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
  }

  private decrypt(text: string | null): string {
    if (!text) return '';
    const [iv, tag, body] = text.split('.').map((part) => Buffer.from(part, 'base64url'));
    if (!iv || !tag || !body) return '';
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, iv);
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
    } catch {
      // Encrypted under another secret (BETTER_AUTH_SECRET changed): this password no longer matches.
      return '';
    }
  }
}

function toCredential(row: CredentialRow): SubsonicCredential {
  return { id: row.id, kind: row.kind, name: row.name, createdAt: row.created_at, lastUsedAt: row.last_used_at };
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const md5 = (text: string) => createHash('md5').update(text).digest('hex');

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length > 0 && x.length === y.length && timingSafeEqual(x, y);
}

/** `p` in clear or as `enc:<hex of the UTF-8 bytes>`. */
function decodePassword(p: string): string {
  if (!p.startsWith('enc:')) return p;
  const hex = p.slice(4);
  return /^([0-9a-f]{2})*$/i.test(hex) ? Buffer.from(hex, 'hex').toString('utf8') : '';
}
