import { describe, expect, it } from 'vitest';
import { formatCount } from './format-count';

describe('formatCount', () => {
  const samples = [0, 7, 999, 1000, 1234, 9999, 10_000, 12_345, 999_999, 1_000_000, 1_234_567, 100_000_000, Number.MAX_SAFE_INTEGER];

  it.each(['en', 'en-US', 'ru', 'ru-RU'])('writes what Intl.NumberFormat writes in %s', (language) => {
    expect(samples.map((n) => formatCount(n, language))).toEqual(samples.map((n) => new Intl.NumberFormat(language).format(n)));
  });

  it('groups by three with the language separator', () => {
    expect(formatCount(1_234_567, 'en')).toBe('1,234,567');
    expect(formatCount(1_234_567, 'ru')).toBe('1\u00a0234\u00a0567');
  });

  it('leaves other languages and numbers that are not whole counts to Intl', () => {
    expect(formatCount(1234.5, 'en')).toBe(new Intl.NumberFormat('en').format(1234.5));
    expect(formatCount(-1234, 'ru')).toBe(new Intl.NumberFormat('ru').format(-1234));
    expect(formatCount(1_234_567, 'de')).toBe(new Intl.NumberFormat('de').format(1_234_567));
  });
});
