import { describe, expect, it } from 'vitest';
import { demoAvatarSvg, demoBannerSvg, demoCoverSvg } from './artwork.js';
import { DEMO_ARTISTS, demoTrackSpecs } from './catalogue.js';

describe('demo artwork', () => {
  const specs = demoTrackSpecs();

  it('draws the same cover for the same seed, and a distinct one for every track', () => {
    const first = specs[0]!;
    expect(demoCoverSvg(first)).toBe(demoCoverSvg({ ...first }));
    const covers = new Set(specs.map((spec) => demoCoverSvg(spec)));
    expect(covers.size).toBe(specs.length);
    // The seed decides, not the title: another seed is another picture.
    expect(demoCoverSvg({ ...first, seed: first.seed + 1 })).not.toBe(demoCoverSvg(first));
  });

  it('draws a distinct avatar and banner for every artist, the same on every run', () => {
    expect(new Set(DEMO_ARTISTS.map((a) => demoAvatarSvg(a, 'Phonk'))).size).toBe(DEMO_ARTISTS.length);
    expect(new Set(DEMO_ARTISTS.map((a) => demoBannerSvg(a, 'Phonk'))).size).toBe(DEMO_ARTISTS.length);
    const artist = DEMO_ARTISTS[0]!;
    expect(demoAvatarSvg(artist, 'Rap')).toBe(demoAvatarSvg({ key: artist.key }, 'Rap'));
  });
});
