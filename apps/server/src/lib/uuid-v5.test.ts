import { describe, expect, it } from 'vitest';
import { podcastGuid, uuidV5 } from './uuid-v5.js';

describe('uuidV5', () => {
  it('matches RFC 9562’s example (appendix A.4: the DNS namespace and www.example.com)', () => {
    expect(uuidV5('www.example.com', '6ba7b810-9dad-11d1-80b4-00c04fd430c8')).toBe('2ed6657d-e927-568b-95e1-2665a8aea6a2');
  });

  it('makes podcast:guid as the podcast namespace’s own example does (scheme and trailing slash dropped)', () => {
    expect(podcastGuid('https://mp3s.nashownotes.com/pc20rss.xml')).toBe('917393e3-1b1e-5cef-ace4-edaa54e1f810');
    expect(podcastGuid('http://mp3s.nashownotes.com/pc20rss.xml/')).toBe('917393e3-1b1e-5cef-ace4-edaa54e1f810');
  });
});
