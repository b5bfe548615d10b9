import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import type { S3Config } from '../config.js';
import { type ByteRange, ObjectTooLargeError, type Storage, type StoredObject, type UploadUrlOptions, assertValidKey, assertValidPrefix, sizeLimit } from './storage.js';

/** The longest a presigned upload URL lives, whatever the caller asks (the 15 minutes). */
export const MAX_UPLOAD_URL_SECONDS = 15 * 60;

/**
 * Objects in an S3-compatible bucket (AWS S3, MinIO, Garage, R2…) through the AWS SDK v3. Browsers
 * PUT uploads and GET media straight from the bucket with presigned URLs; Platter itself reads only
 * what it checks (HEAD, a ranged GET of the first bytes) and writes only what it makes (images,
 * demo tracks). Presigned URLs are signed for S3_PUBLIC_URL when it is set (the signature covers
 * the host), so a CDN or proxy in front of the bucket serves them.
 */
export class S3Storage implements Storage {
  readonly publicOrigin: string;
  /** Browsers GET media from the bucket (presigned URLs); Platter reads only what it checks. */
  readonly servesBytes = false;
  private readonly client: S3Client;
  /** Signs URLs for browsers: the same bucket, reached at the public origin. */
  private readonly presigner: S3Client;

  constructor(private readonly config: S3Config) {
    const base = {
      region: config.region,
      forcePathStyle: config.forcePathStyle,
      ...(config.credentials ? { credentials: config.credentials } : {}),
      // Without this, SDK 3.729+ adds a CRC32 checksum of an empty body to presigned PUTs, which
      // every real bucket then refuses for the browser's bytes; checksums stay on where required.
      requestChecksumCalculation: 'WHEN_REQUIRED' as const,
      responseChecksumValidation: 'WHEN_REQUIRED' as const,
    };
    this.client = new S3Client({ ...base, ...(config.endpoint ? { endpoint: config.endpoint } : {}) });
    const publicEndpoint = config.publicUrl ?? config.endpoint;
    this.presigner = publicEndpoint === config.endpoint ? this.client : new S3Client({ ...base, endpoint: publicEndpoint });
    this.publicOrigin = publicEndpoint
      ? new URL(publicEndpoint).origin
      : config.forcePathStyle
        ? `https://s3.${config.region}.amazonaws.com`
        : `https://${config.bucket}.s3.${config.region}.amazonaws.com`;
  }

  async put(key: string, body: Readable | Uint8Array, options: { maxBytes?: number; contentType?: string } = {}): Promise<StoredObject> {
    assertValidKey(key);
    if (body instanceof Uint8Array) {
      if (options.maxBytes !== undefined && body.byteLength > options.maxBytes) throw new ObjectTooLargeError(options.maxBytes);
      await this.client.send(new PutObjectCommand({ Bucket: this.config.bucket, Key: key, Body: body, ContentType: options.contentType }));
    } else {
      // Multipart for large bodies; an abort (the size limit) aborts the multipart upload, so no
      // part of it becomes an object.
      const limited = body.pipe(sizeLimit(options.maxBytes));
      body.on('error', (error) => limited.destroy(error));
      const upload = new Upload({
        client: this.client,
        params: { Bucket: this.config.bucket, Key: key, Body: limited, ContentType: options.contentType },
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (error) {
        const tooLarge = limited.errored instanceof ObjectTooLargeError ? limited.errored : error instanceof ObjectTooLargeError ? error : undefined;
        if (tooLarge) throw tooLarge;
        throw error;
      }
    }
    const stored = await this.stat(key);
    if (!stored) throw new Error(`Object ${key} is missing right after it was written`);
    return stored;
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    assertValidKey(key);
    const result = await this.client.send(
      new GetObjectCommand({ Bucket: this.config.bucket, Key: key, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }),
    );
    if (!(result.Body instanceof Readable)) throw new Error(`The bucket answered ${key} without a body`);
    return result.Body;
  }

  async readBytes(key: string, range: ByteRange): Promise<Buffer> {
    return buffer(await this.read(key, range));
  }

  async stat(key: string): Promise<StoredObject | undefined> {
    assertValidKey(key);
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.config.bucket, Key: key }));
      // S3's ETag is derived from the content (an MD5, or the parts' for multipart), never from a clock.
      return { key, size: head.ContentLength ?? 0, etag: head.ETag ?? `"${key}"`, ...(head.ContentType ? { contentType: head.ContentType } : {}) };
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertValidKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.config.bucket, Key: key }));
  }

  /** Lists a page of keys under the prefix and deletes them in one request (up to 1,000), until none is left. */
  async deletePrefix(prefix: string): Promise<void> {
    assertValidPrefix(prefix);
    for (;;) {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.config.bucket, Prefix: prefix, MaxKeys: 1000 }));
      const keys = (page.Contents ?? []).flatMap((object) => (object.Key ? [{ Key: object.Key }] : []));
      if (keys.length === 0) return;
      await this.client.send(new DeleteObjectsCommand({ Bucket: this.config.bucket, Delete: { Objects: keys, Quiet: true } }));
    }
  }

  async createUploadUrl(key: string, options: UploadUrlOptions): Promise<string> {
    assertValidKey(key);
    const expiresIn = Math.max(1, Math.min(MAX_UPLOAD_URL_SECONDS, Math.floor((options.expiresAt.getTime() - Date.now()) / 1000)));
    const command = new PutObjectCommand({
      Bucket: this.config.bucket,
      Key: key,
      ContentType: options.contentType,
      ...(options.size !== undefined ? { ContentLength: options.size } : {}),
    });
    // Content-Type and Content-Length are signed: the bucket refuses a PUT of another type or size.
    return getSignedUrl(this.presigner, command, {
      expiresIn,
      signableHeaders: new Set(options.size !== undefined ? ['content-type', 'content-length'] : ['content-type']),
    });
  }

  async createDownloadUrl(key: string, options: { expiresInSeconds: number; contentType?: string; contentDisposition?: string }): Promise<string> {
    assertValidKey(key);
    const command = new GetObjectCommand({
      Bucket: this.config.bucket,
      Key: key,
      ...(options.contentType ? { ResponseContentType: options.contentType } : {}),
      ...(options.contentDisposition ? { ResponseContentDisposition: options.contentDisposition } : {}),
    });
    return getSignedUrl(this.presigner, command, { expiresIn: options.expiresInSeconds });
  }

  async check(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.config.bucket }));
    } catch (error) {
      const reason = error instanceof S3ServiceException ? `${error.name} (HTTP ${error.$metadata.httpStatusCode ?? '?'})` : String(error);
      throw new Error(`bucket ${this.config.bucket} does not answer: ${reason}`, { cause: error });
    }
  }

  close(): void {
    this.client.destroy();
    if (this.presigner !== this.client) this.presigner.destroy();
  }
}

function isNotFound(error: unknown): boolean {
  return error instanceof S3ServiceException && (error.name === 'NotFound' || error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404);
}
