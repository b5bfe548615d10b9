import { describe, expect, it } from 'vitest';
import { describeUserAgent } from './user-agent.js';

describe('describeUserAgent', () => {
  it('reads a desktop browser: no device kind means a computer', () => {
    const ua = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
    expect(describeUserAgent(ua)).toEqual({ deviceType: 'desktop', device: null, browser: 'Chrome 131', os: 'Windows 10' });
  });

  it('reads a phone with its vendor and model', () => {
    const ua = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
    expect(describeUserAgent(ua)).toEqual({ deviceType: 'mobile', device: 'Apple iPhone', browser: 'Mobile Safari 17', os: 'iOS 17' });
  });

  it('says "other" when there is no User-Agent or nothing in it is known', () => {
    expect(describeUserAgent(null)).toEqual({ deviceType: 'other', device: null, browser: null, os: null });
    expect(describeUserAgent('curl-like/1')).toMatchObject({ deviceType: 'other', browser: null, os: null });
  });
});
