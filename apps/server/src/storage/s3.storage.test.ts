import { describe, expect, it } from 'vitest';
import type { S3Config } from '../config.js';
import { S3Storage } from './s3.storage.js';

/**
 * What Platter signs, checked on the URLs themselves: the test bucket (s3rver) does not verify V4
 * signatures, so these are the checks that a real bucket will refuse what Platter did not allow.
 */
const config: S3Config = {
  bucket: 'platter',
  endpoint: 'http://10.0.0.5:9000',
  region: 'eu-west-1',
  credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret-example' },
  forcePathStyle: true,
  publicUrl: undefined,
};
const upload = { contentType: 'audio/mpeg', maxBytes: 50 * 1024 * 1024, size: 123_456, userId: 'u1' };

describe('S3Storage presigned URLs', () => {
  it('signs an upload for its content type and exact size, for at most 15 minutes, without a checksum of an empty body', async () => {
    const storage = new S3Storage(config);
    const url = new URL(await storage.createUploadUrl('uploads/u1/abc', { ...upload, expiresAt: new Date(Date.now() + 60 * 60_000) }));
    expect(url.origin).toBe('http://10.0.0.5:9000');
    expect(url.pathname).toBe('/platter/uploads/u1/abc');
    expect(url.searchParams.get('X-Amz-SignedHeaders')?.split(';')).toEqual(expect.arrayContaining(['content-length', 'content-type', 'host']));
    expect(Number(url.searchParams.get('X-Amz-Expires'))).toBe(900);
    expect(url.searchParams.get('X-Amz-Credential')).toMatch(/^AKIDEXAMPLE\/\d{8}\/eu-west-1\/s3\/aws4_request$/);
    expect([...url.searchParams.keys()].filter((k) => /checksum/i.test(k))).toEqual([]);
  });

  it('signs a shorter upload window when the upload expires sooner', async () => {
    const storage = new S3Storage(config);
    const url = new URL(await storage.createUploadUrl('uploads/u1/abc', { ...upload, expiresAt: new Date(Date.now() + 120_000) }));
    expect(Number(url.searchParams.get('X-Amz-Expires'))).toBeLessThanOrEqual(120);
  });

  it('signs for S3_PUBLIC_URL when set (the host is signed), and the CSP origin follows it', async () => {
    const storage = new S3Storage({ ...config, publicUrl: 'https://media.example.com' });
    expect(storage.publicOrigin).toBe('https://media.example.com');
    const put = new URL(await storage.createUploadUrl('uploads/u1/abc', { ...upload, expiresAt: new Date(Date.now() + 60_000) }));
    const get = new URL(await storage.createDownloadUrl('uploads/u1/abc', { expiresInSeconds: 300 }));
    for (const url of [put, get]) {
      expect(url.origin).toBe('https://media.example.com');
      expect(url.searchParams.get('X-Amz-SignedHeaders')).toContain('host');
    }
  });

  it('signs a download for a few minutes with the type the player should see', async () => {
    const storage = new S3Storage(config);
    const url = new URL(await storage.createDownloadUrl('uploads/u1/abc', { expiresInSeconds: 300, contentType: 'audio/ogg' }));
    expect(Number(url.searchParams.get('X-Amz-Expires'))).toBe(300);
    expect(url.searchParams.get('response-content-type')).toBe('audio/ogg');
  });

  it('names AWS virtual-hosted origin when there is no endpoint', () => {
    expect(new S3Storage({ ...config, endpoint: undefined, forcePathStyle: false }).publicOrigin).toBe('https://platter.s3.eu-west-1.amazonaws.com');
  });
});
