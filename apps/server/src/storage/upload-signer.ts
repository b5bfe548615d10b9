import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a signed upload URL grants: one key, for one user, one content type, up to a size, until a time. */
export interface UploadGrant {
  key: string;
  userId: string;
  contentType: string;
  maxBytes: number;
  /** The exact size declared when the URL was made; a body of another length is refused. */
  size?: number;
  expiresAt: number;
}

export type GrantCheck = { ok: true; grant: UploadGrant } | { ok: false; reason: 'forged' | 'expired' };

/**
 * Signs and verifies the tokens of local-disk upload URLs (the stand-in for S3 presigned URLs).
 * A token is `base64url(json).base64url(hmac)`; any change to either half fails verification.
 */
export class UploadSigner {
  constructor(private readonly secret: string) {}

  sign(grant: UploadGrant): string {
    const payload = Buffer.from(JSON.stringify(grant)).toString('base64url');
    return `${payload}.${this.mac(payload)}`;
  }

  verify(token: string, now = Date.now()): GrantCheck {
    const [payload, mac, ...rest] = token.split('.');
    if (!payload || !mac || rest.length > 0) return { ok: false, reason: 'forged' };
    const expected = Buffer.from(this.mac(payload));
    const given = Buffer.from(mac);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: 'forged' };
    let grant: UploadGrant;
    try {
      grant = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as UploadGrant;
    } catch {
      return { ok: false, reason: 'forged' };
    }
    if (typeof grant.expiresAt !== 'number' || grant.expiresAt < now) return { ok: false, reason: 'expired' };
    return { ok: true, grant };
  }

  private mac(payload: string): string {
    return createHmac('sha256', this.secret).update(payload).digest('base64url');
  }
}
