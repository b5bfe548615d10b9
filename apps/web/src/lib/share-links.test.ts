import { describe, expect, it } from 'vitest';
import { releaseEmbedCode, trackEmbedCode } from './share-links';

const src = (code: string) => /<iframe src="([^"]*)"/.exec(code)?.[1]?.replace(/&amp;/g, '&');

describe('embed codes', () => {
  it("a track's iframe keeps an unlisted track's secret, a public one has none", () => {
    expect(src(trackEmbedCode({ id: 't1', title: 'A', artist: 'B' }, 'https://p.example'))).toBe('https://p.example/embed/track/t1');
    expect(src(trackEmbedCode({ id: 't1', title: 'A', artist: 'B', secret: 'k&1' }, 'https://p.example'))).toBe('https://p.example/embed/track/t1?s=k%261');
  });

  it("a release's iframe is /embed/release/:id, as tall as the player and its track list", () => {
    const code = releaseEmbedCode({ id: 'r 1', title: 'Tape', artist: 'Ann' }, 'https://p.example');
    expect(src(code)).toBe('https://p.example/embed/release/r%201');
    expect(code).toContain('height="380"');
    expect(code).toContain('title="Tape by Ann · Platter"');
  });
});
