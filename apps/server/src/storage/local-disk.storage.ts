import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  type ByteRange,
  ObjectTooLargeError,
  type Storage,
  type StoredObject,
  type UploadUrlOptions,
  assertValidKey,
} from './storage.js';
import type { UploadSigner } from './upload-signer.js';

/** Path prefix of the route that receives PUTs for local-disk upload URLs. */
export const LOCAL_UPLOAD_PATH = '/api/uploads/';

/**
 * Objects as files under `root`. Writes go to `root/.tmp` and are renamed into place when complete,
 * so a half-finished upload never appears under its key.
 */
export class LocalDiskStorage implements Storage {
  /** Objects are served by Platter itself (/media), from its own origin. */
  readonly publicOrigin = undefined;
  private readonly tmpDir: string;

  constructor(
    private readonly root: string,
    private readonly signer: UploadSigner,
  ) {
    this.tmpDir = path.join(root, '.tmp');
    fs.mkdirSync(this.tmpDir, { recursive: true });
    // Leftovers of a crash mid-write are never visible, but they take space.
    for (const name of fs.readdirSync(this.tmpDir)) fs.rmSync(path.join(this.tmpDir, name), { force: true });
  }

  async put(key: string, body: Readable | Uint8Array, options: { maxBytes?: number } = {}): Promise<StoredObject> {
    const target = this.pathOf(key);
    const tmp = path.join(this.tmpDir, randomUUID());
    const source = body instanceof Uint8Array ? Readable.from([body]) : body;
    try {
      await pipeline(source, sizeLimit(options.maxBytes), fs.createWriteStream(tmp));
      await fsp.mkdir(path.dirname(target), { recursive: true });
      await fsp.rename(tmp, target);
    } catch (error) {
      await fsp.rm(tmp, { force: true });
      throw error;
    }
    const stored = await this.stat(key);
    if (!stored) throw new Error(`Object ${key} vanished after write`);
    return stored;
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    const file = this.pathOf(key);
    // Open first so a missing key rejects here instead of erroring mid-stream.
    const handle = await fsp.open(file, 'r');
    return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
  }

  async stat(key: string): Promise<StoredObject | undefined> {
    try {
      const s = await fsp.stat(this.pathOf(key));
      if (!s.isFile()) return undefined;
      return { key, size: s.size, etag: `"${s.size.toString(16)}-${Math.floor(s.mtimeMs).toString(16)}"` };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await fsp.rm(this.pathOf(key), { force: true });
  }

  /** Local files are streamed by Platter itself: there is no URL of their own. */
  async createDownloadUrl(): Promise<string | undefined> {
    return undefined;
  }

  async check(): Promise<void> {
    await fsp.access(this.root, fs.constants.R_OK | fs.constants.W_OK);
  }

  async createUploadUrl(key: string, options: UploadUrlOptions): Promise<string> {
    assertValidKey(key);
    const token = this.signer.sign({
      key,
      userId: options.userId,
      contentType: options.contentType,
      maxBytes: options.maxBytes,
      expiresAt: options.expiresAt.getTime(),
    });
    return `${LOCAL_UPLOAD_PATH}${token}`;
  }

  private pathOf(key: string): string {
    assertValidKey(key);
    return path.join(this.root, key);
  }
}

function sizeLimit(maxBytes: number | undefined): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (maxBytes !== undefined && seen > maxBytes) callback(new ObjectTooLargeError(maxBytes));
      else callback(null, chunk);
    },
  });
}
