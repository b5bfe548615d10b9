import { createMp3Encoder } from 'wasm-media-encoders';

/**
 * A real MP3 (MPEG-1 Layer III, mono, 64 kbit/s) of a decaying arpeggio, made in memory so no
 * binary file is committed. Long enough that playback visibly advances before it ends.
 */
export async function makeMp3(seconds = 8, sampleRate = 44100): Promise<Buffer> {
  const encoder = await createMp3Encoder();
  encoder.configure({ sampleRate, channels: 1, bitrate: 64 });
  const samples = new Float32Array(Math.round(seconds * sampleRate));
  const notes = [220, 261.63, 329.63, 440];
  for (let i = 0; i < samples.length; i++) {
    const t = i / sampleRate;
    const note = notes[Math.floor(t * 4) % notes.length] ?? 220;
    samples[i] = 0.4 * Math.sin(2 * Math.PI * note * t) * Math.exp(-3 * (t % 0.25));
  }
  const chunks: Uint8Array[] = [];
  const block = 1152 * 16;
  for (let i = 0; i < samples.length; i += block) chunks.push(encoder.encode([samples.subarray(i, i + block)]).slice());
  chunks.push(encoder.finalize().slice());
  return Buffer.concat(chunks);
}

/** A PNG signature followed by junk: an image that claims to be audio. */
export function fakeMp3FromPng(): Buffer {
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(4000, 7)]);
}
