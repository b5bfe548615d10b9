import { parseBuffer } from 'music-metadata';
import { describe, expect, it } from 'vitest';
import { demoTrackSpecs } from './catalogue.js';
import { encodeMp3 } from './encode.js';
import { renderTrack } from './synth.js';

describe('encodeMp3', () => {
  it('produces an MP3 whose duration matches the spec', async () => {
    const spec = { ...demoTrackSpecs().find((s) => s.genre === 'Trap')!, durationSec: 6 };
    const mp3 = await encodeMp3(renderTrack(spec, 44100), 44100);
    // MPEG frame sync at the very start: no ID3 tag, no junk.
    expect(mp3[0]).toBe(0xff);
    expect(mp3[1]! & 0xe0).toBe(0xe0);
    const { format } = await parseBuffer(mp3, { mimeType: 'audio/mpeg' }, { duration: true });
    expect(format.container).toBe('MPEG');
    expect(format.sampleRate).toBe(44100);
    expect(format.numberOfChannels).toBe(2);
    expect(format.duration).toBeDefined();
    expect(Math.abs(format.duration! - spec.durationSec)).toBeLessThan(0.5);
  });

  it('encodes mono too', async () => {
    const mono = new Float32Array(44100).map((_, i) => 0.5 * Math.sin((2 * Math.PI * 440 * i) / 44100));
    const mp3 = await encodeMp3([mono], 44100);
    const { format } = await parseBuffer(mp3, { mimeType: 'audio/mpeg' }, { duration: true });
    expect(format.numberOfChannels).toBe(1);
    expect(Math.abs(format.duration! - 1)).toBeLessThan(0.5);
  });
});
