import { createHmac, timingSafeEqual } from 'node:crypto';

export type DownloadCheck = { ok: true } | { ok: false; reason: 'forged' | 'expired' };

/**
 * Signs and verifies download links to a track's original file: `/media/<key>?download=
 * <expiry, unix seconds>&sig=<HMAC of key and expiry>`. The media route checks one with no session
 * or database lookup; any change to the key or the expiry fails verification.
 */
export class DownloadSigner {
  constructor(private readonly secret: string) {}

  sign(key: string, expiresAt: number): string {
    return this.mac(key, expiresAt);
  }

  verify(key: string, expires: string | undefined, sig: string | undefined, now = Date.now()): DownloadCheck {
    if (!expires || !sig || !/^\d{1,12}$/.test(expires)) return { ok: false, reason: 'forged' };
    const expected = Buffer.from(this.mac(key, Number(expires)));
    const given = Buffer.from(sig);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: 'forged' };
    if (Number(expires) * 1000 < now) return { ok: false, reason: 'expired' };
    return { ok: true };
  }

  private mac(key: string, expiresAt: number): string {
    return createHmac('sha256', this.secret).update(`${key}\n${expiresAt}`).digest('base64url');
  }
}
