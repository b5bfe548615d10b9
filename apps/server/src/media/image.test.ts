import { DEMO_ARTISTS, demoAvatarSvg, demoBannerSvg, demoCoverSvg, demoTrackSpecs } from '@platter/demo-music';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderSvg } from './image.js';

describe('renderSvg, with the demo catalogue artwork', () => {
  const specs = demoTrackSpecs();

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
