import { FLACDecoder } from '@wasm-audio-decoders/flac';
import { OggVorbisDecoder } from '@wasm-audio-decoders/ogg-vorbis';
import { MPEGDecoder } from 'mpg123-decoder';
import { OggOpusDecoder } from 'ogg-opus-decoder';
import { WavDecoder } from './wav-decoder.js';

/** What each streaming WebAssembly decoder offers: feed chunks in order, get PCM channels back. */
export interface StreamingDecoder {
  ready: Promise<void>;
  decode(chunk: Uint8Array): Promise<{ channelData: Float32Array[] }> | { channelData: Float32Array[] };
  free(): void | Promise<void>;
}

/**
 * A decoder for the stored Content-Type, or undefined when Platter has none for it (m4a/aac and
 * WebM need a demuxer the project does not ship; their waveform is 'unavailable').
 */
export async function decoderFor(contentType: string, head: Uint8Array): Promise<StreamingDecoder | undefined> {
  switch (contentType) {
    case 'audio/mpeg':
      return new MPEGDecoder();
    case 'audio/wav':
      return new WavDecoder();
    case 'audio/flac':
      return new FLACDecoder();
    case 'audio/ogg':
      // Ogg holds Opus or Vorbis: the first page's codec header says which.
      return containsAscii(head, 'OpusHead') ? new OggOpusDecoder() : new OggVorbisDecoder();
    default:
      return undefined;
  }
}

function containsAscii(bytes: Uint8Array, text: string): boolean {
  return Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, 512)).includes(text, 0, 'latin1');
}
