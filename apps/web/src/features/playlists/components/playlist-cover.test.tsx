// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import '../../../testing/i18n';
import { mosaicCovers, PlaylistCover } from './playlist-cover';

afterEach(cleanup);

const srcs = () => [...screen.getByTestId('playlist-cover').querySelectorAll('img')].map((img) => img.getAttribute('src'));

describe('PlaylistCover', () => {
  it('is a 2×2 mosaic of the first four track covers, skipping tracks without one', () => {
    render(<PlaylistCover covers={['/a.webp', null, '/b.webp', '/c.webp', '/d.webp', '/e.webp']} size="large" />);
    expect(screen.getByTestId('playlist-cover').className).toContain('playlist-cover--mosaic');
    expect(srcs()).toEqual(['/a.webp', '/b.webp', '/c.webp', '/d.webp']);
  });

  it("the playlist's own cover wins over the mosaic", () => {
    render(<PlaylistCover image="/own.webp" covers={['/a.webp', '/b.webp', '/c.webp', '/d.webp']} size="small" />);
    expect(srcs()).toEqual(['/own.webp']);
    expect(screen.getByTestId('playlist-cover').className).not.toContain('mosaic');
  });

  it('fewer than four covers: the first alone; none: the placeholder, in the same box', () => {
    render(<PlaylistCover covers={[null, '/b.webp', '/c.webp']} size="small" />);
    expect(srcs()).toEqual(['/b.webp']);
    cleanup();
    render(<PlaylistCover covers={[null]} size="small" />);
    expect(srcs()[0]).toMatch(/^data:image\/svg\+xml/);
    expect(screen.getByTestId('playlist-cover').className).toContain('playlist-cover--small');
  });

  it('mosaicCovers keeps playlist order', () => {
    expect(mosaicCovers(['/z', '/a', null, '/m'])).toEqual(['/z', '/a', '/m']);
  });
});
