import path from 'node:path';
import type { Config } from '../config.js';
import { LocalDiskStorage } from './local-disk.storage.js';
import { S3Storage } from './s3.storage.js';
import type { Storage } from './storage.js';
import type { UploadSigner } from './upload-signer.js';

/** The one place storage is chosen: S3 when S3_BUCKET is set, else local disk under DATA_DIR/media. */
export function createStorage(config: Config, signer: UploadSigner): Storage {
  if (config.s3) return new S3Storage(config.s3);
  return new LocalDiskStorage(path.join(config.dataDir, 'media'), signer);
}
