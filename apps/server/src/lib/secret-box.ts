import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Seals small secrets that Platter must send on later (a listener's ListenBrainz token) with
 * AES-256-GCM under a key derived from the server's secret, so a copy of the database alone does
 * not give them away. A sealed value is `v1.<iv>.<ciphertext+tag>` in base64url; `open` refuses
 * (returns undefined for) anything altered or sealed under another secret.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(secret: string, purpose: string) {
    this.key = Buffer.from(hkdfSync('sha256', secret, 'platter-secret-box', purpose, 32));
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    return `v1.${iv.toString('base64url')}.${body.toString('base64url')}`;
  }

  open(sealed: string): string | undefined {
    const [version, iv, body] = sealed.split('.');
    if (version !== 'v1' || !iv || !body) return undefined;
    const bytes = Buffer.from(body, 'base64url');
    if (bytes.length < 16) return undefined;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(bytes.subarray(bytes.length - 16));
      return Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - 16)), decipher.final()]).toString('utf8');
    } catch {
      return undefined;
    }
  }
}
