import { createMp3Encoder } from 'wasm-media-encoders';

/** A real MP3 of a decaying A-minor arpeggio: small, valid, and with a known duration. */
export async function makeMp3(seconds = 2, sampleRate = 44100): Promise<Buffer> {
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

/** A minimal valid WAV (PCM 16-bit mono) of silence. */
export function makeWav(seconds = 1, sampleRate = 8000): Buffer {
  const dataBytes = Math.round(seconds * sampleRate) * 2;
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(dataBytes, 40);
  return Buffer.concat([header, Buffer.alloc(dataBytes)]);
}

/** A 16-bit PCM WAV of a 997 Hz sine at `peakDbfs` on every channel (BS.1770's calibration tone). */
export function toneWav(seconds: number, sampleRate: number, channels: number, peakDbfs: number): Buffer {
  const frames = Math.round(seconds * sampleRate);
  const data = Buffer.alloc(frames * channels * 2);
  const amplitude = 32767 * 10 ** (peakDbfs / 20);
  for (let i = 0; i < frames; i++) {
    const sample = Math.round(amplitude * Math.sin((2 * Math.PI * 997 * i) / sampleRate));
    for (let c = 0; c < channels; c++) data.writeInt16LE(sample, (i * channels + c) * 2);
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(channels, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * channels * 2, 28);
  header.writeUInt16LE(channels * 2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/** A PNG header and then junk: an image that claims to be audio. */
export const notAudio = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(2000, 7)]);

/** An ID3v2.3 text or picture frame. */
function id3Frame(id: string, body: Buffer): Buffer {
  const header = Buffer.alloc(10);
  header.write(id, 0, 'latin1');
  header.writeUInt32BE(body.length, 4);
  return Buffer.concat([header, body]);
}

/** The MP3 with an ID3v2.3 tag in front: a genre (TCON) and, when given, front cover art (APIC). */
export function withId3Tags(mp3: Buffer, tags: { genre?: string; cover?: Buffer; coverType?: string }): Buffer {
  const frames: Buffer[] = [];
  if (tags.genre) frames.push(id3Frame('TCON', Buffer.concat([Buffer.from([0]), Buffer.from(tags.genre, 'latin1')])));
  if (tags.cover) {
    const mime = Buffer.from(`${tags.coverType ?? 'image/png'}\0`, 'latin1');
    frames.push(id3Frame('APIC', Buffer.concat([Buffer.from([0]), mime, Buffer.from([3]), Buffer.from([0]), tags.cover])));
  }
  const body = Buffer.concat(frames);
  const size = body.length;
  const header = Buffer.from([0x49, 0x44, 0x33, 3, 0, 0, (size >> 21) & 0x7f, (size >> 14) & 0x7f, (size >> 7) & 0x7f, size & 0x7f]);
  return Buffer.concat([header, body, mp3]);
}
