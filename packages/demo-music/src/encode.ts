/** MP3 encoding of rendered demo tracks with the LAME build from wasm-media-encoders. */
import { createMp3Encoder } from 'wasm-media-encoders';

type Mp3Encoder = Awaited<ReturnType<typeof createMp3Encoder>>;

/** Compiling the WASM module takes a while, so each thread keeps one encoder and reconfigures it per track. */
let encoderPromise: Promise<Mp3Encoder> | undefined;

/** Samples handed to LAME per call (a multiple of the 1152-sample MP3 frame). */
const CHUNK = 1152 * 64;

export async function encodeMp3(channels: Float32Array[], sampleRate: number): Promise<Uint8Array> {
  if (channels.length !== 1 && channels.length !== 2) throw new Error(`encodeMp3: 1 or 2 channels expected, got ${channels.length}`);
  const length = channels[0]!.length;
  if (channels.some((c) => c.length !== length)) throw new Error('encodeMp3: channels differ in length');
  encoderPromise ??= createMp3Encoder();
  const encoder = await encoderPromise;
  encoder.configure({ sampleRate, channels: channels.length as 1 | 2, bitrate: 128 });
  const parts: Uint8Array[] = [];
  let total = 0;
  // The encoder owns (and reuses) the returned buffers, so every chunk is copied.
  const keep = (chunk: Uint8Array): void => {
    if (chunk.length === 0) return;
    parts.push(chunk.slice());
    total += chunk.length;
  };
  for (let offset = 0; offset < length; offset += CHUNK) {
    const end = Math.min(length, offset + CHUNK);
    keep(encoder.encode(channels.map((c) => c.subarray(offset, end))));
  }
  keep(encoder.finalize());
  const mp3 = new Uint8Array(total);
  let at = 0;
  for (const part of parts) {
    mp3.set(part, at);
    at += part.length;
  }
  return mp3;
}
