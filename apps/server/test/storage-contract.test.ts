import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalDiskStorage } from '../src/storage/local-disk.storage.js';
import { S3Storage } from '../src/storage/s3.storage.js';
import { InvalidKeyError, ObjectTooLargeError, type Storage } from '../src/storage/storage.js';
import { UploadSigner } from '../src/storage/upload-signer.js';
import { type S3TestServer, startS3Server } from './support/s3-server.js';

/**
 * One contract, two storages: local disk and S3Storage on a real S3-protocol server process
 * (s3rver). The database plays no part, so it runs in the SQLite project only.
 */
const bytes = (n: number, seed = 7) => Buffer.from(Array.from({ length: n }, (_, i) => (i * 31 + seed) % 251));

interface Subject {
  name: string;
  storage: () => Storage;
}

let s3: S3TestServer | undefined;
let s3Storage: S3Storage | undefined;
let root = '';
let local: LocalDiskStorage | undefined;

const subjects: Subject[] = [
  { name: 'local disk', storage: () => local as Storage },
  { name: 'S3 (s3rver)', storage: () => s3Storage as Storage },
];

describe.skipIf(process.env.PLATTER_TEST_DIALECT === 'postgres')('the storage contract', () => {
  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'platter-contract-'));
    local = new LocalDiskStorage(root, new UploadSigner('y'.repeat(32)));
    s3 = await startS3Server();
    s3Storage = new S3Storage({
      bucket: s3.bucket,
      endpoint: s3.endpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: s3.env.S3_ACCESS_KEY_ID ?? '', secretAccessKey: s3.env.S3_SECRET_ACCESS_KEY ?? '' },
      forcePathStyle: true,
      publicUrl: undefined,
    });
  });
  afterAll(async () => {
    local?.close();
    s3Storage?.close();
    await s3?.stop();
    fs.rmSync(root, { recursive: true, force: true });
  });

  describe.each(subjects)('$name', ({ storage }) => {
    const audio = bytes(300_000);

    it('stores a stream under a key with slashes and reads it back whole', async () => {
      const stored = await storage().put('uploads/user-1/track-a', Readable.from([audio.subarray(0, 1000), audio.subarray(1000)]), { contentType: 'audio/mpeg' });
      expect(stored).toMatchObject({ key: 'uploads/user-1/track-a', size: audio.length });
      expect((await buffer(await storage().read('uploads/user-1/track-a'))).equals(audio)).toBe(true);
    });

    it('reads the first, a middle and the last bytes as inclusive ranges', async () => {
      // Not `bytes=0-0`: s3rver answers it with the whole object (real S3 does not); Platter's own
      // reads start at 0 and take a few KiB, and browsers' ranges go to the bucket itself.
      for (const [start, end] of [
        [0, 4095],
        [123_456, 200_000],
        [audio.length - 500, audio.length - 1],
      ] as const) {
        const part = await buffer(await storage().read('uploads/user-1/track-a', { start, end }));
        expect(part.equals(audio.subarray(start, end + 1)), `bytes ${start}-${end}`).toBe(true);
      }
    });

    it('reads small ranges into memory, following a rewrite of the key and refusing after a delete', async () => {
      const key = 'images/ranged.webp';
      const first = bytes(50_000, 3);
      await storage().put(key, first);
      expect((await storage().readBytes(key, { start: 0, end: 4095 })).equals(first.subarray(0, 4096))).toBe(true);
      // Many at once share whatever the storage keeps open.
      const parts = await Promise.all(Array.from({ length: 20 }, (_, i) => storage().readBytes(key, { start: i * 1000, end: i * 1000 + 999 })));
      parts.forEach((part, i) => expect(part.equals(first.subarray(i * 1000, i * 1000 + 1000)), `part ${i}`).toBe(true));
      const second = bytes(50_000, 4);
      await storage().put(key, second);
      expect((await storage().readBytes(key, { start: 100, end: 199 })).equals(second.subarray(100, 200))).toBe(true);
      await storage().delete(key);
      await expect(storage().readBytes(key, { start: 0, end: 9 })).rejects.toThrow();
    });

    it('gives the same ETag for the same bytes and another for other bytes', async () => {
      const a = await storage().put('images/a.webp', bytes(5000, 1));
      const again = await storage().put('images/a-copy.webp', bytes(5000, 1));
      const other = await storage().put('images/b.webp', bytes(5000, 2));
      expect(a.etag).toMatch(/^"[^"]+"$/);
      expect(again.etag).toBe(a.etag);
      expect(other.etag).not.toBe(a.etag);
      expect((await storage().stat('images/a.webp'))?.etag).toBe(a.etag);
      // Rewritten with other bytes, the key's ETag follows the content.
      const rewritten = await storage().put('images/a.webp', bytes(5000, 2));
      expect(rewritten.etag).toBe(other.etag);
    });

    it('stores bytes given as a Uint8Array', async () => {
      const stored = await storage().put('images/c.webp', new Uint8Array(bytes(10)), { contentType: 'image/webp' });
      expect(stored.size).toBe(10);
    });

    it('answers undefined for a missing key, and deleting one twice is not an error', async () => {
      await storage().put('uploads/user-1/gone', bytes(10));
      await storage().delete('uploads/user-1/gone');
      await storage().delete('uploads/user-1/gone');
      expect(await storage().stat('uploads/user-1/gone')).toBeUndefined();
      expect(await storage().stat('uploads/nobody/never')).toBeUndefined();
    });

    it('deletes a folder of objects by its prefix, and nothing beside it', async () => {
      // More than one page of a listing is not needed here: S3Storage lists and deletes until none is left.
      for (const key of ['purge/u-1/a', 'purge/u-1/deep/b', 'purge/u-1/deep/c', 'purge/u-10/keep', 'purge/u-1x']) await storage().put(key, bytes(5));
      await storage().deletePrefix('purge/u-1/');
      for (const key of ['purge/u-1/a', 'purge/u-1/deep/b', 'purge/u-1/deep/c']) expect(await storage().stat(key)).toBeUndefined();
      for (const key of ['purge/u-10/keep', 'purge/u-1x']) expect(await storage().stat(key)).toBeDefined();
      await storage().deletePrefix('purge/nobody/');
      await expect(storage().deletePrefix('purge/u-1')).rejects.toThrow(InvalidKeyError);
      await expect(storage().deletePrefix('../')).rejects.toThrow(InvalidKeyError);
    });

    it('refuses a body over the limit and keeps nothing under the key', async () => {
      await expect(storage().put('uploads/user-1/big', Readable.from([bytes(6000), bytes(6000)]), { maxBytes: 10_000 })).rejects.toBeInstanceOf(ObjectTooLargeError);
      await expect(storage().put('uploads/user-1/big2', bytes(20), { maxBytes: 10 })).rejects.toBeInstanceOf(ObjectTooLargeError);
      expect(await storage().stat('uploads/user-1/big')).toBeUndefined();
      expect(await storage().stat('uploads/user-1/big2')).toBeUndefined();
    });

    it('refuses keys that climb out or start at the root', async () => {
      await expect(storage().put('../escape', bytes(1))).rejects.toThrow(InvalidKeyError);
      await expect(storage().stat('/abs')).rejects.toThrow(InvalidKeyError);
    });

    it('answers its readiness check', async () => {
      await expect(storage().check()).resolves.toBeUndefined();
    });
  });

  it('on S3, a browser PUTs to the presigned upload URL and GETs a range from the presigned download URL', async () => {
    const storage = s3Storage as S3Storage;
    const body = bytes(4000, 9);
    const uploadUrl = await storage.createUploadUrl('uploads/user-2/direct', {
      contentType: 'audio/mpeg',
      maxBytes: 10_000,
      size: body.length,
      expiresAt: new Date(Date.now() + 15 * 60_000),
      userId: 'user-2',
    });
    expect(new URL(uploadUrl).origin).toBe(storage.publicOrigin);
    const put = await fetch(uploadUrl, { method: 'PUT', body, headers: { 'content-type': 'audio/mpeg' } });
    expect(put.status, await put.text()).toBe(200);
    expect(await storage.stat('uploads/user-2/direct')).toMatchObject({ size: body.length });

    const downloadUrl = await storage.createDownloadUrl('uploads/user-2/direct', { expiresInSeconds: 60, contentType: 'audio/mpeg' });
    const got = await fetch(downloadUrl, { headers: { range: 'bytes=100-199' } });
    expect(got.status).toBe(206);
    expect(got.headers.get('content-range')).toBe(`bytes 100-199/${body.length}`);
    expect(Buffer.from(await got.arrayBuffer()).equals(body.subarray(100, 200))).toBe(true);
  });

  it('on S3, a bucket that does not exist fails the readiness check with its name', async () => {
    const missing = new S3Storage({
      bucket: 'no-such-bucket',
      endpoint: s3?.endpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      forcePathStyle: true,
      publicUrl: undefined,
    });
    await expect(missing.check()).rejects.toThrow(/no-such-bucket/);
    missing.close();
  });
});
