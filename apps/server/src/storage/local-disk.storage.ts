import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp, { type FileHandle } from 'node:fs/promises';
import { LRUCache } from 'lru-cache';
import path from 'node:path';
import { Readable, Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  type ByteRange,
  type Storage,
  type StoredObject,
  type UploadUrlOptions,
  assertValidKey,
  assertValidPrefix,
  sizeLimit,
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
  readonly servesBytes = true;
  private readonly tmpDir: string;
  /**
   * Open handles of recently read files, so a play's many small ranges cost one positioned read
   * each instead of open + read + close. Dropped when the key is written or deleted, and when idle.
   */
  private readonly handles = new LRUCache<string, SharedHandle>({
    max: 256,
    ttl: 30_000,
    updateAgeOnGet: true,
    dispose: (shared) => shared.release(),
  });

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
    const hash = createHash('sha256');
    try {
      await pipeline(source, sizeLimit(options.maxBytes), hashing(hash), fs.createWriteStream(tmp));
      await fsp.mkdir(path.dirname(target), { recursive: true });
      // The content's ETag first, then the object: a reader that sees the object sees its tag.
      await fsp.writeFile(etagPathOf(target), etagOf(hash));
      await fsp.rename(tmp, target);
      // A handle kept open on the old file would go on reading the old bytes.
      this.handles.delete(target);
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

  async readBytes(key: string, range: ByteRange): Promise<Buffer> {
    const file = this.pathOf(key);
    let shared = this.handles.get(file);
    if (!shared) {
      const opened = new SharedHandle(await fsp.open(file, 'r'));
      // Another read may have opened it meanwhile: keep one, release the other.
      shared = this.handles.get(file);
      if (shared) opened.release();
      else this.handles.set(file, (shared = opened));
    }
    shared.acquire();
    try {
      const bytes = Buffer.allocUnsafe(range.end - range.start + 1);
      const { bytesRead } = await shared.handle.read(bytes, 0, bytes.length, range.start);
      return bytes.subarray(0, bytesRead);
    } finally {
      shared.release();
    }
  }

  async stat(key: string): Promise<StoredObject | undefined> {
    try {
      const file = this.pathOf(key);
      const s = await fsp.stat(file);
      if (!s.isFile()) return undefined;
      return { key, size: s.size, etag: await this.contentEtag(file) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const file = this.pathOf(key);
    this.handles.delete(file);
    await fsp.rm(file, { force: true });
    await fsp.rm(etagPathOf(file), { force: true });
  }

  async deletePrefix(prefix: string): Promise<void> {
    assertValidPrefix(prefix);
    const folder = path.join(this.root, prefix);
    for (const file of this.handles.keys()) if (file.startsWith(folder)) this.handles.delete(file);
    await fsp.rm(folder, { recursive: true, force: true });
  }

  /**
   * The ETag kept beside the object (a SHA-256 of its bytes, written by put), so it is the same on
   * every node that holds the same bytes and never follows a clock; objects stored before ETags
   * were kept get theirs on first use.
   */
  private async contentEtag(file: string): Promise<string> {
    const sidecar = etagPathOf(file);
    try {
      return (await fsp.readFile(sidecar, 'utf8')).trim();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    const hash = createHash('sha256');
    await pipeline(fs.createReadStream(file), hashing(hash), new Writable({ write: (_chunk, _encoding, callback) => callback() }));
    const etag = etagOf(hash);
    await fsp.writeFile(sidecar, etag).catch(() => undefined);
    return etag;
  }

  /** Local files are streamed by Platter itself: there is no URL of their own. */
  async createDownloadUrl(): Promise<string | undefined> {
    return undefined;
  }

  close(): void {
    this.handles.clear();
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
      ...(options.size !== undefined ? { size: options.size } : {}),
      expiresAt: options.expiresAt.getTime(),
    });
    return `${LOCAL_UPLOAD_PATH}${token}`;
  }

  private pathOf(key: string): string {
    assertValidKey(key);
    return path.join(this.root, key);
  }
}

/** A file handle shared by concurrent reads: closed when the cache and every read have let go of it. */
class SharedHandle {
  /** The cache's own reference, released when it drops the entry. */
  private refs = 1;

  constructor(readonly handle: FileHandle) {}

  acquire(): void {
    this.refs++;
  }

  release(): void {
    if (--this.refs === 0) void this.handle.close().catch(() => undefined);
  }
}

/** Where an object's ETag is kept: a dot-named file beside it (Platter's keys never start a part with a dot; migrate-to skips them). */
function etagPathOf(file: string): string {
  return path.join(path.dirname(file), `.${path.basename(file)}.etag`);
}

function etagOf(hash: ReturnType<typeof createHash>): string {
  return `"${hash.digest('base64url').slice(0, 27)}"`;
}

function hashing(hash: ReturnType<typeof createHash>): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      callback(null, chunk);
    },
  });
}
