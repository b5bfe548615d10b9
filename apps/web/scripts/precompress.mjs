/**
 * Writes Brotli and gzip copies next to the built text assets (dist/**\/*.{js,css,html,svg,…}), which
 * the server sends to browsers that accept them (@fastify/static `preCompressed`). Compressing once
 * at build time, at the highest levels, costs the server nothing per request.
 *
 *   node scripts/precompress.mjs [dist]
 */
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const TEXT = /\.(js|mjs|css|html|svg|json|webmanifest|txt|map)$/;
/** Below this, the headers cost more than compression saves. */
const MIN_BYTES = 1024;

const dist = path.resolve(process.argv[2] ?? new URL('../dist', import.meta.url).pathname);
let files = 0;
let before = 0;
let after = 0;
for (const entry of fs.readdirSync(dist, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !TEXT.test(entry.name)) continue;
  const file = path.join(entry.parentPath, entry.name);
  const content = fs.readFileSync(file);
  if (content.length < MIN_BYTES) continue;
  const [br, gz] = await Promise.all([
    brotli(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
    gzip(content, { level: 9 }),
  ]);
  fs.writeFileSync(`${file}.br`, br);
  fs.writeFileSync(`${file}.gz`, gz);
  files++;
  before += content.length;
  after += br.length;
}
console.log(`precompress: ${files} files, ${Math.round(before / 1024)} KiB → ${Math.round(after / 1024)} KiB with Brotli`);
