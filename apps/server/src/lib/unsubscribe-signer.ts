import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signs the one-click unsubscribe links of notification emails: `?u=<user id>&sig=<HMAC of the id>`.
 * The link works signed out (RFC 8058: a mail client POSTs it with no cookie) and never expires,
 * as an unsubscribe link must keep working in an old email; only Platter's secret can make one.
 */
export class UnsubscribeSigner {
  constructor(private readonly secret: string) {}

  sign(userId: string): string {
    return createHmac('sha256', this.secret).update(`email-unsubscribe\n${userId}`).digest('base64url');
  }

  verify(userId: string, sig: string): boolean {
    const expected = Buffer.from(this.sign(userId));
    const given = Buffer.from(sig);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }
}
