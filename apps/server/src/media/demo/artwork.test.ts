import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderSvg } from '../image.js';
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

  it('renders to WebP at the pipeline sizes, byte for byte the same from the same seed', async () => {
    const spec = specs[3]!;
    const [a, b] = await Promise.all([renderSvg(demoCoverSvg(spec), 'track'), renderSvg(demoCoverSvg(spec), 'track')]);
    expect(a.equals(b)).toBe(true);
    expect(await sharp(a).metadata()).toMatchObject({ format: 'webp', width: 600, height: 600 });
    const other = await renderSvg(demoCoverSvg(specs[4]!), 'track');
    expect(other.equals(a)).toBe(false);
    // Not a flat fill: a picture has many colours.
    const { channels } = await sharp(a).stats();
    expect(channels.some((c) => c.stdev > 10)).toBe(true);
    expect(await sharp(await renderSvg(demoBannerSvg(DEMO_ARTISTS[1]!, 'Trap'), 'cover')).metadata()).toMatchObject({ width: 1600, height: 600 });
    expect(await sharp(await renderSvg(demoAvatarSvg(DEMO_ARTISTS[1]!, 'Trap'), 'avatar')).metadata()).toMatchObject({ width: 400, height: 400 });
  });
});
