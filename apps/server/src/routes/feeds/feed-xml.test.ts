import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import type { Feed } from '../../services/feed.service.js';
import { renderAtom, renderRss, trackGuid } from './feed-xml.js';

const at = { origin: 'https://platter.example', rss: 'https://platter.example/artist/a/feed.rss', atom: 'https://platter.example/artist/a/feed.atom' };

function feedWith(title: string, description = 'About'): Feed {
  return {
    kind: 'artist',
    id: 'a',
    title,
    description,
    path: '/artist/a',
    author: title,
    authorPath: '/artist/a',
    image: null,
    updated: '2026-11-28T04:00:00.000Z',
    serial: false,
    language: 'en',
    items: [
      {
        trackId: 't1',
        title,
        path: '/track/t1',
        description,
        published: '2026-11-28T04:00:00.000Z',
        audio: { url: '/media/uploads/u/t1', size: 1234, contentType: 'audio/mpeg' },
        duration: 61.6,
        image: null,
        artist: title,
        genre: 'Dance',
        tags: [],
      },
    ],
  };
}

describe('feed XML', () => {
  it('drops characters XML 1.0 cannot hold (controls, a lone surrogate) and escapes the rest, so the feed stays readable', () => {
    const title = `Bad\u0001 \u0008title\uFFFF \uD800 <b>&amp;</b> "q" 🎧 Ёж`;
    for (const xml of [renderRss(feedWith(title), at), renderAtom(feedWith(title), at)]) {
      expect(XMLValidator.validate(xml)).toBe(true);
      // eslint-disable-next-line no-control-regex
      expect(xml).not.toMatch(/[\u0001\u0008\uFFFF]/);
      const parsed = new XMLParser({ processEntities: true, htmlEntities: false }).parse(xml) as { rss?: { channel: { title: string } }; feed?: { title: string } };
      expect(parsed.rss?.channel.title ?? parsed.feed?.title).toBe('Bad title  <b>&amp;</b> "q" 🎧 Ёж');
    }
  });

  it('states the enclosure’s length and type, the duration in whole seconds and the app icon when there is no cover', () => {
    const xml = renderRss(feedWith('Song'), at);
    expect(xml).toContain('<enclosure url="https://platter.example/media/uploads/u/t1" length="1234" type="audio/mpeg"/>');
    expect(xml).toContain('<itunes:duration>62</itunes:duration>');
    expect(xml).toContain('<itunes:image href="https://platter.example/icons/icon-512.png"/>');
    expect(xml).toContain(`<guid isPermaLink="false">${trackGuid('t1')}</guid>`);
  });
});
