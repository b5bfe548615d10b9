import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';

/** The shapes Platter keeps images in: each is resized (cropped to fill) and stored as WebP. */
export const IMAGE_VARIANTS = {
  avatar: { width: 400, height: 400 },
  cover: { width: 1600, height: 600 },
  track: { width: 600, height: 600 },
} as const;
export type ImageVariant = keyof typeof IMAGE_VARIANTS;

const ACCEPTED = new Set(['jpg', 'png', 'webp', 'gif', 'avif']);
export const ACCEPTED_IMAGE_DESCRIPTION = 'JPEG, PNG, WebP, GIF or AVIF';
export const IMAGE_CONTENT_TYPE = 'image/webp';

/** Whether the bytes are an image format Platter accepts (by their content, not their name). */
export async function isAcceptedImage(bytes: Uint8Array): Promise<boolean> {
  const type = await fileTypeFromBuffer(bytes);
  return type !== undefined && ACCEPTED.has(type.ext);
}

/**
 * Resizes an image to a variant and encodes it as WebP. Runs on libvips' own threads, off the
 * event loop. Throws when the bytes cannot be decoded. Animated GIFs keep their first frame.
 */
export async function renderImage(bytes: Uint8Array, variant: ImageVariant): Promise<Buffer> {
  const { width, height } = IMAGE_VARIANTS[variant];
  return sharp(bytes, { limitInputPixels: 100_000_000 })
    .rotate()
    .resize(width, height, { fit: 'cover', position: 'attention', withoutEnlargement: false })
    .webp({ quality: 82 })
    .toBuffer();
}

/**
 * Renders an SVG that Platter drew itself (demo artwork) to a variant's WebP: same SVG, same bytes.
 * A lower encoder effort (2 of 6) than for uploads: flat shapes compress well anyway, and a hundred
 * covers are drawn while the demo music renders on the same cores.
 */
export async function renderSvg(svg: string, variant: ImageVariant): Promise<Buffer> {
  const { width, height } = IMAGE_VARIANTS[variant];
  return sharp(Buffer.from(svg)).resize(width, height, { fit: 'cover' }).webp({ quality: 82, effort: 2 }).toBuffer();
}

/**
 * A smaller copy of a stored image for a client that asked for one (Subsonic getCoverArt `size`):
 * fits within `size`×`size`, keeps its shape, and is never enlarged.
 */
export async function renderThumbnail(bytes: Uint8Array, size: number): Promise<Buffer> {
  return sharp(bytes, { limitInputPixels: 100_000_000 }).resize(size, size, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 82 }).toBuffer();
}

/** An image's larger side in pixels. */
export async function imageSide(bytes: Uint8Array): Promise<number> {
  const { width = 0, height = 0 } = await sharp(bytes, { limitInputPixels: 100_000_000 }).metadata();
  return Math.max(width, height);
}
