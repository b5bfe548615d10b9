import { describe, expect, it } from 'vitest';
import { decoderFor } from './decoders.js';
import { WavDecoder } from './wav-decoder.js';

describe('WavDecoder', () => {
  it('reads 16-bit PCM across chunk boundaries, header split included', () => {
    const samples = [0, 16384, -32768, 32767, 8192, -8192];
    const data = Buffer.alloc(samples.length * 2);
    samples.forEach((v, i) => data.writeInt16LE(v, i * 2));
    const header = Buffer.alloc(44);
    header.write('RIFF', 0);
    header.writeUInt32LE(36 + data.length, 4);
    header.write('WAVE', 8);
    header.write('fmt ', 12);
    header.writeUInt32LE(16, 16);
    header.writeUInt16LE(1, 20);
    header.writeUInt16LE(2, 22);
    header.writeUInt32LE(8000, 24);
    header.writeUInt32LE(32000, 28);
    header.writeUInt16LE(4, 32);
    header.writeUInt16LE(16, 34);
    header.write('data', 36);
    header.writeUInt32LE(data.length, 40);
    const file = Buffer.concat([header, data]);
    const decoder = new WavDecoder();
    const left: number[] = [];
    const right: number[] = [];
    for (const [from, to] of [[0, 20], [20, 47], [47, file.length]] as const) {
      const { channelData } = decoder.decode(file.subarray(from, to));
      left.push(...(channelData[0] ?? []));
      right.push(...(channelData[1] ?? []));
    }
    expect(left).toEqual([0, -1, 0.25]);
    expect(right.map((v) => Math.round(v * 1000) / 1000)).toEqual([0.5, 1, -0.25]);
  });

  it('refuses what is not RIFF/WAVE', () => {
    expect(() => new WavDecoder().decode(Buffer.from('this is not a wave file at all'))).toThrow(/RIFF/);
  });
});

describe('decoderFor', () => {
  it('has a decoder for every type Platter accepts, MP4/AAC and WebM included, and none for anything else', async () => {
    for (const type of ['audio/mpeg', 'audio/wav', 'audio/flac', 'audio/ogg', 'audio/mp4', 'audio/aac', 'audio/webm']) {
      const decoder = await decoderFor(type, new Uint8Array(16));
      expect(decoder, type).toBeDefined();
      await decoder?.ready;
      await decoder?.free();
    }
    expect(await decoderFor('video/mp4', new Uint8Array(16))).toBeUndefined();
  });
});
