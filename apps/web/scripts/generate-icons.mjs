// Renders the PWA icons (apps/web/public/icons/) from the favicon, once; the PNGs are committed.
// Run again after changing favicon.svg: node apps/web/scripts/generate-icons.mjs
import { readFile, mkdir } from 'node:fs/promises';
import sharp from 'sharp';

const publicDir = new URL('../public/', import.meta.url);
const outDir = new URL('icons/', publicDir);
const svg = await readFile(new URL('favicon.svg', publicDir));
/** The app's background (--bg in styles/global.css), also the manifest's background_color. */
const background = '#0e0e12';

await mkdir(outDir, { recursive: true });

// "any" icons: the record on a transparent background, edge to edge.
for (const size of [192, 512]) {
  await sharp(svg, { density: (72 * size) / 64 })
    .resize(size, size)
    .png()
    .toFile(new URL(`icon-${size}.png`, outDir).pathname);
}

// Maskable: Android crops to a circle or squircle, so the record stays inside the middle 80 %
// (the safe zone) on a full-bleed background.
const size = 512;
const inner = Math.round(size * 0.7);
const record = await sharp(svg, { density: (72 * inner) / 64 }).resize(inner, inner).png().toBuffer();
await sharp({ create: { width: size, height: size, channels: 4, background } })
  .composite([{ input: record, gravity: 'centre' }])
  .png()
  .toFile(new URL('icon-maskable-512.png', outDir).pathname);

// iOS ignores the manifest's icons and wants an opaque 180 px one.
const apple = 180;
const appleInner = Math.round(apple * 0.8);
const appleRecord = await sharp(svg, { density: (72 * appleInner) / 64 }).resize(appleInner, appleInner).png().toBuffer();
await sharp({ create: { width: apple, height: apple, channels: 4, background } })
  .composite([{ input: appleRecord, gravity: 'centre' }])
  .png()
  .toFile(new URL('apple-touch-icon.png', outDir).pathname);
