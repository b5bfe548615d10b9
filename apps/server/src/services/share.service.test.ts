import { describe, expect, it } from 'vitest';
import { renderPageFrame } from './share.service.js';

const PAGE = '<html><head></head><body><div id="home-shell"><div lang="en"><!--platter-frame--></div><div lang="ru"><!--platter-frame--></div></div></body></html>';
const covers = (html: string) => [...html.matchAll(/<img class="image image--[a-z]+ playlist-cover__image" src="([^"]+)"/g)].map((match) => match[1]);

describe("renderPageFrame: a playlist's header as PlaylistCover draws it", () => {
  it('its own cover wins over its tracks', () => {
    const html = renderPageFrame(PAGE, { page: 'playlist', name: 'Mix', owner: 'Ann', image: '/media/images/own.webp', covers: ['/a', '/b', '/c', '/d'] });
    expect(covers(html)).toEqual(['/media/images/own.webp', '/media/images/own.webp']);
    expect(html).not.toContain('playlist-cover--mosaic');
    expect(html).toContain('<link rel="preload" as="image" href="/media/images/own.webp" fetchpriority="high" />');
  });

  it('four track covers or more: a mosaic of the first four; fewer: the first alone', () => {
    const mosaic = renderPageFrame(PAGE, { page: 'playlist', name: 'Mix', owner: 'Ann', image: null, covers: ['/a', '/b', '/c', '/d', '/e'] });
    expect(mosaic.split('playlist-cover--large playlist-cover--mosaic')).toHaveLength(3);
    expect(covers(mosaic)).toEqual(['/a', '/b', '/c', '/d', '/a', '/b', '/c', '/d']);
    const few = renderPageFrame(PAGE, { page: 'playlist', name: 'Mix', owner: 'Ann', image: null, covers: ['/a', '/b'] });
    expect(covers(few)).toEqual(['/a', '/a']);
  });

  it('no cover at all: the placeholder, nothing preloaded; the name and owner escaped', () => {
    const html = renderPageFrame(PAGE, { page: 'playlist', name: '<b>Mix</b> $&', owner: 'A & B', image: null, covers: [] });
    expect(html).toContain('image--fallback playlist-cover__image');
    expect(html).not.toContain('rel="preload"');
    expect(html).toContain('<h2 class="playlist-details__name">&lt;b&gt;Mix&lt;/b&gt; $&amp;</h2><p class="playlist-details__meta">A &amp; B</p>');
  });
});
