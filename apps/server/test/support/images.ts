import sharp from 'sharp';

/** A real PNG of the given size, a colour gradient so it is not trivially compressible. */
export async function makePng(width = 64, height = 64): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      pixels[i] = (x * 255) / width;
      pixels[i + 1] = (y * 255) / height;
      pixels[i + 2] = ((x ^ y) * 7) % 256;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } }).png().toBuffer();
}

/** Width, height and format of image bytes. */
export async function imageInfo(bytes: Buffer): Promise<{ width?: number; height?: number; format?: string }> {
  const meta = await sharp(bytes).metadata();
  return { width: meta.width, height: meta.height, format: meta.format };
}
