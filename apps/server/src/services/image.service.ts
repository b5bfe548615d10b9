import type { Readable } from 'node:stream';
import { MAX_IMAGE_MB } from '@platter/shared';
import { PayloadTooLargeError, UnsupportedMediaTypeError } from '../lib/errors.js';
import { newId } from '../lib/ids.js';
import { ACCEPTED_IMAGE_DESCRIPTION, IMAGE_CONTENT_TYPE, IMAGE_VARIANTS, type ImageVariant, imageSide, isAcceptedImage, renderImage, renderSvg, renderThumbnail } from '../media/image.js';
import type { Storage } from '../storage/storage.js';

export const MAX_IMAGE_BYTES = MAX_IMAGE_MB * 1024 * 1024;

/** Reads a request body up to a limit, refusing more with a 413 a person can act on. */
export async function readImageBody(body: Readable, declaredLength: number | undefined): Promise<Buffer> {
  const tooLarge = () => new PayloadTooLargeError(`The image is larger than ${MAX_IMAGE_MB} MB. Choose a smaller one.`);
  if (declaredLength !== undefined && declaredLength > MAX_IMAGE_BYTES) {
    body.resume();
    throw tooLarge();
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    size += buffer.length;
    if (size > MAX_IMAGE_BYTES) {
      body.destroy();
      throw tooLarge();
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

/** Turns uploaded or embedded images into stored WebP variants. */
export class ImageService {
  constructor(private readonly storage: Storage) {}

  /** Checks, resizes and stores an image under `images/<ownerId>/`; returns its storage key. */
  async store(ownerId: string, bytes: Uint8Array, variant: ImageVariant): Promise<string> {
    if (bytes.length === 0) throw new UnsupportedMediaTypeError(`The image is empty. Choose a ${ACCEPTED_IMAGE_DESCRIPTION} file.`);
    if (!(await isAcceptedImage(bytes))) {
      throw new UnsupportedMediaTypeError(`This file is not an image Platter can use. Choose a ${ACCEPTED_IMAGE_DESCRIPTION} file.`);
    }
    let rendered: Buffer;
    try {
      rendered = await renderImage(bytes, variant);
    } catch {
      throw new UnsupportedMediaTypeError(`This image could not be read: it may be damaged. Choose another ${ACCEPTED_IMAGE_DESCRIPTION} file.`);
    }
    const key = `images/${ownerId}/${variant}-${newId()}.webp`;
    await this.storage.put(key, rendered, { contentType: 'image/webp' });
    return key;
  }

  /**
   * Stores a picture Platter drew (demo artwork, SVG) as a WebP variant at a fixed key under
   * `images/`: drawing it again writes the same bytes, so a repeated run changes nothing.
   */
  async storeDrawn(key: string, svg: string, variant: ImageVariant): Promise<string> {
    if (!key.startsWith('images/')) throw new Error(`Drawn images live under images/, not ${key}`);
    await this.storage.put(key, await renderSvg(svg, variant), { contentType: 'image/webp' });
    return key;
  }

  /** Best-effort removal of a replaced image (and its smaller copies): an orphan file is harmless, a failed request is not. */
  async discard(key: string | null | undefined): Promise<void> {
    if (!key) return;
    await this.storage.delete(key).catch(() => undefined);
    for (const size of THUMBNAIL_SIZES) await this.storage.delete(thumbnailKey(key, size)).catch(() => undefined);
  }

  /**
   * The key of a stored image no larger than `size` pixels a side: the next of THUMBNAIL_SIZES up
   * (so a handful of copies per image, whatever sizes clients ask for), made once with sharp and
   * kept in storage next to it, where every instance and the media path (S3 redirect,
   * X-Accel-Redirect) find it. An image already that small, or a size above every step, is
   * served as stored: never enlarged.
   */
  async thumbnail(key: string, size: number): Promise<string> {
    const step = THUMBNAIL_SIZES.find((s) => s >= size);
    const known = KNOWN_SIDES.exec(key)?.[1] as ImageVariant | undefined;
    if (!step || (known && Math.max(IMAGE_VARIANTS[known].width, IMAGE_VARIANTS[known].height) <= step)) return key;
    const sized = thumbnailKey(key, step);
    if (await this.storage.stat(sized)) return sized;
    const original = await readImageBody(await this.storage.read(key), undefined);
    if ((await imageSide(original)) <= step) return key;
    await this.storage.put(sized, await renderThumbnail(original, step), { contentType: IMAGE_CONTENT_TYPE });
    return sized;
  }
}

/** The sides smaller copies of images are made at (getCoverArt `size` is rounded up to one). */
export const THUMBNAIL_SIZES = [64, 128, 256, 512] as const;

/** Where an image's copy at a size lives: `images/sized/<size>/<the image's key after images/>`. */
export const thumbnailKey = (key: string, size: number) => `images/sized/${size}/${key.replace(/^images\//, '')}`;

/** An uploaded image's key names its variant (`images/<owner>/<variant>-<id>.webp`), so its size is known unread. */
const KNOWN_SIDES = /^images\/[^/]+\/(avatar|cover|track)-[^/]+\.webp$/;
