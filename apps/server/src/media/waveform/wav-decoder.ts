import type { StreamingDecoder } from './decoders.js';

/**
 * A streaming reader of RIFF/WAVE PCM (8/16/24/32-bit integer, 32-bit float, plain or
 * WAVE_FORMAT_EXTENSIBLE): skips to the `data` chunk, then turns bytes into float channels.
 */
export class WavDecoder implements StreamingDecoder {
  readonly ready = Promise.resolve();
  private header = Buffer.alloc(0);
  private format: { channels: number; bytesPerSample: number; float: boolean } | undefined;
  private carry = Buffer.alloc(0);
  private inData = false;

  decode(chunk: Uint8Array): { channelData: Float32Array[] } {
    let bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    if (!this.inData) {
      this.header = Buffer.concat([this.header, bytes]);
      const start = this.findData();
      if (start === undefined) return { channelData: [] };
      bytes = this.header.subarray(start);
      this.header = Buffer.alloc(0);
      this.inData = true;
    }
    const format = this.format;
    if (!format) throw new Error('WAV data before its fmt chunk');
    const data = this.carry.length > 0 ? Buffer.concat([this.carry, bytes]) : bytes;
    const frameBytes = format.channels * format.bytesPerSample;
    const frames = Math.floor(data.length / frameBytes);
    this.carry = Buffer.from(data.subarray(frames * frameBytes));
    const channels = Array.from({ length: format.channels }, () => new Float32Array(frames));
    for (let f = 0; f < frames; f++) {
      for (let c = 0; c < format.channels; c++) {
        const at = f * frameBytes + c * format.bytesPerSample;
        (channels[c] as Float32Array)[f] = readSample(data, at, format.bytesPerSample, format.float);
      }
    }
    return { channelData: channels };
  }

  free(): void {}

  /** Offset of the first data byte once the header up to it has arrived; reads fmt on the way. */
  private findData(): number | undefined {
    const h = this.header;
    if (h.length < 12) return undefined;
    if (h.toString('latin1', 0, 4) !== 'RIFF' || h.toString('latin1', 8, 12) !== 'WAVE') throw new Error('Not a RIFF/WAVE file');
    let offset = 12;
    while (offset + 8 <= h.length) {
      const id = h.toString('latin1', offset, offset + 4);
      const size = h.readUInt32LE(offset + 4);
      if (id === 'data') {
        if (!this.format) throw new Error('WAV data before its fmt chunk');
        return offset + 8;
      }
      if (offset + 8 + size > h.length) return undefined;
      if (id === 'fmt ') {
        let tag = h.readUInt16LE(offset + 8);
        const channels = h.readUInt16LE(offset + 10);
        const bits = h.readUInt16LE(offset + 22);
        if (tag === 0xfffe && size >= 26) tag = h.readUInt16LE(offset + 32);
        if ((tag !== 1 && tag !== 3) || channels < 1 || ![8, 16, 24, 32].includes(bits)) throw new Error(`Unsupported WAV format ${tag}/${bits}`);
        this.format = { channels, bytesPerSample: bits / 8, float: tag === 3 };
      }
      offset += 8 + size + (size % 2);
    }
    return undefined;
  }
}

function readSample(data: Buffer, at: number, bytes: number, float: boolean): number {
  switch (bytes) {
    case 1:
      return (data.readUInt8(at) - 128) / 128;
    case 2:
      return data.readInt16LE(at) / 32768;
    case 3:
      return data.readIntLE(at, 3) / 8388608;
    default:
      return float ? data.readFloatLE(at) : data.readInt32LE(at) / 2147483648;
  }
}
