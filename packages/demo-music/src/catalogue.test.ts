import { describe, expect, it } from 'vitest';
import { DEMO_ARTISTS, DEMO_GENRES, demoTrackSpecs } from './catalogue.js';

describe('demo catalogue', () => {
  const specs = demoTrackSpecs();

  it('has about 100 tracks with unique, stable keys', () => {
    expect(specs.length).toBeGreaterThanOrEqual(90);
    expect(specs.length).toBeLessThanOrEqual(110);
    expect(new Set(specs.map((s) => s.key)).size).toBe(specs.length);
    expect(specs[0]!.key).toBe('demo-001');
    expect(demoTrackSpecs()).toEqual(specs);
  });

  it('covers every genre, rap-side genres more than pop', () => {
    const count = (g: string): number => specs.filter((s) => s.genre === g).length;
    for (const genre of DEMO_GENRES) expect(count(genre)).toBeGreaterThan(0);
    expect(count('Pop')).toBeLessThan(count('Rap'));
  });

  it('keeps durations in [30, 60] s and tempos plausible', () => {
    for (const s of specs) {
      expect(s.durationSec).toBeGreaterThanOrEqual(30);
      expect(s.durationSec).toBeLessThanOrEqual(60);
      expect(s.bpm).toBeGreaterThanOrEqual(70);
      expect(s.bpm).toBeLessThanOrEqual(150);
      expect(Number.isInteger(s.seed)).toBe(true);
    }
  });

  it('has unique titles, some of them Cyrillic', () => {
    expect(new Set(specs.map((s) => s.title)).size).toBe(specs.length);
    expect(specs.some((s) => /[А-Яа-яЁё]/.test(s.title))).toBe(true);
    expect(specs.map((s) => s.title)).toContain('Ночной город');
  });

  it('has 6-8 artists with a creator and a premium, each owning 1-3 genres', () => {
    expect(DEMO_ARTISTS.length).toBeGreaterThanOrEqual(6);
    expect(DEMO_ARTISTS.length).toBeLessThanOrEqual(8);
    expect(DEMO_ARTISTS.some((a) => a.status === 'creator')).toBe(true);
    expect(DEMO_ARTISTS.some((a) => a.status === 'premium')).toBe(true);
    expect(new Set(DEMO_ARTISTS.map((a) => a.key)).size).toBe(DEMO_ARTISTS.length);
    for (const artist of DEMO_ARTISTS) {
      const genres = new Set(specs.filter((s) => s.artistKey === artist.key).map((s) => s.genre));
      expect(genres.size, artist.key).toBeGreaterThanOrEqual(1);
      expect(genres.size, artist.key).toBeLessThanOrEqual(3);
      expect(artist.bio.length).toBeGreaterThan(10);
    }
    const artistKeys = new Set(DEMO_ARTISTS.map((a) => a.key));
    for (const s of specs) expect(artistKeys.has(s.artistKey)).toBe(true);
  });
});
