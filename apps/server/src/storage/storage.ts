import { type Readable, Transform } from 'node:stream';
import { NotFoundError } from '../lib/errors.js';

export interface StoredObject {
  key: string;
  size: number;
  /** Changes whenever the content changes; stable otherwise. */
  etag: string;
  /** The Content-Type the object was stored with, where the storage keeps one (S3); undefined on local disk. */
  contentType?: string;
}

export interface ByteRange {
  /** Inclusive byte offsets, as in HTTP Range. */
  start: number;
  end: number;
}

export interface UploadUrlOptions {
  contentType: string;
  maxBytes: number;
  /** The exact size the browser declared (fileSize): S3 signs it as Content-Length; local disk refuses any other length. */
  size?: number;
  expiresAt: Date;
  /** Binds the URL to one user; checked by the receiver (local) or signed in (S3). */
  userId: string;
}

/**
 * Where media bytes live. Services talk to this and never to `fs` or an S3 SDK.
 * Keys are relative paths such as `uploads/<user>/<id>`; they never start with `/` and never contain `..`.
 */
export interface Storage {
  /** Stores the stream under `key` atomically: readers never see a partial object. */
  put(key: string, body: Readable | Uint8Array, options?: { maxBytes?: number; contentType?: string }): Promise<StoredObject>;
  /** A stream of the object's bytes, or of one inclusive range of them. */
  read(key: string, range?: ByteRange): Promise<Readable>;
  /**
   * One inclusive range of the object's bytes in memory, for small ranges served many times (a
   * player's seeks and chunks): cheaper than a stream. Rejects for a missing key.
   */
  readBytes(key: string, range: ByteRange): Promise<Buffer>;
  /** Size and etag, or undefined when the key does not exist. */
  stat(key: string): Promise<StoredObject | undefined>;
  /** Removes the object; deleting a missing key is not an error. */
  delete(key: string): Promise<void>;
  /**
   * Removes every object whose key starts with `prefix` (a folder: it ends with `/`), and on local
   * disk the folder itself; nothing there is not an error. For purges (an account's files).
   */
  deletePrefix(prefix: string): Promise<void>;
  /** A URL the browser can PUT the object's bytes to directly (a presigned URL on S3). */
  createUploadUrl(key: string, options: UploadUrlOptions): Promise<string>;
  /**
   * A short-lived URL the browser can GET the object from directly (a presigned GET on S3, where
   * Range works against the bucket), or undefined where Platter streams the bytes itself (local disk).
   */
  createDownloadUrl(key: string, options: { expiresInSeconds: number; contentType?: string; contentDisposition?: string }): Promise<string | undefined>;
  /**
   * Whether Platter sends the stored bytes itself (local disk), so that /media may answer from its
   * fast path (routes/media.fast-path.ts); false where readers are sent to the store by a
   * presigned URL (S3), and /media is always the route's redirect.
   */
  readonly servesBytes: boolean;
  /** The origin browsers reach stored objects at when it is not Platter's own (the CSP names it), else undefined. */
  readonly publicOrigin: string | undefined;
  /** Resolves when the storage answers (the bucket exists and is reachable); throws otherwise. For /api/ready. */
  check(): Promise<void>;
  /** Lets go of what it holds open (file handles, connections); at shutdown. */
  close(): void;
}

/** Thrown by `put` when the body exceeds `maxBytes`; nothing is kept. */
export class ObjectTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The object exceeds ${maxBytes} bytes`);
    this.name = 'ObjectTooLargeError';
  }
}

/**
 * A key that cannot name a stored object (empty, absolute, with a backslash, `.` or `..` parts).
 * Keys come from addresses too (/media/images/…), so this is a 404 like any other missing file.
 */
export class InvalidKeyError extends NotFoundError {
  constructor(readonly key: string) {
    super('No such file.', 'media_not_found');
    this.name = 'InvalidKeyError';
  }
}

/** Passes the bytes through until more than `maxBytes` have passed, then fails with ObjectTooLargeError (no bound when undefined). */
export function sizeLimit(maxBytes: number | undefined): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (maxBytes !== undefined && seen > maxBytes) callback(new ObjectTooLargeError(maxBytes));
      else callback(null, chunk);
    },
  });
}

/** A prefix deletePrefix takes: a valid key followed by `/`, so it names a whole folder and never a sibling sharing its start. */
export function assertValidPrefix(prefix: string): void {
  if (!prefix.endsWith('/')) throw new InvalidKeyError(prefix);
  assertValidKey(prefix.slice(0, -1));
}

export function assertValidKey(key: string): void {
  if (!key || key.startsWith('/') || key.includes('\\') || key.includes('\0') || key.split('/').some((part) => part === '..' || part === '' || part === '.')) {
    throw new InvalidKeyError(key);
  }
}
