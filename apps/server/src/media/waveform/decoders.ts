import { decoder as aacDecoder } from '@audio/decode-aac';
import { decoder as mp4Decoder } from '@audio/decode-mp4';
import { decoder as oggOpusDecoder } from '@audio/decode-opus';
import { decoder as webmDecoder } from '@audio/decode-webm';
import { FLACDecoder } from '@wasm-audio-decoders/flac';
import { OggVorbisDecoder } from '@wasm-audio-decoders/ogg-vorbis';
import { MPEGDecoder } from 'mpg123-decoder';
import { moovFirst } from './mp4-moov.js';
import { WavDecoder } from './wav-decoder.js';

type Decoded = { channelData: Float32Array[] };

/** What each streaming WebAssembly decoder offers: feed chunks in order, get PCM channels back. */
export interface StreamingDecoder {
  ready: Promise<void>;
  decode(chunk: Uint8Array): Promise<Decoded> | Decoded;
  /** The samples still held once the last chunk is in (decoders that keep a frame back). */
  flush?(): Promise<Decoded> | Decoded;
  free(): void | Promise<void>;
}

/** Where an MP4's moov box sits when it comes after the audio, and its bytes (read ahead by the service). */
export interface LateMoov {
  at: number;
  bytes: Uint8Array;
}

/**
 * A decoder for the stored Content-Type, or undefined when Platter has none for it. An MP4 whose
 * moov comes after its audio (`lateMoov`) is fed with that moov first, so it decodes as it streams.
 */
export async function decoderFor(contentType: string, head: Uint8Array, lateMoov?: LateMoov): Promise<StreamingDecoder | undefined> {
  switch (contentType) {
    case 'audio/mpeg':
      return new MPEGDecoder();
    case 'audio/wav':
      return new WavDecoder();
    case 'audio/flac':
      return new FLACDecoder();
    case 'audio/ogg':
      // Ogg holds Opus or Vorbis: the first page's codec header says which. ogg-opus-decoder 1.7.5
      // throws on an OpusTags packet spanning pages (opusenc's cover art); @audio/decode-opus does not.
      return containsAscii(head, 'OpusHead') ? audiojs(oggOpusDecoder) : new OggVorbisDecoder();
    case 'audio/mp4': {
      const decoder = audiojs(mp4Decoder);
      return lateMoov ? moovFirst(decoder, lateMoov) : decoder;
    }
    case 'audio/aac':
      return audiojs(aacDecoder);
    case 'audio/webm':
      return audiojs(webmDecoder);
    default:
      return undefined;
  }
}

interface AudiojsDecoder {
  decode(chunk: Uint8Array): Promise<Decoded> | Decoded;
  flush(): Promise<Decoded> | Decoded;
  free(): void;
}

/** A decoder of the audiojs family (@audio/decode-*), made by an async factory, as a StreamingDecoder. */
function audiojs(make: () => Promise<AudiojsDecoder>): StreamingDecoder {
  let decoder: AudiojsDecoder | undefined;
  const ready = make().then((made) => {
    decoder = made;
  });
  const started = () => {
    if (!decoder) throw new Error('decoder used before it was ready');
    return decoder;
  };
  return {
    ready,
    decode: (chunk) => started().decode(chunk),
    flush: () => started().flush(),
    free: () => decoder?.free(),
  };
}

function containsAscii(bytes: Uint8Array, text: string): boolean {
  return Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, 512)).includes(text, 0, 'latin1');
}
