import type { LateMoov, StreamingDecoder } from './decoders.js';

/**
 * An MP4's sample tables are in its moov box, which many tools (ffmpeg among them, unless told
 * `+faststart`) write after the audio. A streaming demuxer must then hold the whole file before it
 * can read a sample, and @audio/decode-mp4 decodes it all in one call: a 45-minute AAC file would be
 * a gigabyte of PCM at once. So the service reads such a moov ahead by range (`findLateMoov`), and the
 * worker hands the decoder a stream with the moov first (`moovFirst`): the chunk offsets moved by
 * the moov's length, the moov's old place cut out. The decoder then reads each sample as it arrives.
 */

/** How many top-level boxes are walked before giving up on finding the moov. */
const MAX_TOP_LEVEL_BOXES = 64;

type ReadRange = (start: number, end: number) => Promise<Uint8Array>;

/** The moov box of an MP4 when it comes after an mdat (read through `read`, inclusive ranges); undefined otherwise. */
export async function findLateMoov(read: ReadRange, size: number): Promise<LateMoov | undefined> {
  let offset = 0;
  let afterMedia = false;
  for (let i = 0; i < MAX_TOP_LEVEL_BOXES && offset + 8 <= size; i++) {
    const header = Buffer.from(await read(offset, Math.min(offset + 16, size) - 1));
    let length = header.readUInt32BE(0);
    const type = header.toString('latin1', 4, 8);
    if (length === 1 && header.length >= 16) length = Number(header.readBigUInt64BE(8));
    else if (length === 0) length = size - offset;
    if (length < 8) return undefined;
    if (type === 'moov') return afterMedia && offset + length <= size ? { at: offset, bytes: await read(offset, offset + length - 1) } : undefined;
    if (type === 'mdat') afterMedia = true;
    offset += length;
  }
  return undefined;
}

/** `decoder` fed the stream as if the moov at `lateMoov.at` were the first box of the file. */
export function moovFirst(decoder: StreamingDecoder, lateMoov: LateMoov): StreamingDecoder {
  const moovStart = lateMoov.at;
  const moovEnd = moovStart + lateMoov.bytes.length;
  let position = 0;
  let moovSent = false;
  return {
    ready: decoder.ready,
    decode(chunk) {
      const from = position;
      position += chunk.length;
      const cutFrom = clamp(moovStart - from, 0, chunk.length);
      const cutTo = clamp(moovEnd - from, 0, chunk.length);
      let bytes: Uint8Array = cutFrom === cutTo ? chunk : Buffer.concat([chunk.subarray(0, cutFrom), chunk.subarray(cutTo)]);
      if (!moovSent) {
        moovSent = true;
        bytes = Buffer.concat([movedMoov(lateMoov.bytes, moovStart), bytes]);
      }
      return decoder.decode(bytes);
    },
    flush: () => decoder.flush?.() ?? { channelData: [] },
    free: () => decoder.free(),
  };
}

const CONTAINERS = new Set(['moov', 'trak', 'mdia', 'minf', 'stbl']);

/**
 * A copy of the moov with each track's chunk offsets (stco, co64) as they are once the moov is the
 * first box: bytes before its old place move by its length, bytes after it stay where they were.
 */
function movedMoov(moov: Uint8Array, moovAt: number): Buffer {
  const copy = Buffer.from(moov);
  const move = (offset: number) => (offset < moovAt ? offset + copy.length : offset);
  const walk = (start: number, end: number) => {
    let at = start;
    while (at + 8 <= end) {
      const length = copy.readUInt32BE(at);
      const type = copy.toString('latin1', at + 4, at + 8);
      if (length < 8 || at + length > end) throw new Error(`Malformed ${type} box in the moov`);
      if (CONTAINERS.has(type)) walk(at + 8, at + length);
      else if (type === 'stco' || type === 'co64') {
        const count = copy.readUInt32BE(at + 12);
        const width = type === 'stco' ? 4 : 8;
        if (at + 16 + count * width > at + length) throw new Error(`Malformed ${type} box in the moov`);
        for (let i = 0, entry = at + 16; i < count; i++, entry += width) {
          if (type === 'co64') copy.writeBigUInt64BE(BigInt(move(Number(copy.readBigUInt64BE(entry)))), entry);
          else {
            const moved = move(copy.readUInt32BE(entry));
            if (moved > 0xffffffff) throw new Error('A chunk offset passes 4 GB once the moov is moved');
            copy.writeUInt32BE(moved, entry);
          }
        }
      }
      at += length;
    }
  };
  walk(copy.readUInt32BE(0) === 1 ? 16 : 8, copy.length);
  return copy;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
