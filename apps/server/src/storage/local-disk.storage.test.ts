import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalDiskStorage } from './local-disk.storage.js';
import { InvalidKeyError, ObjectTooLargeError } from './storage.js';
import { UploadSigner } from './upload-signer.js';

describe('LocalDiskStorage', () => {
  let root: string;
  let storage: LocalDiskStorage;

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'platter-storage-'));
    storage = new LocalDiskStorage(root, new UploadSigner('x'.repeat(32)));
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('stores, stats, reads a range and deletes', async () => {
    await storage.put('a/b.txt', Readable.from([Buffer.from('hello '), Buffer.from('world')]));
    expect((await storage.stat('a/b.txt'))?.size).toBe(11);
    expect(await text(await storage.read('a/b.txt', { start: 6, end: 10 }))).toBe('world');
    await storage.delete('a/b.txt');
    expect(await storage.stat('a/b.txt')).toBeUndefined();
  });

  it('keeps nothing when the body exceeds the size limit', async () => {
    await expect(storage.put('big', Buffer.alloc(100), { maxBytes: 10 })).rejects.toBeInstanceOf(ObjectTooLargeError);
    expect(await storage.stat('big')).toBeUndefined();
    expect(fs.readdirSync(path.join(root, '.tmp'))).toEqual([]);
  });

  it('keeps nothing when the stream fails half-way', async () => {
    const failing = new Readable({
      read() {
        this.push(Buffer.from('partial'));
        this.destroy(new Error('connection reset'));
      },
    });
    await expect(storage.put('half', failing)).rejects.toThrow('connection reset');
    expect(await storage.stat('half')).toBeUndefined();
  });

  it('refuses keys that escape the root', async () => {
    await expect(storage.put('../evil', Buffer.from('x'))).rejects.toThrow(InvalidKeyError);
    await expect(storage.stat('/etc/passwd')).rejects.toThrow(InvalidKeyError);
  });
});

describe('UploadSigner', () => {
  const signer = new UploadSigner('s'.repeat(32));
  const grant = { key: 'k', userId: 'u', contentType: 'audio/mpeg', maxBytes: 10, expiresAt: Date.now() + 60_000 };

  it('verifies its own tokens', () => {
    expect(signer.verify(signer.sign(grant))).toEqual({ ok: true, grant });
  });

  it('rejects a token whose payload was changed', () => {
    const [, mac] = signer.sign(grant).split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ ...grant, userId: 'other' })).toString('base64url');
    expect(signer.verify(`${forgedPayload}.${mac}`)).toEqual({ ok: false, reason: 'forged' });
    expect(new UploadSigner('t'.repeat(32)).verify(signer.sign(grant))).toEqual({ ok: false, reason: 'forged' });
  });

  it('rejects an expired token', () => {
    expect(signer.verify(signer.sign({ ...grant, expiresAt: Date.now() - 1 }))).toEqual({ ok: false, reason: 'expired' });
  });
});
