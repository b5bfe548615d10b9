import { describe, expect, it } from 'vitest';
import { formatDay, parseRange } from './format';

describe('parseRange', () => {
  it('keeps 7, 30 and 90 and falls back to 30', () => {
    expect(parseRange('7')).toBe(7);
    expect(parseRange('90')).toBe(90);
    expect(parseRange(null)).toBe(30);
    expect(parseRange('365')).toBe(30);
    expect(parseRange('abc')).toBe(30);
  });
});

describe('formatDay', () => {
  it('formats the UTC day whatever the time zone', () => {
    expect(formatDay('2026-11-21', 'en-US', 'long')).toBe('Nov 21, 2026');
    expect(formatDay('2026-11-21', 'en-US', 'short')).toBe('Nov 21');
  });
});
